// The failed rows of an import as a CSV to fix and upload again: the file's own columns, in its
// order, plus an Errors column saying what is wrong with each row.
import { neutralizeCell, quoteCell } from '#app/platform/csv'
import type { Issue } from './validate'

export const ERRORS_COLUMN = 'Errors'

/** One line of the file (CRLF-ended), every cell made safe to open in a spreadsheet. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => quoteCell(neutralizeCell(cell))).join(',')}\r\n`
}

/**
 * "UPC: Error parsing "UPC" for upload. (…detail)" for each error, a row's own error (its number
 * of fields) without a field; warnings are left out.
 */
export function describeErrors(issues: readonly Issue[]): string {
  return issues
    .filter((issue) => issue.level === 'error')
    .map((issue) => `${issue.field ? `${issue.field}: ` : ''}${issue.message}${issue.detail ? ` ${issue.detail}` : ''}`)
    .join(' | ')
}

/**
 * The failed-rows file, line by line: the header row with the Errors column, then each row's
 * original cells (as many as the header has) and its errors, after the row's number in the
 * uploaded sheet ("Row 7: …"), where the person finds it in their own file.
 */
export async function* failedRowsLines(
  headers: readonly string[],
  rows: AsyncIterable<{ rowNumber: number; cells: readonly string[]; issues: readonly Issue[] }>,
): AsyncGenerator<string> {
  // A BOM so spreadsheet programs open the UTF-8 file with its accents intact.
  yield `\uFEFF${csvLine([...headers, ERRORS_COLUMN])}`
  for await (const row of rows) {
    const cells = headers.map((_, i) => row.cells[i] ?? '')
    yield csvLine([...cells, `Row ${row.rowNumber}: ${describeErrors(row.issues)}`])
  }
}
