import { describe, expect, it } from 'vitest'
import { NO_SWATCH_KNOWN, normalizeHex, normalizePantone, pantoneSwatch, swatchOf } from './pantone'

describe('normalizePantone', () => {
  it('writes fashion codes as NN-NNNN and their edition', () => {
    expect(normalizePantone('19-4052 TCX')).toBe('19-4052 TCX')
    expect(normalizePantone('pantone 19-4052tcx')).toBe('19-4052 TCX')
    expect(normalizePantone('  PANTONE   194052  tpg ')).toBe('19-4052 TPG')
    expect(normalizePantone('19-4052')).toBe('19-4052')
  })

  it('writes graphics codes by number or name with their finish', () => {
    expect(normalizePantone('185c')).toBe('185 C')
    expect(normalizePantone('Pantone 2685 U')).toBe('2685 U')
    expect(normalizePantone('warm red c')).toBe('Warm Red C')
    expect(normalizePantone('COOL GRAY 11 C')).toBe('Cool Gray 11 C')
  })

  it('refuses what is not a code', () => {
    for (const text of ['', 'navy', '19-40', '185', '#0F4C81', 'x'.repeat(41), '19-4052 ABC']) {
      expect(normalizePantone(text), text).toBeNull()
    }
  })
})

describe('normalizeHex', () => {
  it('accepts #RRGGBB in either case, with or without the #', () => {
    expect(normalizeHex('#0f4c81')).toBe('#0F4C81')
    expect(normalizeHex('0F4C81')).toBe('#0F4C81')
  })

  it('refuses short forms, names and stray characters', () => {
    for (const text of ['#fff', 'navy', '#0F4C8', '#0F4C811', '#0G4C81', '', ' # 0F4C81']) {
      expect(normalizeHex(text), text).toBeNull()
    }
  })
})

describe('swatches', () => {
  it('knows the published colours of the table, any edition of a fashion code', () => {
    expect(pantoneSwatch('19-4052 TCX')).toBe('#0F4C81')
    expect(pantoneSwatch('19-4052 TPG')).toBe('#0F4C81')
    expect(pantoneSwatch('PANTONE 185 C')).toBe('#E4002B')
  })

  it('knows no swatch for a valid code outside the table', () => {
    expect(pantoneSwatch('11-1234 TCX')).toBeNull()
    expect(NO_SWATCH_KNOWN).toBe('No swatch known for this code')
  })

  it('shows the hex code first: it is the colour that counts', () => {
    expect(swatchOf({ hexcode: '#112233', pantone: '19-4052 TCX' })).toBe('#112233')
    expect(swatchOf({ hexcode: '', pantone: '19-4052 TCX' })).toBe('#0F4C81')
    expect(swatchOf({ hexcode: '', pantone: '11-1234 TCX' })).toBeNull()
  })
})
