import { describe, expect, it } from 'vitest'
import { listingImages } from './listing-edit.server'

describe('listing images from the media map', () => {
  it('orders by position with 0 last, and leaves out items without an address', () => {
    const images = listingImages({
      detail: { key: 'd', name: 'detail', position: 0, src: '/d.png' },
      back: { key: 'b', name: 'back', position: 2, assetUrl: 'https://cdn.test/b.png' },
      front: { key: 'f', name: 'front', position: 1, assets: { image: { path: '/f.png' } } },
      uploading: { key: 'u', name: 'uploading', position: 3, progress: 0.4 },
      script: { key: 's', name: 'script', position: 4, src: 'javascript:alert(1)' },
      broken: 'not an item',
    })
    expect(images.map((image) => [image.key, image.src])).toEqual([
      ['f', '/f.png'],
      ['b', 'https://cdn.test/b.png'],
      ['d', '/d.png'],
    ])
  })
})
