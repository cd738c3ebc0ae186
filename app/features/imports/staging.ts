// Turns a spreadsheet's records into staged rows, as text for COPY into import_rows: the header
// record matched to fields, each later record validated. Pure, so it runs in the import's worker
// thread (app/features/imports/import-parse.worker.ts) and in unit tests alike.
import { newKey } from '#app/platform/ids'
import { LISTING_UNIQUE_ID } from './fields'
import { normalizeId } from './identifiers'
import { IMPORT_MESSAGES } from './messages'
import type { CsvFormat, CsvRecord } from './reader'
import type { SheetFormat } from './sheet-reader'
import { hasErrors, matchHeaders, rowValues, validateRow, type ImportRefs, type Issue } from './validate'

/** A row's own issues, not a field's (its number of fields): the grid shows them without a field. */
export const ROW_FIELD = ''

const DELIMITER_NAMES: Record<CsvFormat['delimiter'], string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' }

/** One staged row as COPY writes it. */
export interface StagedRow {
  rowNumber: number
  listingUniqueId: string
  normId: string
  cells: string[]
  issues: unknown[]
  target: Record<string, unknown>
  /** 'create' until the dry run finds the listing it updates (import-staging.server.ts). */
  action: 'error' | 'create'
  listingKey: string
}

/** The columns of import_rows that stagingCopyText writes, in its order. */
export const STAGING_COLUMNS =
  'import_key, brand_key, row_number, listing_unique_id, norm_id, cells, issues, target, action, listing_key, status'

// COPY's text format: tab between columns; a backslash, tab, line break or carriage return
// inside a value is escaped with a backslash. JSON text holds no raw control characters (they
// are escaped as \n, \t …), so only its backslashes need doubling; most rows have none.
const SPECIAL = /[\\\t\n\r]/
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const text = (value: string) => (SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : value)
const json = (value: unknown) => {
  const encoded = JSON.stringify(value)
  return encoded.includes('\\') ? encoded.replace(/\\/g, '\\\\') : encoded
}

/** One staged row as a line of COPY's text format. */
function stagingLine(keys: string, row: StagedRow): string {
  return `${keys}\t${row.rowNumber}\t${text(row.listingUniqueId)}\t${text(row.normId)}\t${json(row.cells)}\t${json(
    row.issues,
  )}\t${json(row.target)}\t${row.action}\t${row.listingKey}\tpending\n`
}

/**
 * The rows in COPY's text format, encoded as UTF-8 line by line into one buffer: no long string
 * is built (joining thousands of lines into one string costs more in garbage than the lines
 * themselves), and the bytes can be handed to another thread without a copy.
 */
export function stagingCopyText(importKey: string, brandKey: string, rows: readonly StagedRow[]): Buffer {
  const keys = `${text(importKey)}\t${text(brandKey)}`
  let out = Buffer.allocUnsafeSlow(64 * 1024)
  let length = 0
  for (const row of rows) {
    const line = stagingLine(keys, row)
    const most = line.length * 3
    if (length + most > out.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(out.length * 2, length + most))
      out.copy(grown, 0, 0, length)
      out = grown
    }
    length += out.write(line, length)
  }
  return out.subarray(0, length)
}

/** How a file's reading ended: every record staged, or stopped at headers that need a mapping. */
export type ParseOutcome =
  | { kind: 'parsed'; headers: string[]; mapping: Record<string, string | null>; format: SheetFormat | null }
  | {
      kind: 'needs_mapping'
      headers: string[]
      mapping: Record<string, string | null>
      unmatched: string[]
      format: SheetFormat | null
    }

/** A file that cannot be imported as it is; the message is shown to the person who uploaded it. */
export class StagingError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StagingError'
  }
}

/**
 * Reads records batch by batch: the first is the header row, matched through `mapping`. Each
 * `take` answers the COPY text of the batch's staged rows, or the outcome when the headers need a
 * mapping (reading stops there).
 */
export class RowStager {
  private columns: (string | null)[] | null = null
  private present = new Set<string>()
  private headers: string[] = []
  private matched: Record<string, string | null> = {}
  /** How the file is read, as the reader said; a CSV's delimiter names a shifted row's cause. */
  private format: SheetFormat | null = null

  constructor(
    private readonly importKey: string,
    private readonly brandKey: string,
    private readonly mapping: Record<string, string | null>,
    private readonly refs: ImportRefs,
  ) {}

  /** Called by the reader once it knows how the file is read. */
  setFormat(format: SheetFormat | null): void {
    this.format = format
  }

  take(records: readonly CsvRecord[]): { csv: Buffer; rows: number } | { outcome: ParseOutcome } {
    const staged: StagedRow[] = []
    for (const record of records) {
      if (!this.columns) {
        this.headers = record.cells.map((cell) => cell.replace(/^\uFEFF/, '').trim())
        const match = matchHeaders(this.headers, this.mapping)
        if (!match.hasId) throw new StagingError(IMPORT_MESSAGES.missingIdColumn)
        this.matched = match.mapping
        if (match.unmatched.length > 0) {
          return {
            outcome: {
              kind: 'needs_mapping',
              headers: this.headers,
              mapping: match.mapping,
              unmatched: match.unmatched,
              format: this.format,
            },
          }
        }
        this.columns = match.columns
        this.present = new Set(this.columns.filter((field): field is string => field !== null))
        continue
      }
      const values = rowValues(record.cells, this.columns)
      const fit = this.fit(record.cells)
      // A row with more fields than the header has its values under the wrong columns: its one
      // error is that, not the errors of the columns it shifted (docs/decisions/177).
      const check =
        fit?.level === 'error' ? { issues: [fit], target: {} } : validateRow(values, this.present, this.refs)
      const issues = fit?.level === 'warning' ? [fit, ...check.issues] : check.issues
      const id = values[LISTING_UNIQUE_ID] ?? ''
      staged.push({
        // The row as the spreadsheet numbers it: the header is row 1 when it is the first line,
        // and blank lines count (docs/decisions/177).
        rowNumber: record.index + 1,
        listingUniqueId: id,
        normId: normalizeId(id),
        cells: record.cells,
        issues,
        target: check.target as Record<string, unknown>,
        action: hasErrors(issues) ? 'error' : 'create',
        listingKey: newKey(),
      })
    }
    return { csv: stagingCopyText(this.importKey, this.brandKey, staged), rows: staged.length }
  }

  /** How a record's number of fields fits the header's: an error for more, a warning for fewer. */
  private fit(cells: readonly string[]): Issue | null {
    const header = this.headers.length
    // Empty fields after the last column are what many programs write at the end of a line.
    let count = cells.length
    while (count > header && cells[count - 1]!.trim() === '') count--
    if (count > header) {
      const delimiter = this.format && !('kind' in this.format) ? DELIMITER_NAMES[this.format.delimiter] : null
      const message = IMPORT_MESSAGES.tooManyFields(count, header, delimiter)
      return { field: ROW_FIELD, message, level: 'error' }
    }
    if (cells.length < header) {
      return { field: ROW_FIELD, message: IMPORT_MESSAGES.fewerFields(cells.length, header), level: 'warning' }
    }
    return null
  }

  /** After the last record: the outcome of a file read to its end. */
  finish(): ParseOutcome {
    // Nothing was read at all, not even a header row: the file is empty, not missing a column.
    if (!this.columns) throw new StagingError(IMPORT_MESSAGES.emptyFile)
    return { kind: 'parsed', headers: this.headers, mapping: this.matched, format: this.format }
  }
}
