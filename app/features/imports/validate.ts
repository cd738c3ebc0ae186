// Checks one spreadsheet row and turns it into the listing columns it sets (catalogue.md §5
// Spreadsheet). Pure: the brand's lines, collections and categories come in as lookup maps, so
// every rule is unit-tested without a database. What is required, what an empty cell means and
// how columns map to a listing: docs/decisions/080.
import { CODE, HEX, LISTING_LIMITS } from '#app/features/catalogue'
import { nameRefusal } from '#app/platform/name-rule'
import { LIMITS } from '#app/platform/common-schemas'
import { IMPORT_FIELDS, LISTING_UNIQUE_ID, fieldForHeader, headerKey, isImportField } from './fields'
import { checkGtin, looksScientific, normalizeId } from './identifiers'
import { IMPORT_MESSAGES } from './messages'

export type IssueLevel = 'error' | 'warning'
export interface Issue {
  field: string
  message: string
  level: IssueLevel
  /** What exactly is wrong, beside the spec's message. */
  detail?: string
}

export type WholesalePrice = { number: number; currency: string }

/**
 * The listing columns a row sets, flat (size and colour parts by name). A key is present only
 * when the row gives a value: an empty cell leaves the listing's value as it is.
 */
export interface ListingTarget {
  style_name?: string
  style_number?: string
  sku?: string
  upc?: string
  look_number?: number
  size_name?: string
  size_number?: number
  size_variant?: string
  size_description?: string
  waist?: string
  chest?: string
  hips?: string
  height?: string
  color_name?: string
  color_code?: string
  color_hex?: string
  pantone?: string
  categories?: string[]
  line_key?: string
  collection_key?: string
  department?: string
  units?: number
  status?: string
  materials?: string
  description?: string
  wholesale_prices?: WholesalePrice[]
  addition?: boolean
}
export type TargetKey = keyof ListingTarget

/** The listing column each field sets. */
export const FIELD_TARGET: Record<string, TargetKey> = {
  'Style Name': 'style_name',
  'Style Number': 'style_number',
  SKU: 'sku',
  UPC: 'upc',
  'Look Number': 'look_number',
  Size: 'size_name',
  'Size Number': 'size_number',
  'Size Variant': 'size_variant',
  'Size Description': 'size_description',
  Waist: 'waist',
  Chest: 'chest',
  Hips: 'hips',
  Height: 'height',
  'Color Name': 'color_name',
  'Color Code': 'color_code',
  'Color Hex': 'color_hex',
  Pantone: 'pantone',
  Categories: 'categories',
  Line: 'line_key',
  Collection: 'collection_key',
  Department: 'department',
  Units: 'units',
  Status: 'status',
  Materials: 'materials',
  Description: 'description',
  'Wholesale Prices': 'wholesale_prices',
}
/** The field that sets each listing column (for changes shown old → new). */
export const TARGET_FIELD: Record<string, string> = {
  ...Object.fromEntries(Object.entries(FIELD_TARGET).map(([field, key]) => [key, field])),
  addition: 'Addition',
}

export const LISTING_STATUSES = ['active', 'draft', 'archived', 'discontinued'] as const

/** The brand's lines, collections and categories by lowercased name, and the upload's scope. */
export interface ImportRefs {
  lines: Map<string, { key: string; name: string }>
  collections: Map<string, { key: string; name: string; lineKey: string | null }>
  categories: Map<string, { key: string; name: string }>
  scope?: {
    line?: { key: string; name: string }
    collection?: { key: string; name: string; lineKey: string | null }
  }
  /** MARK AS ADDITION: every listing of the file is flagged as an addition. */
  addition?: boolean
}

export const emptyRefs = (): ImportRefs => ({ lines: new Map(), collections: new Map(), categories: new Map() })

/**
 * "45.00 USD, 40 EUR" (or "USD 45.00"): number-and-currency pairs, comma-separated. A comma
 * between two digits is a decimal comma ("89,00 EUR", as semicolon-delimited files from much of
 * Europe write it): pairs are separated by the other commas.
 */
export function parseWholesalePrices(text: string): WholesalePrice[] | { error: string } {
  const prices: WholesalePrice[] = []
  for (const part of text.split(/(?<!\d),|,(?!\d)/)) {
    const pair = part.trim()
    if (pair === '') continue
    const amountFirst = /^([0-9]{1,9}(?:[.,][0-9]{1,4})?)\s*([A-Za-z]{3})$/.exec(pair)
    const currencyFirst = /^([A-Za-z]{3})\s*([0-9]{1,9}(?:[.,][0-9]{1,4})?)$/.exec(pair)
    const amount = amountFirst?.[1] ?? currencyFirst?.[2]
    const currency = amountFirst?.[2] ?? currencyFirst?.[1]
    if (!amount || !currency) {
      return { error: `"${pair}" is not a price: write a number and a currency, e.g. 45.00 USD, 40.00 EUR.` }
    }
    const code = currency.toUpperCase()
    if (prices.some((price) => price.currency === code)) return { error: `${code} is given twice.` }
    prices.push({ number: Number(amount.replace(',', '.')), currency: code })
  }
  if (prices.length === 0) return { error: 'No price given.' }
  return prices
}

function wholeNumber(text: string, max: number): number | null {
  if (!/^[0-9]{1,9}$/.test(text)) return null
  const n = Number(text)
  return n <= max ? n : null
}

/** Reads a row's cells into values by field, through the column → field list of the mapping. */
export function rowValues(cells: readonly string[], columns: readonly (string | null)[]): Record<string, string> {
  const values: Record<string, string> = {}
  columns.forEach((field, i) => {
    if (!field) return
    const cell = (cells[i] ?? '').trim()
    // Two columns for one field: the first non-empty one wins.
    if (values[field] === undefined || values[field] === '') values[field] = cell
  })
  return values
}

export interface RowCheck {
  issues: Issue[]
  target: ListingTarget
}

/**
 * Checks one row. `present` is the set of fields the file has a column for: an optional field
 * without a column is not reported empty on every row.
 */
export function validateRow(values: Record<string, string>, present: ReadonlySet<string>, refs: ImportRefs): RowCheck {
  const issues: Issue[] = []
  const target: ListingTarget = {}
  const fail = (field: string, detail?: string) =>
    issues.push({ field, message: IMPORT_MESSAGES.parseError(field), level: 'error', ...(detail && { detail }) })
  /** A field's own rule: why a value is refused, or null. */
  type Rule = (value: string) => string | null
  const matching =
    (re: RegExp, detail: string): Rule =>
    (value) =>
      re.test(value) ? null : detail
  const text = (field: string, key: TargetKey, max: number, rule?: Rule) => {
    const value = (values[field] ?? '').normalize('NFC')
    if (value === '') return
    if (value.length > max) return fail(field, `At most ${max} characters.`)
    const refused = rule?.(value)
    if (refused) return fail(field, refused)
    ;(target as Record<string, unknown>)[key] = value
  }

  for (const field of IMPORT_FIELDS) {
    const value = values[field.name] ?? ''
    if (value !== '') continue
    if (field.required) {
      issues.push({ field: field.name, message: IMPORT_MESSAGES.requiredMissing(field.name), level: 'error' })
    } else if (present.has(field.name)) {
      issues.push({ field: field.name, message: IMPORT_MESSAGES.optionalEmpty(field.name), level: 'warning' })
    }
  }

  const id = values[LISTING_UNIQUE_ID] ?? ''
  if (id.length > LIMITS.key) fail(LISTING_UNIQUE_ID, `At most ${LIMITS.key} characters.`)
  else if (looksScientific(id)) fail(LISTING_UNIQUE_ID, `${id} is in scientific notation: format the column as text.`)

  // Names as brands write them (docs/decisions/175): the detail says what was refused.
  text('Style Name', 'style_name', LISTING_LIMITS.styleName, nameRefusal)
  const code = matching(CODE, 'Letters, digits, spaces and - _ . / only.')
  text('Style Number', 'style_number', LISTING_LIMITS.code, code)
  // A SKU turned into a number is told as such, not as a character the number brought along.
  const sku = values.SKU ?? ''
  if (sku !== '' && looksScientific(sku)) fail('SKU', `${sku} is in scientific notation: format the column as text.`)
  else text('SKU', 'sku', LISTING_LIMITS.code, code)

  const upc = values.UPC ?? ''
  if (upc !== '') {
    const checked = checkGtin(upc)
    if (checked.ok) target.upc = checked.value
    else fail('UPC', checked.detail)
  }

  const integer = (field: string, key: TargetKey, max: number) => {
    const value = values[field] ?? ''
    if (value === '') return
    const n = wholeNumber(value, max)
    if (n === null) return fail(field, `A whole number from 0 to ${max.toLocaleString('en-US')} expected.`)
    ;(target as Record<string, unknown>)[key] = n
  }
  integer('Look Number', 'look_number', 100_000)
  integer('Size Number', 'size_number', 100_000)
  integer('Units', 'units', LISTING_LIMITS.units)

  text('Size', 'size_name', LISTING_LIMITS.sizeName)
  text('Size Variant', 'size_variant', LISTING_LIMITS.sizeName)
  text('Size Description', 'size_description', LISTING_LIMITS.sizeDescription)
  for (const [field, key] of [
    ['Waist', 'waist'],
    ['Chest', 'chest'],
    ['Hips', 'hips'],
    ['Height', 'height'],
  ] as const) {
    text(field, key, 32)
  }
  text('Color Name', 'color_name', LISTING_LIMITS.colourName)
  text('Color Code', 'color_code', LISTING_LIMITS.code, code)
  text('Color Hex', 'color_hex', 7, matching(HEX, 'A value like #1A2B3C expected.'))
  text('Pantone', 'pantone', 32)
  text('Department', 'department', LISTING_LIMITS.department)
  text('Materials', 'materials', LISTING_LIMITS.materials)
  text('Description', 'description', LISTING_LIMITS.description)

  const status = (values.Status ?? '').toLowerCase()
  if (status !== '') {
    if ((LISTING_STATUSES as readonly string[]).includes(status)) target.status = status
    else fail('Status', `One of ${LISTING_STATUSES.join(', ')} expected.`)
  }

  const prices = values['Wholesale Prices'] ?? ''
  if (prices !== '') {
    const parsed = parseWholesalePrices(prices)
    if (Array.isArray(parsed)) target.wholesale_prices = parsed
    else fail('Wholesale Prices', parsed.error)
  }

  const categoryText = values.Categories ?? ''
  if (categoryText !== '') {
    const names = [
      ...new Set(
        categoryText
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ]
    const unknown = names.filter((name) => !refs.categories.has(name.toLowerCase()))
    if (unknown.length > 0) fail('Categories', `Unknown category: ${unknown.join(', ')}.`)
    else if (names.length > LISTING_LIMITS.categories) fail('Categories', `At most ${LISTING_LIMITS.categories}.`)
    else target.categories = names.map((name) => refs.categories.get(name.toLowerCase())!.key)
  }

  placeRow(values, refs, target, fail)
  if (refs.addition) target.addition = true
  return { issues, target }
}

/** Line and collection by name, within the upload's scope (a line's or a collection's upload). */
function placeRow(
  values: Record<string, string>,
  refs: ImportRefs,
  target: ListingTarget,
  fail: (field: string, detail?: string) => void,
) {
  const lineName = values.Line ?? ''
  const collectionName = values.Collection ?? ''
  const scope = refs.scope ?? {}
  let line = lineName === '' ? undefined : refs.lines.get(lineName.toLowerCase())
  let collection = collectionName === '' ? undefined : refs.collections.get(collectionName.toLowerCase())
  if (lineName !== '' && !line) return fail('Line', `No line named ${lineName} in this brand.`)
  if (collectionName !== '' && !collection) {
    return fail('Collection', `No collection named ${collectionName} in this brand.`)
  }
  if (scope.collection) {
    if (collection && collection.key !== scope.collection.key) {
      return fail('Collection', `This upload is for the collection ${scope.collection.name}.`)
    }
    collection = scope.collection
  }
  if (scope.line) {
    if (line && line.key !== scope.line.key) return fail('Line', `This upload is for the line ${scope.line.name}.`)
    line ??= scope.line
  }
  if (collection && line && collection.lineKey && collection.lineKey !== line.key) {
    return fail('Collection', `${collection.name} is not a collection of the line ${line.name}.`)
  }
  if (collection) target.collection_key = collection.key
  const lineKey = line?.key ?? collection?.lineKey ?? undefined
  if (lineKey) target.line_key = lineKey
}

/** Whether a row's issues include an error (warnings do not stop a row). */
export function hasErrors(issues: readonly Issue[]): boolean {
  return issues.some((issue) => issue.level === 'error')
}

/**
 * Rows whose Listing Unique Id another row also has, compared without case and surrounding
 * spaces: every such row gets the duplicate error. For a batch in memory (tests, one row's fix);
 * the service runs the same rule over a whole import in the database.
 */
export function duplicateRows(rows: readonly { index: number; id: string }[]): Set<number> {
  const seen = new Map<string, number[]>()
  for (const row of rows) {
    if (row.id.trim() === '') continue
    const key = normalizeId(row.id)
    seen.set(key, [...(seen.get(key) ?? []), row.index])
  }
  return new Set([...seen.values()].filter((indexes) => indexes.length > 1).flat())
}

export const duplicateIssue = (): Issue => ({
  field: LISTING_UNIQUE_ID,
  message: IMPORT_MESSAGES.duplicate,
  level: 'error',
})

export interface HeaderMatch {
  /** File header -> field (null: ignored), for every header. */
  mapping: Record<string, string | null>
  /** Headers that named no field and were not mapped by the user or a remembered mapping. */
  unmatched: string[]
  /** The column → field list rows are read with. */
  columns: (string | null)[]
  /** Whether some column is the Listing Unique Id. */
  hasId: boolean
}

/**
 * Matches a file's headers to fields: names and aliases case- and space-insensitively, then the
 * user's mapping (or the brand's remembered one) for the rest. A header mapped to null is ignored
 * on purpose; one left unmatched asks for the mapping step.
 */
export function matchHeaders(headers: readonly string[], given: Record<string, string | null> = {}): HeaderMatch {
  // Keyed by the file's own header names: no prototype, so "__proto__" or "constructor" is a name.
  const mapping = Object.create(null) as Record<string, string | null>
  const unmatched: string[] = []
  const byKey = new Map(Object.entries(given).map(([header, field]) => [headerKey(header), field]))
  const columns = headers.map((raw) => {
    const header = raw.replace(/^\uFEFF/, '').trim()
    const chosen = byKey.get(headerKey(header))
    const field = chosen !== undefined ? (chosen && isImportField(chosen) ? chosen : null) : fieldForHeader(header)
    if (field === null && chosen === undefined && header !== '') unmatched.push(header)
    mapping[header] = field
    return field
  })
  return { mapping, unmatched, columns, hasId: columns.includes(LISTING_UNIQUE_ID) }
}
