import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { NAME_MESSAGES } from '#app/platform/name-rule'
import { IMPORT_FIELDS } from './fields'
import { checkGtin, gtinCheckDigit, looksScientific } from './identifiers'
import { IMPORT_MESSAGES } from './messages'
import { describeErrors, failedRowsLines } from './failed-rows'
import {
  duplicateRows,
  emptyRefs,
  matchHeaders,
  parseWholesalePrices,
  rowValues,
  validateRow,
  type ImportRefs,
} from './validate'

const refs = (): ImportRefs => ({
  ...emptyRefs(),
  lines: new Map([['main line', { key: 'ln1', name: 'Main Line' }]]),
  collections: new Map([
    ['resort 2026', { key: 'co1', name: 'Resort 2026', lineKey: 'ln1' }],
    ['other', { key: 'co2', name: 'Other', lineKey: 'ln2' }],
  ]),
  categories: new Map([
    ['shirts', { key: 'ca1', name: 'Shirts' }],
    ['tops', { key: 'ca2', name: 'Tops' }],
  ]),
})

const good = {
  'Listing Unique Id': 'SS26-001-BLK-M',
  'Style Name': 'Linen Camp Shirt',
  'Style Number': 'SS26-001',
}
const check = (values: Record<string, string>, present = Object.keys(values)) =>
  validateRow(values, new Set(present), refs())

describe('validateRow', () => {
  it('turns a good row into the listing columns it sets', () => {
    const { issues, target } = check({
      ...good,
      UPC: '012345678905',
      Units: '120',
      Categories: 'Shirts, tops',
      Collection: 'resort 2026',
      'Wholesale Prices': '45.00 USD, 40 eur',
      Status: 'Draft',
    })
    expect(issues).toEqual([])
    expect(target).toEqual({
      style_name: 'Linen Camp Shirt',
      style_number: 'SS26-001',
      upc: '012345678905',
      units: 120,
      categories: ['ca1', 'ca2'],
      collection_key: 'co1',
      line_key: 'ln1',
      wholesale_prices: [
        { number: 45, currency: 'USD' },
        { number: 40, currency: 'EUR' },
      ],
      status: 'draft',
    })
  })

  it('names each missing required field with the spec text', () => {
    const { issues } = check({ 'Listing Unique Id': 'A-1', 'Style Name': '' }, ['Listing Unique Id', 'Style Name'])
    expect(issues.filter((issue) => issue.level === 'error')).toEqual([
      { field: 'Style Name', message: IMPORT_MESSAGES.requiredMissing('Style Name'), level: 'error' },
      { field: 'Style Number', message: IMPORT_MESSAGES.requiredMissing('Style Number'), level: 'error' },
    ])
    expect(IMPORT_MESSAGES.requiredMissing('Style Name')).toBe(
      'Required field "Style Name" missing. Review the spreadsheet and upload again.',
    )
  })

  it('warns about an empty optional field only when the file has its column', () => {
    const { issues, target } = check({ ...good, SKU: '' })
    expect(issues).toEqual([{ field: 'SKU', message: 'Optional field "SKU" is empty', level: 'warning' }])
    expect(target.sku).toBeUndefined()
  })

  it('takes style names as brands write them, composed, and says what it refuses', () => {
    for (const name of [
      'Café Señora',
      'Robe Élégante',
      'Φόρεμα',
      'ワンピース',
      'Gömlek İpek',
      'Łódź',
      // The punctuation of names (docs/decisions/175).
      'T-Shirt Classic',
      "Men's Robe",
      "Robe d'été à fleurs",
      'Mens Tee & Co',
      'Shirt-Black',
      'Tee!',
    ]) {
      const { issues, target } = check({ ...good, 'Style Name': name })
      expect(issues, name).toEqual([])
      expect(target.style_name).toBe(name)
    }
    // Written with combining marks, as some spreadsheets export it: stored composed.
    expect(check({ ...good, 'Style Name': 'Cafe\u0301 Sen\u0303ora' }).target.style_name).toBe('Café Señora')
    for (const [name, detail] of <[string, string][]>[
      ['Tee😀', NAME_MESSAGES.emoji],
      ['<b>Tee</b>', NAME_MESSAGES.markup],
      ['Tee = Shirt', NAME_MESSAGES.sign('=')],
    ]) {
      expect(check({ ...good, 'Style Name': name }).issues, name).toMatchObject([
        { field: 'Style Name', level: 'error', detail },
      ])
    }
  })

  it('names the field that failed to parse', () => {
    const cases: [string, string][] = [
      ['Units', '12.5'],
      ['Units', '-3'],
      ['Look Number', 'twelve'],
      ['Color Hex', 'black'],
      ['Style Name', 'Shirt = Black'],
      ['Status', 'sold out'],
      ['Wholesale Prices', '45 dollars'],
      ['Categories', 'Shirts, Hats'],
      ['Line', 'No Such Line'],
      ['Collection', 'Other'],
    ]
    for (const [field, value] of cases) {
      const values =
        field === 'Collection' ? { ...good, Line: 'Main Line', [field]: value } : { ...good, [field]: value }
      const errors = check(values).issues.filter((issue) => issue.level === 'error')
      expect(
        errors.map((issue) => [issue.field, issue.message]),
        `${field}=${value}`,
      ).toEqual([[field, `Error parsing "${field}" for upload.`]])
    }
  })

  it('reads wholesale prices as comma-separated number-and-currency pairs', () => {
    expect(parseWholesalePrices('45.00 USD, 40 EUR,USD 50')).toEqual({ error: 'USD is given twice.' })
    expect(parseWholesalePrices('EUR 40.5, 38GBP')).toEqual([
      { number: 40.5, currency: 'EUR' },
      { number: 38, currency: 'GBP' },
    ])
    // A comma between digits is a decimal comma; the other commas separate the pairs.
    expect(parseWholesalePrices('89,00 EUR')).toEqual([{ number: 89, currency: 'EUR' }])
    expect(parseWholesalePrices('89,50 EUR, USD 99,9, 40.25 GBP')).toEqual([
      { number: 89.5, currency: 'EUR' },
      { number: 99.9, currency: 'USD' },
      { number: 40.25, currency: 'GBP' },
    ])
    expect(parseWholesalePrices('45 USD,40 EUR')).toEqual([
      { number: 45, currency: 'USD' },
      { number: 40, currency: 'EUR' },
    ])
    // Digit groups are not read as decimals: "1,200.00" is refused, not taken as 1.2.
    expect(parseWholesalePrices('1,200.00 EUR')).toHaveProperty('error')
    expect(parseWholesalePrices('45,40,10 EUR')).toHaveProperty('error')
  })

  it('keeps a collection upload in its collection and flags additions', () => {
    const scoped = {
      ...refs(),
      scope: { collection: { key: 'co1', name: 'Resort 2026', lineKey: 'ln1' } },
      addition: true,
    }
    expect(validateRow(good, new Set(Object.keys(good)), scoped).target).toMatchObject({
      collection_key: 'co1',
      line_key: 'ln1',
      addition: true,
    })
    const elsewhere = validateRow({ ...good, Collection: 'Other' }, new Set(), scoped)
    expect(elsewhere.issues[0]).toMatchObject({
      field: 'Collection',
      detail: 'This upload is for the collection Resort 2026.',
    })
  })
})

describe('identifiers', () => {
  it('checks UPC, EAN and GTIN check digits and keeps leading zeros', () => {
    expect(gtinCheckDigit('01234567890')).toBe(5)
    expect(checkGtin('012345678905')).toEqual({ ok: true, value: '012345678905' })
    expect(checkGtin('4006381333931')).toEqual({ ok: true, value: '4006381333931' }) // EAN-13
    expect(checkGtin('96385074')).toEqual({ ok: true, value: '96385074' }) // EAN-8
    expect(checkGtin('00012345678905')).toEqual({ ok: true, value: '00012345678905' }) // GTIN-14
    expect(checkGtin('012345678906')).toMatchObject({ ok: false, detail: expect.stringContaining('5 expected') })
    expect(checkGtin('12345678905')).toMatchObject({ ok: false, detail: expect.stringContaining('11 digits') })
  })

  it('flags values a spreadsheet turned into scientific notation', () => {
    expect(looksScientific('1.23457E+11')).toBe(true)
    expect(looksScientific('1,23457E+11')).toBe(true)
    expect(looksScientific('012345678905')).toBe(false)
    const { issues } = check({ ...good, UPC: '1.23457E+11', SKU: '8.5E11' })
    expect(issues.map((issue) => [issue.field, issue.message])).toEqual([
      ['SKU', 'Error parsing "SKU" for upload.'],
      ['UPC', 'Error parsing "UPC" for upload.'],
    ])
    expect(issues.find((issue) => issue.field === 'UPC')?.detail).toMatch(/scientific notation/)
  })

  // Every identifier column a spreadsheet may turn into a number, each on its own: the listing id,
  // the SKU and the UPC, in each form a spreadsheet writes (point or comma, either case, signed).
  it.each(['Listing Unique Id', 'SKU', 'UPC'])('flags %s in scientific notation, in every form', (field) => {
    for (const value of ['1.23457E+11', '1,23457E+11', '1.23457e+11', '8.5E11', '1E+12', '-1.2E+05']) {
      const { issues } = check({ ...good, [field]: value })
      const issue = issues.find((found) => found.field === field)
      expect(issue?.detail, `${field} ${value}`).toMatch(/scientific notation/)
    }
    for (const value of ['012345678905', 'SS26-E11', 'E11']) {
      const { issues } = check({ ...good, [field]: value })
      expect(issues.find((found) => found.field === field)?.detail ?? '', `${field} ${value}`).not.toMatch(/scientific/)
    }
  })

  it('finds duplicate ids that differ only in case or surrounding spaces', () => {
    const rows = [
      { index: 1, id: 'SS26-001' },
      { index: 2, id: ' ss26-001 ' },
      { index: 3, id: 'SS26-002' },
      { index: 4, id: '' },
      { index: 5, id: '' },
    ]
    expect([...duplicateRows(rows)].sort()).toEqual([1, 2])
    expect(IMPORT_MESSAGES.duplicate).toBe(
      'Duplicate listings found in the provided dataset. Please ensure only one row for each Listing Unique ID. Review the spreadsheet and upload again.',
    )
  })
})

describe('matchHeaders', () => {
  it('matches headers case- and space-insensitively and through aliases', () => {
    const match = matchHeaders(['\uFEFFlisting unique ID', ' STYLE_NAME ', 'ean', 'Colour', 'Fabric weight'])
    expect(match.columns).toEqual(['Listing Unique Id', 'Style Name', 'UPC', 'Color Name', null])
    expect(match.unmatched).toEqual(['Fabric weight'])
    expect(match.hasId).toBe(true)
  })

  it('applies a mapping for the headers that did not match, and null ignores one', () => {
    const match = matchHeaders(['Ref', 'Fabric weight', 'Name'], { ref: 'Listing Unique Id', 'Fabric Weight': null })
    expect(match.columns).toEqual(['Listing Unique Id', null, null])
    expect(match.unmatched).toEqual(['Name'])
    expect(match.mapping).toEqual({ Ref: 'Listing Unique Id', 'Fabric weight': null, Name: null })
  })

  it('says when no column is the Listing Unique Id', () => {
    expect(matchHeaders(['Style Name', 'SKU']).hasId).toBe(false)
  })
})

describe('failed rows file', () => {
  it('writes the original columns and an Errors column, formulas neutralized', async () => {
    async function* rows() {
      yield {
        rowNumber: 7,
        cells: ['A-1', '=HYPERLINK("x")', '1.23457E+11'],
        issues: [
          { field: 'UPC', message: 'Error parsing "UPC" for upload.', level: 'error' as const, detail: 'Sci.' },
          { field: 'SKU', message: 'Optional field "SKU" is empty', level: 'warning' as const },
        ],
      }
    }
    const lines: string[] = []
    for await (const line of failedRowsLines(['Listing Unique Id', 'Style Name', 'UPC'], rows())) lines.push(line)
    expect(lines).toEqual([
      '\uFEFFListing Unique Id,Style Name,UPC,Errors\r\n',
      `A-1,"'=HYPERLINK(""x"")",1.23457E+11,"Row 7: UPC: Error parsing ""UPC"" for upload. Sci."\r\n`,
    ])
    expect(describeErrors([])).toBe('')
    // A row's own error has no field before it.
    expect(describeErrors([{ field: '', message: 'This row has 5 fields.', level: 'error' }])).toBe(
      'This row has 5 fields.',
    )
  })
})

describe('the validator on random input', () => {
  it('never throws, whatever the cells and headers', () => {
    const names = IMPORT_FIELDS.map((field) => field.name)
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...names), fc.string()), { maxLength: 12 }),
        fc.array(fc.oneof(fc.string(), fc.constantFrom('1.2E+11', '012345678905', '45 USD', 'Shirts', '')), {
          maxLength: 12,
        }),
        (headers, cells) => {
          const match = matchHeaders(headers)
          const values = rowValues(cells, match.columns)
          const result = validateRow(values, new Set(match.columns.filter((c): c is string => c !== null)), refs())
          expect(Array.isArray(result.issues)).toBe(true)
          JSON.stringify(result)
        },
      ),
      { numRuns: 500 },
    )
  })
})
