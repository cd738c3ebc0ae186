import { describe, expect, it } from 'vitest'
import { thumbnailPath } from './thumbnail'

describe('thumbnail paths', () => {
  it('put _300x400 before the extension', () => {
    expect(thumbnailPath('brands/k/listings/shirt-front.jpg')).toBe('brands/k/listings/shirt-front_300x400.jpg')
    expect(thumbnailPath('a.b/photo.png')).toBe('a.b/photo_300x400.png')
    expect(thumbnailPath('a.b/photo')).toBe('a.b/photo_300x400')
  })
})
