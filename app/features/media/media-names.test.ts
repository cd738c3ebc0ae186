import { describe, expect, it } from 'vitest'
import { compareViews, mediaNameError, MEDIA_TEXTS, parseMediaName, positionRank } from './media-names'

describe('parseMediaName', () => {
  it('splits style number, SKU and view; hyphens stay inside the parts', () => {
    expect(parseMediaName('DB-1001_DB-1001-BLK-S_front.jpg')).toEqual({
      ok: true,
      styleNumber: 'DB-1001',
      sku: 'DB-1001-BLK-S',
      view: 'front',
      extension: 'jpg',
    })
    expect(parseMediaName('A1_B2_3.WEBP')).toMatchObject({ ok: true, view: '3', extension: 'webp' })
  })

  it('refuses names that do not follow the convention', () => {
    for (const name of ['front.jpg', 'A_B.jpg', 'A_B_C_D.jpg', 'A__C.jpg', 'A_B_C.gif', 'A_B_C', '.jpg', 'A_B_ .png']) {
      expect(parseMediaName(name), name).toEqual({ ok: false })
    }
  })
})

describe('view order', () => {
  it('puts numbered views first by number, then the named views, then the rest by name', () => {
    const views = ['zoom', 'back', '10', 'detail', '2', 'front', 'alt', 'side']
    expect([...views].sort(compareViews)).toEqual(['2', '10', 'front', 'back', 'side', 'detail', 'alt', 'zoom'])
  })
})

describe('mediaNameError', () => {
  it('accepts the four image types and names what is wrong otherwise', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.webp']) expect(mediaNameError(name), name).toBeNull()
    expect(mediaNameError('a.gif')).toBe(MEDIA_TEXTS.batchFailed)
    expect(mediaNameError('a')).toBe(MEDIA_TEXTS.batchFailed)
    expect(mediaNameError('  ')).toBe('Name the file.')
    expect(mediaNameError(`${'x'.repeat(200)}.jpg`)).toMatch(/at most 200/)
    expect(mediaNameError('../a.jpg')).toMatch(/slashes/)
    expect(mediaNameError('a\u0000.jpg')).toMatch(/control/)
  })
})

describe('positionRank', () => {
  it('sorts 0 (and below) last', () => {
    expect([0, 3, 1, 2].sort((a, b) => positionRank(a) - positionRank(b))).toEqual([1, 2, 3, 0])
  })
})
