// A listing as a row of the upload template (issue 46, docs/decisions/180): each column written as
// the import reads it back, so export → edit in a spreadsheet → upload changes exactly the cells
// edited (an untouched row's dry run says "unchanged"). Pure, shared by the CSV and the workbook.
import { IMPORT_FIELDS } from './fields'

/** The listing fields an export reads (the products list's listing, with its names). */
export interface ExportedListing {
  listing_unique_id: string
  style_name: string | null
  style_number: string | null
  sku: string | null
  upc: string | null
  look_number: number | null
  size: unknown
  size_description: string | null
  color: unknown
  category_names: string[]
  line_name: string | null
  collection_name: string | null
  department: string | null
  units: number | null
  status: string | null
  materials: string | null
  description: string | null
  wholesale_prices: { number: number; currency: string }[]
}

/** The export's header: the template's columns, in its order. */
export const EXPORT_HEADER: readonly string[] = IMPORT_FIELDS.map((field) => field.name)

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? '' : String(value)

function part(document: unknown, ...path: string[]): string {
  let at: unknown = document
  for (const key of path) {
    if (at === null || typeof at !== 'object') return ''
    at = (at as Record<string, unknown>)[key]
  }
  return text(at)
}

/** One listing's cells, in EXPORT_HEADER's order. */
export function exportCells(listing: ExportedListing): string[] {
  const byField: Record<string, string> = {
    'Listing Unique Id': listing.listing_unique_id,
    'Style Name': text(listing.style_name),
    'Style Number': text(listing.style_number),
    SKU: text(listing.sku),
    UPC: text(listing.upc),
    'Look Number': text(listing.look_number),
    Size: part(listing.size, 'name'),
    'Size Number': part(listing.size, 'number'),
    'Size Variant': part(listing.size, 'variant'),
    'Size Description': text(listing.size_description),
    Waist: part(listing.size, 'measurements', 'waist'),
    Chest: part(listing.size, 'measurements', 'chest'),
    Hips: part(listing.size, 'measurements', 'hips'),
    Height: part(listing.size, 'measurements', 'height'),
    'Color Name': part(listing.color, 'name'),
    'Color Code': part(listing.color, 'code'),
    'Color Hex': part(listing.color, 'hexCode'),
    Pantone: part(listing.color, 'pantone'),
    Categories: listing.category_names.join(', '),
    Line: text(listing.line_name),
    Collection: text(listing.collection_name),
    Department: text(listing.department),
    Units: text(listing.units),
    Status: text(listing.status),
    Materials: text(listing.materials),
    Description: text(listing.description),
    // As the import reads prices: "45 USD, 40.5 EUR".
    'Wholesale Prices': listing.wholesale_prices.map((price) => `${price.number} ${price.currency}`).join(', '),
  }
  return EXPORT_HEADER.map((field) => byField[field] ?? '')
}
