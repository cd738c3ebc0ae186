// The line sheet's rules without a PDF: listings grouped into style cards, prices as a price list
// reads them, the form's options at their bounds, the refusal at 1,000 listings.
import { describe, expect, it } from 'vitest'
import {
  LINE_SHEET_MAX_LISTINGS,
  LINE_SHEET_TEXTS,
  LINE_SHEET_TITLE_MAX,
  defaultLineSheetTitle,
  formatAmount,
  lineSheetFilename,
  lineSheetRefusal,
  parseLineSheetOptions,
  styleCards,
  type LineSheetListing,
} from './line-sheet'

const listing = (over: Partial<LineSheetListing>): LineSheetListing => ({
  style: 'style-a',
  style_name: 'Robe d’été à fleurs',
  style_number: 'RE-100',
  size: null,
  color: null,
  wholesale_prices: [],
  picture: null,
  ...over,
})

describe('style cards', () => {
  it('make one card per style, with its colours, sizes by their number and price ranges', () => {
    const cards = styleCards(
      [
        listing({
          size: { name: 'L', number: 3 },
          color: { name: 'Navy', hexCode: '#1F2A44' },
          wholesale_prices: [{ number: 50, currency: 'USD' }],
        }),
        listing({
          size: { name: 'S', number: 1 },
          color: { name: 'Ecru', hexCode: 'nothex' },
          wholesale_prices: [
            { number: 45, currency: 'USD' },
            { number: 40.5, currency: 'EUR' },
          ],
          picture: 'p_300x400.jpg',
        }),
        listing({
          style: 'style-b',
          style_name: 'ワンピース',
          style_number: 'JP-1',
          size: { name: 'M', number: 2 },
          color: { name: 'navy' },
        }),
        listing({
          size: { name: 'M', number: 2 },
          color: { name: 'NAVY' },
          wholesale_prices: [{ number: 45, currency: 'USD' }],
        }),
      ],
      2.2,
    )
    expect(cards).toHaveLength(2)
    expect(cards[0]).toEqual({
      name: 'Robe d’été à fleurs',
      number: 'RE-100',
      colours: [
        { name: 'Navy', hex: '#1f2a44' },
        { name: 'Ecru', hex: null },
      ],
      sizes: ['S', 'M', 'L'],
      wholesale: ['45–50 USD', '40.50 EUR'],
      retail: ['99–110 USD', '89.10 EUR'],
      picture: 'p_300x400.jpg',
    })
    expect(cards[1]).toMatchObject({
      name: 'ワンピース',
      colours: [{ name: 'navy', hex: null }],
      sizes: ['M'],
      wholesale: [],
      retail: [],
    })
  })

  it('group listings without a style by number and name, and print no retail without a markup', () => {
    const cards = styleCards(
      [
        listing({ style: null, style_number: 'X', wholesale_prices: [{ number: 10, currency: 'USD' }] }),
        listing({ style: null, style_number: 'X' }),
        listing({ style: null, style_number: 'Y' }),
      ],
      null,
    )
    expect(cards.map((card) => [card.number, card.wholesale, card.retail])).toEqual([
      ['X', ['10 USD'], []],
      ['Y', [], []],
    ])
  })

  it('read amounts as a price list does', () => {
    expect([45, 40.5, 40.499, 0.1 + 0.2, 99.999].map(formatAmount)).toEqual(['45', '40.50', '40.50', '0.30', '100'])
  })
})

describe('the line sheet form', () => {
  const parse = (query: string) => parseLineSheetOptions(new URLSearchParams(query), 'Spring 2026')

  it('takes the list’s title unless another is written, and a markup from 1 to 10', () => {
    expect(parse('')).toEqual({ ok: true, options: { title: 'Spring 2026', markup: null } })
    expect(parse('title=%20Buyers%20SS27%20&markup=2,2')).toEqual({
      ok: true,
      options: { title: 'Buyers SS27', markup: 2.2 },
    })
    expect(parse('markup=1')).toMatchObject({ ok: true, options: { markup: 1 } })
    expect(parse('markup=10')).toMatchObject({ ok: true, options: { markup: 10 } })
  })

  it.each(['0.999', '10.001', '-2', 'two', '1e1', 'Infinity', '2.2.2', '100'])('refuses the markup %s', (markup) => {
    expect(parse(`markup=${encodeURIComponent(markup)}`)).toEqual({ ok: false, error: LINE_SHEET_TEXTS.markup })
  })

  it('takes a title up to its bound, and refuses longer ones and control characters', () => {
    expect(parse(`title=${'é'.repeat(LINE_SHEET_TITLE_MAX)}`)).toMatchObject({ ok: true })
    expect(parse(`title=${'é'.repeat(LINE_SHEET_TITLE_MAX + 1)}`)).toEqual({ ok: false, error: LINE_SHEET_TEXTS.title })
    for (const bad of ['\u0000', '\u0007', '\u202e', '\u0085']) {
      expect(parse(`title=${encodeURIComponent(`A${bad}B`)}`)).toEqual({ ok: false, error: LINE_SHEET_TEXTS.title })
    }
  })
})

describe('what a line sheet is made of', () => {
  it('is refused for an empty list and beyond 1,000 listings, exactly at the bound', () => {
    expect(lineSheetRefusal(0, '0')).toBe(LINE_SHEET_TEXTS.empty)
    expect(lineSheetRefusal(1, '1')).toBeNull()
    expect(lineSheetRefusal(LINE_SHEET_MAX_LISTINGS, '1,000')).toBeNull()
    expect(lineSheetRefusal(LINE_SHEET_MAX_LISTINGS + 1, '1,001')).toBe(
      'A line sheet holds up to 1,000 products; this list has 1,001. Narrow it to a line or collection first.',
    )
  })

  it('is titled by the collections chosen, else the lines, else all products', () => {
    expect(defaultLineSheetTitle({ collections: ['Dresses', 'Knits'], lines: ['Spring'] })).toBe('Dresses · Knits')
    expect(defaultLineSheetTitle({ collections: [], lines: ['Spring 2026'] })).toBe('Spring 2026')
    expect(defaultLineSheetTitle({ collections: [], lines: [] })).toBe('All products')
    expect(defaultLineSheetTitle({ collections: ['x'.repeat(200)], lines: [] })).toHaveLength(LINE_SHEET_TITLE_MAX)
  })

  it('is named by its title in any script and its day', () => {
    expect(lineSheetFilename('Robe d’été / 夏 2026', '2026-12-07')).toBe('line-sheet-Robe-d-été-夏-2026-2026-12-07.pdf')
    expect(lineSheetFilename('***', '2026-12-07')).toBe('line-sheet-products-2026-12-07.pdf')
    // Cut at 60 letters, never inside one outside the basic plane (which no header could carry).
    const astral = lineSheetFilename(`${'a'.repeat(59)}𠀀𠀀`, '2026-12-07')
    expect(astral).toBe(`line-sheet-${'a'.repeat(59)}𠀀-2026-12-07.pdf`)
    expect(() => encodeURIComponent(astral)).not.toThrow()
  })
})
