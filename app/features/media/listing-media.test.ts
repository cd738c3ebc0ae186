import { describe, expect, it } from 'vitest'
import { orderedMedia } from './listing-media'

describe('the photos of a listing from its media map', () => {
  it('orders by position with 0 last, and leaves out items without a file', () => {
    const media = orderedMedia({
      detail: { key: 'd', name: 'detail', position: 0, src: '/d.png' },
      back: { key: 'b', name: 'back', position: 2, assetUrl: 'https://cdn.test/b.png' },
      front: { key: 'f', name: 'front', position: 1, assets: { image: { path: 'brands/k/f.jpg' } } },
      uploading: { key: 'u', name: 'uploading', position: 3, progress: 0.4 },
      broken: 'not an item',
    })
    expect(media.map((item) => [item.key, item.source])).toEqual([
      ['f', { blob: 'brands/k/f.jpg' }],
      ['b', { url: 'https://cdn.test/b.png' }],
      ['d', { url: '/d.png' }],
    ])
  })

  it('never takes a script address, another site without a scheme, or a way out of the store', () => {
    const media = orderedMedia({
      script: { key: 's', position: 1, src: 'javascript:alert(1)' },
      protocolRelative: { key: 'p', position: 2, src: '//evil.test/a.png' },
      up: { key: 'u', position: 3, path: 'brands/k/../../secrets' },
      scheme: { key: 'c', position: 4, path: 'file:/etc/passwd' },
    })
    expect(media).toEqual([])
  })

  it('prefers the stored file to an address', () => {
    const [item] = orderedMedia({
      front: { path: 'brands/k/front.jpg', src: 'https://old.test/front.jpg', position: 1 },
    })
    expect(item?.source).toEqual({ blob: 'brands/k/front.jpg' })
    expect(item?.key).toBe('front')
  })
})
