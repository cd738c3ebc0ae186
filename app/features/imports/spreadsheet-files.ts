// The files a product upload takes: a CSV or an .xlsx workbook (docs/decisions/177). The name
// says which may be sent; the bytes decide how it is read (sheet-reader.ts).

export const SPREADSHEET_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const
export type SpreadsheetExtension = keyof typeof SPREADSHEET_TYPES

/** The extension of an upload's name when it is one we read, or null. */
export function spreadsheetExtension(filename: string): SpreadsheetExtension | null {
  const extension = /\.(csv|xlsx)$/i.exec(filename.trim())?.[1]?.toLowerCase()
  return extension === 'csv' || extension === 'xlsx' ? extension : null
}

/** The content type to store and serve an upload with, by its name (CSV when unknown). */
export function spreadsheetType(filename: string): string {
  return SPREADSHEET_TYPES[spreadsheetExtension(filename) ?? 'csv']
}
