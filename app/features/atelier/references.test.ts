import { describe, expect, it } from 'vitest'
import {
  ASPECT_RATIOS,
  MAX_FOLDER_DEPTH,
  aspectRatioOf,
  assetProgress,
  isWithin,
  joinPath,
  parsePath,
  parsePositions,
  parseTags,
  rebasePath,
  referenceStep,
} from './references'

describe('parsePath', () => {
  it('reads comma-joined keys root first, dropping blanks and empty segments', () => {
    expect(parsePath('a1, b2,,')).toEqual({ ok: true, path: ['a1', 'b2'] })
    expect(parsePath('')).toEqual({ ok: true, path: [] })
    expect(parsePath(undefined)).toEqual({ ok: true, path: [] })
    expect(parsePath(['x', ' y '])).toEqual({ ok: true, path: ['x', 'y'] })
    expect(joinPath(['a1', 'b2'])).toBe('a1,b2')
  })

  it('refuses keys that are not keys, repeats, non-text and paths deeper than the limit', () => {
    expect(parsePath('a1,../etc')).toMatchObject({ ok: false, message: 'path: "../etc" is not a folder key.' })
    expect(parsePath('a1,a1')).toMatchObject({ ok: false, message: 'path: the folder a1 appears twice.' })
    expect(parsePath(42)).toMatchObject({ ok: false })
    expect(parsePath([1])).toMatchObject({ ok: false })
    const deep = Array.from({ length: MAX_FOLDER_DEPTH + 1 }, (_, i) => `k${i}`).join(',')
    expect(parsePath(deep)).toMatchObject({
      ok: false,
      message: `path: folders nest at most ${MAX_FOLDER_DEPTH} deep.`,
    })
  })
})

describe('rebasePath', () => {
  it('moves what is inside a folder along with it and leaves the rest', () => {
    // Folder f sat at [a]; it moves to [x, y].
    expect(rebasePath(['a', 'f', 'g'], 'f', ['a'], ['x', 'y'])).toEqual(['x', 'y', 'f', 'g'])
    expect(rebasePath(['a', 'f'], 'f', ['a'], [])).toEqual(['f'])
    expect(rebasePath(['a', 'h'], 'f', ['a'], ['x'])).toEqual(['a', 'h'])
    expect(isWithin(['a', 'f', 'g'], ['a'], 'f')).toBe(true)
    expect(isWithin(['a'], ['a'], 'f')).toBe(false)
  })
})

describe('parsePositions', () => {
  it('reads key:index pairs joined by semicolons', () => {
    expect(parsePositions('a1:1;b2:2;')).toEqual({
      ok: true,
      positions: [
        { key: 'a1', position: 1 },
        { key: 'b2', position: 2 },
      ],
    })
    expect(parsePositions(' a1 : 0 ')).toEqual({ ok: true, positions: [{ key: 'a1', position: 0 }] })
  })

  it('refuses empty, malformed, negative and repeated pairs with a message naming them', () => {
    expect(parsePositions('')).toMatchObject({ ok: false })
    expect(parsePositions(';;')).toMatchObject({ ok: false, message: 'positions: name at least one key:index pair.' })
    expect(parsePositions('a1:x')).toMatchObject({ ok: false, message: 'positions: "a1:x" is not a key:index pair.' })
    expect(parsePositions('a1:-1')).toMatchObject({ ok: false })
    expect(parsePositions('a1:1;a1:2')).toMatchObject({ ok: false, message: 'positions: a1 appears twice.' })
    expect(parsePositions({ a1: 1 })).toMatchObject({ ok: false })
  })
})

describe('referenceStep', () => {
  it('maps model, asset_type and tags to the wizard step it counts for', () => {
    expect(referenceStep({ model: 'Techpack', tags: [] })).toEqual({ step: 'techpack', kind: null })
    expect(referenceStep({ model: 'Graphics', tags: [] })).toEqual({ step: 'graphics', kind: 'graphic' })
    expect(referenceStep({ model: 'Graphics', tags: [], assetType: 'print' })).toEqual({
      step: 'graphics',
      kind: 'print',
    })
    expect(referenceStep({ model: 'Style', tags: [], assetType: 'pattern' })).toEqual({ step: 'patterns', kind: null })
    expect(referenceStep({ model: 'Style', tags: [], assetType: '3d-cad-pattern' }).step).toBe('patterns')
    expect(referenceStep({ model: 'Style', tags: ['final'] })).toEqual({ step: 'final', kind: null })
    expect(referenceStep({ model: 'Style', tags: [] })).toEqual({ step: 'references', kind: null })
    expect(referenceStep({ model: 'Style', tags: [], assetType: 'virtual-sample' })).toEqual({
      step: 'samples',
      kind: null,
    })
    // A tech pack file tagged final is still the tech pack's: Final Files lists it by its tag.
    expect(referenceStep({ model: 'Techpack', tags: ['final'] }).step).toBe('techpack')
  })
})

describe('parseTags', () => {
  it('takes final or none, as a list or text', () => {
    expect(parseTags(['final'])).toEqual({ ok: true, tags: ['final'] })
    expect(parseTags('Final')).toEqual({ ok: true, tags: ['final'] })
    expect(parseTags([])).toEqual({ ok: true, tags: [] })
    expect(parseTags('')).toEqual({ ok: true, tags: [] })
    expect(parseTags(['approved'])).toEqual({ ok: false, message: 'tags: "final" or none.' })
    expect(parseTags({ final: true })).toMatchObject({ ok: false })
  })
})

describe('aspectRatioOf', () => {
  it('knows the seven ratios of atelier.md §5, width to height', () => {
    const sizes: Record<string, [number, number]> = {
      '1-1': [800, 800],
      '2-3': [800, 1200],
      '1-2': [600, 1200],
      '3-4': [900, 1200],
      '16-9': [1920, 1080],
      '9-16': [1080, 1920],
      '16-7': [1600, 700],
    }
    for (const ratio of ASPECT_RATIOS) expect(aspectRatioOf(...sizes[ratio]!)).toBe(ratio)
  })

  it('allows 2 % off a ratio and refuses the rest', () => {
    expect(aspectRatioOf(1200, 1799)).toBe('2-3')
    expect(aspectRatioOf(1080, 1350)).toBeNull() // 4:5
    expect(aspectRatioOf(1600, 1200)).toBeNull() // 4:3, landscape: only 3-4 portrait is listed
    expect(aspectRatioOf(0, 100)).toBeNull()
  })
})

describe('assetProgress', () => {
  it('is 0 while uploading or scanned, 1 once available, -1 when refused or gone', () => {
    expect(assetProgress('uploading')).toBe(0)
    expect(assetProgress('scanning')).toBe(0)
    expect(assetProgress('available')).toBe(1)
    expect(assetProgress('quarantined')).toBe(-1)
    expect(assetProgress(null)).toBe(-1)
  })
})
