import { describe, expect, it } from 'vitest'
import { thumbnailPath } from './thumbnail'

describe('thumbnail paths', () => {
  it('put _300x400 before the extension', () => {
    expect(thumbnailPath('brands/k/listings/shirt-front.jpg')).toBe('brands/k/listings/shirt-front_300x400.jpg')
    expect(thumbnailPath('a.b/photo.png')).toBe('a.b/photo_300x400.png')
    expect(thumbnailPath('a.b/photo')).toBe('a.b/photo_300x400')
  })

  it('keep a query string or fragment after the suffix', () => {
    expect(thumbnailPath('/blobs/front.jpg?sig=1.2')).toBe('/blobs/front_300x400.jpg?sig=1.2')
    expect(thumbnailPath('https://cdn.test/a/front.png#top')).toBe('https://cdn.test/a/front_300x400.png#top')
  })
})
