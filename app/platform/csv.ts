// CSV writing for downloads that people open in spreadsheets. Pure, so it is unit-tested alone.

// A cell starting with one of these is run as a formula by spreadsheet programs (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Makes a cell safe to open in a spreadsheet: a value a spreadsheet would run as a formula gets a
 * leading single quote, which spreadsheets show as text and never evaluate.
 */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** Quotes a cell when it holds a separator, a quote or a line break (RFC 4180). */
export function quoteCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/**
 * One CSV document: a header row, then the rows, every cell neutralized and quoted, lines ended
 * by CRLF as RFC 4180 asks.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null | undefined)[])[],
): string {
  const line = (cells: readonly (string | number | boolean | null | undefined)[]) =>
    cells.map((cell) => quoteCell(neutralizeCell(cell === null || cell === undefined ? '' : String(cell)))).join(',')
  return [line(header), ...rows.map(line)].map((text) => `${text}\r\n`).join('')
}
