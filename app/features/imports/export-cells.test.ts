import { describe, expect, it } from 'vitest'
import { EXPORT_HEADER, exportCells, type ExportedListing } from './export-cells'
import { IMPORT_FIELDS } from './fields'
import { matchHeaders, rowValues, validateRow, type ImportRefs } from './validate'

const listing: ExportedListing = {
  listing_unique_id: 'EX-001',
  style_name: "Robe d'été à fleurs",
  style_number: 'SS27-01',
  sku: 'SS27-01-BLK-M',
  upc: '012345678905',
  look_number: 12,
  size: { name: 'M', number: 2, variant: 'Petite', measurements: { waist: '70 cm', chest: '92 cm' } },
  size_description: 'Relaxed fit',
  color: { name: 'Black', code: 'BLK', hexCode: '#111111', pantone: '19-4005 TCX' },
  category_names: ['Dresses', 'Summer'],
  line_name: 'Womenswear',
  collection_name: 'Resort 2027',
  department: 'Womens',
  units: 40,
  status: 'active',
  materials: '100% linen',
  description: 'A wrap dress, cut on the bias.',
  wholesale_prices: [
    { number: 45, currency: 'USD' },
    { number: 40.5, currency: 'EUR' },
  ],
}

const refs: ImportRefs = {
  lines: new Map([['womenswear', { key: 'line-w', name: 'Womenswear' }]]),
  collections: new Map([['resort 2027', { key: 'col-r', name: 'Resort 2027', lineKey: 'line-w' }]]),
  categories: new Map([
    ['dresses', { key: 'cat-d', name: 'Dresses' }],
    ['summer', { key: 'cat-s', name: 'Summer' }],
  ]),
}

describe('exportCells', () => {
  it('writes the template’s columns in its order', () => {
    expect(EXPORT_HEADER).toEqual(IMPORT_FIELDS.map((field) => field.name))
    const cells = exportCells(listing)
    expect(cells).toHaveLength(EXPORT_HEADER.length)
    const byHeader = Object.fromEntries(EXPORT_HEADER.map((header, i) => [header, cells[i]]))
    expect(byHeader).toMatchObject({
      UPC: '012345678905',
      'Size Number': '2',
      Waist: '70 cm',
      Hips: '',
      'Color Hex': '#111111',
      Categories: 'Dresses, Summer',
      'Wholesale Prices': '45 USD, 40.5 EUR',
    })
  })

  it('reads back through the import as the same listing values: an untouched row changes nothing', () => {
    const match = matchHeaders([...EXPORT_HEADER])
    expect(match.unmatched).toEqual([])
    const values = rowValues(exportCells(listing), match.columns)
    const check = validateRow(values, new Set(EXPORT_HEADER), refs)
    expect(check.issues.filter((issue) => issue.level === 'error')).toEqual([])
    expect(check.target).toEqual({
      style_name: listing.style_name,
      style_number: 'SS27-01',
      sku: 'SS27-01-BLK-M',
      upc: '012345678905',
      look_number: 12,
      size_name: 'M',
      size_number: 2,
      size_variant: 'Petite',
      size_description: 'Relaxed fit',
      waist: '70 cm',
      chest: '92 cm',
      color_name: 'Black',
      color_code: 'BLK',
      color_hex: '#111111',
      pantone: '19-4005 TCX',
      categories: ['cat-d', 'cat-s'],
      line_key: 'line-w',
      collection_key: 'col-r',
      department: 'Womens',
      units: 40,
      status: 'active',
      materials: '100% linen',
      description: 'A wrap dress, cut on the bias.',
      wholesale_prices: listing.wholesale_prices,
    })
  })

  it('leaves empty what the listing does not have', () => {
    const bare = exportCells({
      ...listing,
      style_name: null,
      look_number: null,
      size: null,
      color: {},
      category_names: [],
      line_name: null,
      collection_name: null,
      wholesale_prices: [],
    })
    expect(bare.filter((cell) => cell !== '').length).toBeLessThan(EXPORT_HEADER.length / 2)
  })
})
