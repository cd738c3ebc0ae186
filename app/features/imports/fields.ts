// The columns of a listing spreadsheet (catalogue.md §3 Listing): the blank template's headers, in
// order, with one example row, and what the validator requires. Pure, so the template download
// (pages) and the validator (server) read the same list (docs/decisions/080).

export interface ImportField {
  /** The template's header, and the name issues and changes use. */
  name: string
  required: boolean
  /** The template's example row. */
  example: string
  /** Other headers people write for this column (matched like the name: case and spaces ignored). */
  aliases?: readonly string[]
}

export const LISTING_UNIQUE_ID = 'Listing Unique Id'

export const IMPORT_FIELDS = [
  { name: LISTING_UNIQUE_ID, required: true, example: 'SS26-001-BLK-M', aliases: ['listing_unique_id', 'Unique Id'] },
  { name: 'Style Name', required: true, example: 'Linen Camp Shirt', aliases: ['style_name'] },
  { name: 'Style Number', required: true, example: 'SS26-001', aliases: ['style_number', 'Style No'] },
  { name: 'SKU', required: false, example: 'SS26-001-BLK-M' },
  { name: 'UPC', required: false, example: '012345678905', aliases: ['EAN', 'GTIN', 'Barcode'] },
  { name: 'Look Number', required: false, example: '12', aliases: ['look_number', 'Look'] },
  { name: 'Size', required: false, example: 'M', aliases: ['Size Name'] },
  { name: 'Size Number', required: false, example: '2' },
  { name: 'Size Variant', required: false, example: 'Regular' },
  { name: 'Size Description', required: false, example: 'Relaxed fit, true to size', aliases: ['size_description'] },
  { name: 'Waist', required: false, example: '32 in' },
  { name: 'Chest', required: false, example: '40 in' },
  { name: 'Hips', required: false, example: '38 in' },
  { name: 'Height', required: false, example: '5 ft 10 in' },
  { name: 'Color Name', required: false, example: 'Black', aliases: ['Colour Name', 'Color', 'Colour'] },
  { name: 'Color Code', required: false, example: 'BLK', aliases: ['Colour Code'] },
  { name: 'Color Hex', required: false, example: '#1A1A1A', aliases: ['Colour Hex', 'Hex Code', 'hexCode'] },
  { name: 'Pantone', required: false, example: '19-4005 TCX' },
  { name: 'Categories', required: false, example: 'Shirts, Tops', aliases: ['Category', 'category_names'] },
  { name: 'Line', required: false, example: 'Main Line', aliases: ['Line Name', 'line_name'] },
  { name: 'Collection', required: false, example: 'Resort 2026', aliases: ['Collection Name', 'collection_name'] },
  { name: 'Department', required: false, example: 'Womenswear' },
  { name: 'Units', required: false, example: '120' },
  { name: 'Status', required: false, example: 'active' },
  { name: 'Materials', required: false, example: '100% linen' },
  { name: 'Description', required: false, example: 'A relaxed camp-collar shirt in washed linen.' },
  {
    name: 'Wholesale Prices',
    required: false,
    example: '45.00 USD, 40.00 EUR',
    aliases: ['wholesale_prices', 'Wholesale Price', 'Wholesale'],
  },
] as const satisfies readonly ImportField[]

export type ImportFieldName = (typeof IMPORT_FIELDS)[number]['name']

export const IMPORT_FIELD_NAMES: readonly string[] = IMPORT_FIELDS.map((field) => field.name)

/** Header text compared case- and space-insensitively: "listing unique id", " Listing_Unique_ID " alike. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_\-.]+/g, '')
}

const BY_KEY = new Map<string, string>()
for (const field of IMPORT_FIELDS as readonly ImportField[]) {
  BY_KEY.set(headerKey(field.name), field.name)
  for (const alias of field.aliases ?? []) BY_KEY.set(headerKey(alias), field.name)
}

/** The field a header names, or null. */
export function fieldForHeader(header: string): string | null {
  return BY_KEY.get(headerKey(header)) ?? null
}

export function isImportField(name: string): boolean {
  return IMPORT_FIELD_NAMES.includes(name)
}
