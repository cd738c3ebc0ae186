// The listing edit form and the fields of PUT /api/listing/model/{key} (catalogue.md §5 "Forms",
// §7), shared by the browser (Conform) and the server. The spec fixes only the style name's rule
// and message; the limits of the other fields are decided in docs/decisions/071.
import * as z from 'zod/mini'
import { LIMITS, maxText, productName } from '#app/platform/common-schemas'

export const INVALID_STYLE_NAME = 'Invalid Style Name. Alphanumeric characters expected.'

/** Codes printed on tags and in spreadsheets: letters, digits, space, - _ . / */
export const CODE = /^[A-Za-z0-9 ._/-]+$/
export const UPC = /^[0-9]{8,14}$/
export const HEX = /^#[0-9A-Fa-f]{6}$/

export const LISTING_LIMITS = {
  styleName: LIMITS.name,
  code: 64,
  materials: LIMITS.line,
  description: LIMITS.description,
  department: LIMITS.name,
  colourName: LIMITS.name,
  sizeName: 32,
  sizeDescription: LIMITS.name,
  units: 1_000_000,
  categories: 50,
} as const

export const LISTING_MESSAGES = {
  styleNumber: 'Invalid Style Number. Letters, digits, spaces and - _ . / expected.',
  sku: 'Invalid SKU. Letters, digits, spaces and - _ . / expected.',
  upc: 'Invalid UPC. 8 to 14 digits expected.',
  units: `Invalid Units. A whole number from 0 to ${LISTING_LIMITS.units.toLocaleString('en-US')} expected.`,
  colourCode: 'Invalid Colour Code. Letters, digits, spaces and - _ . / expected.',
  colourHex: 'Invalid Colour Hex. A value like #1A2B3C expected.',
  categories: `Choose at most ${LISTING_LIMITS.categories} categories.`,
  unknownCategory: (key: string) => `Unknown category: ${key}.`,
  saved: 'Product has been updated successfully.',
  /** catalogue.md §8 "Listing save errors" and "A permission error". */
  saveFailed: (email: string) =>
    `Review the form for errors. You can also reach our Client Services Department by email at: ${email}.`,
  noPermission: (email: string) =>
    `Please ensure you have proper permissions, and contact client services by e-mail ${email}.`,
  deleted: 'Product has been deleted successfully.',
  /** catalogue.md §8 "Categories load failure". */
  categoriesFailed: 'Error getting categories.',
  deleteQuestion: "Deleting product can't be undone. Are you sure you want to continue delete this product ?",
} as const

/**
 * A text that may be cleared: '' or null clears it (null in the database), undefined leaves it.
 * The pattern applies to what is left after trimming.
 */
const clearable = (field: string, max: number, pattern?: { re: RegExp; message: string }) =>
  z.optional(
    z.nullable(
      z.pipe(
        z.string().check(
          z.trim(),
          maxText(field, max),
          z.refine((value) => value === '' || !pattern || pattern.re.test(value), pattern?.message ?? ''),
        ),
        z.transform((value) => (value === '' ? null : value)),
      ),
    ),
  )

const units = z.optional(
  z.nullable(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value, ctx) => {
        const text = String(value).trim()
        if (text === '') return null
        const number = Number(text)
        if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(number) || number > LISTING_LIMITS.units) {
          ctx.issues.push({ code: 'custom', message: LISTING_MESSAGES.units, input: value })
          return z.NEVER
        }
        return number
      }),
    ),
  ),
)

/** Category keys: comma-joined (§7) or a list (a form's checkboxes); blanks dropped, duplicates too. */
const categoryKeys = z.optional(
  z.nullable(
    z.pipe(
      z.union([z.string(), z.array(z.string())]),
      z.transform((value, ctx) => {
        const list = (Array.isArray(value) ? value : value.split(',')).map((key) => key.trim()).filter(Boolean)
        const keys = [...new Set(list)]
        if (keys.length > LISTING_LIMITS.categories) {
          ctx.issues.push({ code: 'custom', message: LISTING_MESSAGES.categories, input: value })
          return z.NEVER
        }
        if (keys.some((key) => key.length > LIMITS.key)) {
          ctx.issues.push({ code: 'custom', message: `Keys must be at most ${LIMITS.key} characters.`, input: value })
          return z.NEVER
        }
        return keys
      }),
    ),
  ),
)

const styleName = z.string({ error: INVALID_STYLE_NAME }).check(
  z.trim(),
  // One spelling of "é" (composed), whichever way the keyboard or the spreadsheet wrote it.
  z.normalize('NFC'),
  z.minLength(1, { error: INVALID_STYLE_NAME, abort: true }),
  maxText('Style Name', LISTING_LIMITS.styleName),
  // Letters of every script, digits, spaces and the punctuation of names (docs/decisions/175):
  // catalogue.md §5 says letters, digits and spaces, which refuses "T-Shirt" and "Men's Robe".
  productName(INVALID_STYLE_NAME),
)

const editable = {
  style_number: clearable('Style Number', LISTING_LIMITS.code, { re: CODE, message: LISTING_MESSAGES.styleNumber }),
  sku: clearable('SKU', LISTING_LIMITS.code, { re: CODE, message: LISTING_MESSAGES.sku }),
  upc: clearable('UPC', 14, { re: UPC, message: LISTING_MESSAGES.upc }),
  description: clearable('Description', LISTING_LIMITS.description),
  materials: clearable('Materials', LISTING_LIMITS.materials),
  department: clearable('Department', LISTING_LIMITS.department),
  units,
  color_name: clearable('Colour Name', LISTING_LIMITS.colourName),
  color_code: clearable('Colour Code', LISTING_LIMITS.code, { re: CODE, message: LISTING_MESSAGES.colourCode }),
  color_hex: clearable('Colour Hex', 7, { re: HEX, message: LISTING_MESSAGES.colourHex }),
  size_name: clearable('Size', LISTING_LIMITS.sizeName),
  size_description: clearable('Size Description', LISTING_LIMITS.sizeDescription),
  categories: categoryKeys,
}

/** PUT /api/listing/model/{key}: only the fields sent change; `brand` must be the listing's own. */
export const ListingUpdateSchema = z.object({
  ...editable,
  style_name: z.optional(styleName),
  brand: z.optional(z.string().check(z.trim(), maxText('brand', LIMITS.key))),
})
export type ListingUpdate = z.output<typeof ListingUpdateSchema>

/** The edit form of the listing page: every field is on it, and the style name is required. */
export const ListingFormSchema = z.object({ ...editable, style_name: styleName })
export type ListingForm = z.output<typeof ListingFormSchema>

/** The form's fields that are missing from a submission were emptied: they clear the value. */
export function formToUpdate(form: ListingForm): ListingUpdate {
  const update: Record<string, unknown> = { ...form }
  for (const field of Object.keys(editable)) {
    if (update[field] === undefined) update[field] = field === 'categories' ? [] : null
  }
  return update as ListingUpdate
}
