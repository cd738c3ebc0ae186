import { describe, expect, it } from 'vitest'
import { MARKUP_COLOURS, type Shape } from '#app/features/samples/markup/shapes'
import {
  DEFAULT_OPACITY,
  compareQuery,
  olderFirst,
  parseCompareState,
  parseOpacity,
  pictureShapes,
} from './compare-view'

describe('compare view', () => {
  it('reads the opacity as a whole percent within 0–100', () => {
    expect(parseOpacity('35')).toBe(35)
    expect(parseOpacity('0')).toBe(0)
    expect(parseOpacity('100')).toBe(100)
    expect(parseOpacity('33.6')).toBe(34)
    expect(parseOpacity('-20')).toBe(0)
    expect(parseOpacity('250')).toBe(100)
  })

  it('falls back to the default opacity for a missing or unreadable value', () => {
    expect(DEFAULT_OPACITY).toBe(50)
    for (const value of [null, undefined, '', '  ', 'half', 'NaN', 'Infinity', '1e999']) {
      expect(parseOpacity(value)).toBe(DEFAULT_OPACITY)
    }
  })

  it('shows markup side by side by default; overlay and hidden markup are asked for', () => {
    expect(parseCompareState(new URLSearchParams(''))).toEqual({ showMarkup: true, overlay: false, opacity: 50 })
    expect(parseCompareState(new URLSearchParams('compareMarkup=off&overlay=on&opacity=80'))).toEqual({
      showMarkup: false,
      overlay: true,
      opacity: 80,
    })
    // Only the exact words switch: anything else keeps the default.
    expect(parseCompareState(new URLSearchParams('compareMarkup=no&overlay=yes'))).toMatchObject({
      showMarkup: true,
      overlay: false,
    })
  })

  it('leaves defaults out of the address and round-trips the rest', () => {
    expect(compareQuery({ showMarkup: true, overlay: false, opacity: DEFAULT_OPACITY })).toEqual({
      compareMarkup: null,
      overlay: null,
      opacity: null,
    })
    const state = { showMarkup: false, overlay: true, opacity: 20 }
    const query = new URLSearchParams()
    for (const [name, value] of Object.entries(compareQuery(state))) if (value !== null) query.set(name, value)
    expect(query.toString()).toBe('compareMarkup=off&overlay=on&opacity=20')
    expect(parseCompareState(query)).toEqual(state)
  })

  it('puts the older version first, whichever is open', () => {
    const one = { key: 'a', version: 1 }
    const two = { key: 'b', version: 2 }
    expect(olderFirst(two, one)).toEqual([one, two])
    expect(olderFirst(one, two)).toEqual([one, two])
  })

  it('draws no 3D pin over a picture', () => {
    const base = { colour: MARKUP_COLOURS.red, author: 'acct1', created: 1 }
    const rect: Shape = { ...base, id: 'r1', kind: 'rect', strokeWidth: 0.004, x: 0.1, y: 0.1, width: 0.2, height: 0.2 }
    const pin3d: Shape = {
      ...base,
      id: 'p1',
      kind: 'pin3d',
      strokeWidth: 0,
      position: { x: 0, y: 1, z: 0 },
      normal: { x: 0, y: 0, z: 1 },
      camera: { theta: 0, phi: 1, radius: 2, target: { x: 0, y: 1, z: 0 }, fov: 30 },
      number: 1,
      resolved: false,
    }
    expect(pictureShapes([rect, pin3d])).toEqual([rect])
  })
})
