// What a bulk edit is made of (issue 46, docs/decisions/182), pure so the form, the service and a
// unit test share it: the fields it may set, what a form's values change, and the upload it makes.
import { MAX_FILTER_KEYS } from '#app/features/catalogue'
import { quoteCell } from '#app/platform/csv'
import { LISTING_UNIQUE_ID } from './fields'

/** The template's columns a bulk edit may set, in the form's order. */
export const BULK_EDIT_FIELDS = [
  'Line',
  'Collection',
  'Categories',
  'Department',
  'Status',
  'Units',
  'Materials',
  'Wholesale Prices',
] as const
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number]

/**
 * The most a selection form carries (the list's selection keys); more listings are changed by
 * exporting them, editing the file and uploading it.
 */
export const BULK_EDIT_MAX = MAX_FILTER_KEYS

export const BULK_EDIT_TEXTS = {
  nothingSelected: 'Select the products to edit first.',
  tooMany: `At most ${BULK_EDIT_MAX} products at once: export the list, change it in your spreadsheet and upload it.`,
  noChange: 'Choose at least one field to change.',
}

/** One selected listing as the form shows it. */
export interface BulkEditRow {
  key: string
  listingUniqueId: string
  styleName: string | null
  styleNumber: string | null
}

/** The fields given a value: the rest stay as they are. Unknown names and empty values are dropped. */
export function bulkEditChanges(values: Record<string, unknown>): Partial<Record<BulkEditField, string>> {
  const changes: Partial<Record<BulkEditField, string>> = {}
  for (const field of BULK_EDIT_FIELDS) {
    const value = values[field]
    if (typeof value === 'string' && value.trim() !== '') changes[field] = value.trim()
  }
  return changes
}

/**
 * The upload a bulk edit is: each selected listing's id, style name and number as they are (the
 * columns an upload requires), and the changed columns with their new values.
 */
export function bulkEditCsv(rows: readonly BulkEditRow[], changes: Partial<Record<BulkEditField, string>>): string {
  const fields = BULK_EDIT_FIELDS.filter((field) => changes[field] !== undefined)
  const line = (cells: string[]) => `${cells.map(quoteCell).join(',')}\r\n`
  return [
    line([LISTING_UNIQUE_ID, 'Style Name', 'Style Number', ...fields]),
    ...rows.map((row) =>
      line([
        row.listingUniqueId,
        row.styleName ?? '',
        row.styleNumber ?? '',
        ...fields.map((field) => changes[field]!),
      ]),
    ),
  ].join('')
}
