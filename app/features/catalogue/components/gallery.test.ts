import { describe, expect, it } from 'vitest'
import { galleryImages, imageIndex, neighbours, PLACEHOLDER_IMAGES } from './gallery'

describe('the gallery', () => {
  it('wraps around at both ends', () => {
    expect(neighbours(0, 3)).toEqual({ previous: 3, next: 2 })
    expect(neighbours(2, 3)).toEqual({ previous: 2, next: 1 })
    expect(neighbours(0, 1)).toEqual({ previous: 1, next: 1 })
  })

  it('reads ?image=n (1-based), clamped into the list', () => {
    expect(imageIndex('?image=2', 3)).toBe(1)
    expect(imageIndex('?image=9', 3)).toBe(2)
    expect(imageIndex('?image=0', 3)).toBe(0)
    expect(imageIndex('?image=x', 3)).toBe(0)
    expect(imageIndex('', 3)).toBe(0)
  })

  it('stands three placeholders in for no photos', () => {
    expect(galleryImages([])).toEqual(PLACEHOLDER_IMAGES)
    expect(PLACEHOLDER_IMAGES).toHaveLength(3)
    const photo = { key: 'm1', name: 'front', src: '/a.png' }
    expect(galleryImages([photo])).toEqual([photo])
  })
})
