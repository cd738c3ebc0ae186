import { describe, expect, it } from 'vitest'
import {
  BRAND_IMAGE_SLOTS,
  SLOT_SPECS,
  clampCrop,
  defaultCrop,
  fitAspect,
  isBrandImageSlot,
  nudgeCrop,
  parseCropFields,
  rectFromPoints,
  toPixelRect,
} from './crop'

describe('slots', () => {
  it('are the logo, hero, login background and the six grid images', () => {
    expect(BRAND_IMAGE_SLOTS).toEqual([
      'logo',
      'hero',
      'login_background',
      'image_2',
      'image_3',
      'image_4',
      'image_5',
      'image_6',
      'image_7',
    ])
    expect(isBrandImageSlot('image_7')).toBe(true)
    expect(isBrandImageSlot('image_8')).toBe(false)
    expect(isBrandImageSlot('../logo')).toBe(false)
  })

  it('carry the suggested sizes of the spec', () => {
    expect(SLOT_SPECS.logo.hint).toBe('Suggested logo is at least 200 px high')
    expect(SLOT_SPECS.login_background.hint).toBe('Suggested background is at least 1920 px wide')
    expect(SLOT_SPECS.image_2.aspect).toBe(0.75)
  })
})

describe('crop rectangles', () => {
  it('default to the whole image, or the largest centred rectangle of a fixed aspect', () => {
    expect(defaultCrop(800, 600, null)).toEqual({ x: 0, y: 0, width: 100, height: 100 })
    expect(defaultCrop(800, 600, 1)).toEqual({ x: 12.5, y: 0, width: 75, height: 100 })
    expect(defaultCrop(600, 800, 1)).toEqual({ x: 0, y: 12.5, width: 100, height: 75 })
  })

  it('stay inside the image', () => {
    expect(clampCrop({ x: -10, y: 90, width: 50, height: 50 })).toEqual({ x: 0, y: 90, width: 40, height: 10 })
    expect(clampCrop({ x: 100, y: 0, width: 10, height: 10 })).toBeNull()
    expect(clampCrop({ x: Number.NaN, y: 0, width: 10, height: 10 })).toBeNull()
  })

  it('shrink to a fixed aspect around their centre', () => {
    // 50 % of 800 × 100 % of 600 = 400 × 600 px → square 400 × 400, centred vertically.
    const square = fitAspect({ x: 0, y: 0, width: 50, height: 100 }, 800, 600, 1)
    expect(square).toEqual({ x: 0, y: 16.67, width: 50, height: 66.67 })
    expect(fitAspect({ x: 5, y: 5, width: 10, height: 10 }, 800, 600, null)).toEqual({
      x: 5,
      y: 5,
      width: 10,
      height: 10,
    })
  })

  it('become whole pixels inside the image', () => {
    expect(toPixelRect({ x: 12.5, y: 0, width: 75, height: 100 }, 800, 600)).toEqual({
      left: 100,
      top: 0,
      width: 600,
      height: 600,
    })
    expect(toPixelRect({ x: 99.99, y: 99.99, width: 0.01, height: 0.01 }, 10, 10)).toEqual({
      left: 9,
      top: 9,
      width: 1,
      height: 1,
    })
  })

  it('come from form fields: all empty, a rectangle, or invalid', () => {
    expect(parseCropFields({})).toEqual({ kind: 'none' })
    expect(parseCropFields({ x: '10', y: '10', width: '50', height: '40' })).toEqual({
      kind: 'rect',
      rect: { x: 10, y: 10, width: 50, height: 40 },
    })
    expect(parseCropFields({ x: '10', y: '', width: '50', height: '40' })).toEqual({ kind: 'invalid' })
    expect(parseCropFields({ x: 'a', y: '1', width: '50', height: '40' })).toEqual({ kind: 'invalid' })
    expect(parseCropFields({ x: '0', y: '0', width: '0', height: '40' })).toEqual({ kind: 'invalid' })
  })

  it('come from a pointer drag in either direction, and move by keyboard within the image', () => {
    expect(rectFromPoints({ x: 60, y: 70 }, { x: 10, y: 20 }, 100, 100, null)).toEqual({
      x: 10,
      y: 20,
      width: 50,
      height: 50,
    })
    expect(rectFromPoints({ x: 10, y: 10 }, { x: 10.5, y: 50 }, 100, 100, null)).toBeNull()
    expect(nudgeCrop({ x: 95, y: 0, width: 10, height: 10 }, 1, -1)).toEqual({ x: 90, y: 0, width: 10, height: 10 })
  })
})
