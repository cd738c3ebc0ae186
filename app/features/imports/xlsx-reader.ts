// Reads an .xlsx upload as it streams in (docs/decisions/177): the first sheet, or the one named,
// row by row, each cell as the sheet shows it — text as written, a number without float noise
// and with the leading zeros of its format, a date as YYYY-MM-DD. Records come out as the CSV
// reader's do, numbered by the sheet's own rows. exceljs's streaming reader parses the parts; the
// walk over the zip is ours, so that the sheet a workbook stores before its strings (Excel does)
// is spooled to a temporary file under a byte limit: a small file that unpacks to gigabytes is
// refused, not written to disk.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import type ExcelJS from 'exceljs'
import { withoutForbiddenText } from '#app/platform/text-rule'
import { CsvFormatError, checkBounds, type CsvBatch, type CsvRecord } from './reader'

const require = createRequire(import.meta.url)
type EntryStream = Readable & { path: string; autodrain(): void }
// Required when a workbook is read, not when this module loads: a bundle that inlines this
// module still leaves exceljs and unzipper unloaded until the first workbook.
const zipParts = () => ({
  unzip: require('unzipper') as { Parse(options: { forceStream: true }): NodeJS.ReadWriteStream },
  iterateStream: require('exceljs/lib/utils/iterate-stream') as (stream: unknown) => AsyncIterable<EntryStream>,
  ExcelJS: require('exceljs') as typeof ExcelJS,
})

/** The sheets' XML a workbook may unpack to, read or spooled: a 100,000-row sheet is about 150 MB. */
export const MAX_SHEET_XML_BYTES = 1024 ** 3
/** Its shared strings' XML, which is held in memory while the sheet is read. */
export const MAX_SHARED_STRINGS_BYTES = 96 * 1024 ** 2

export interface XlsxLimits {
  sheetBytes: number
  stringsBytes: number
}

export interface XlsxFormat {
  kind: 'xlsx'
  /** The sheet read. */
  sheet: string
  /** The workbook's visible sheets, in its order. */
  sheets: string[]
}

/** The parts of exceljs's streaming reader that its own walk over the zip uses (untyped there). */
interface ReaderParts {
  _parseRels(entry: EntryStream): Promise<void>
  _parseWorkbook(entry: EntryStream): Promise<void>
  _parseStyles(entry: EntryStream): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncGenerator<ReaderEvent>
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<ReaderEvent>
  sharedStrings?: unknown[]
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { name: string; rId: string; state?: string }[] }
}
type ReaderEvent = { eventType: string; value: unknown }
interface SheetRows extends AsyncIterable<ExcelJS.Row> {
  name: string
}

/** Passes a part's bytes on, counting them against `budget`; past it, the workbook is refused. */
async function* counted(part: AsyncIterable<Buffer>, budget: { left: number }, what: string): AsyncGenerator<Buffer> {
  for await (const chunk of part) {
    budget.left -= chunk.byteLength
    if (budget.left < 0) throw new CsvFormatError(`${what} Save the sheet as CSV and upload that.`)
    yield chunk
  }
}

export const XLSX_UNREADABLE = 'The workbook could not be read. Save it again as .xlsx or as CSV and upload that.'
export const XLSX_TOO_LARGE = 'The workbook unpacks to more than a spreadsheet of this size can hold.'

function workbookReader(source: Readable): ReaderParts {
  return new (zipParts().ExcelJS.stream.xlsx.WorkbookReader)(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ReaderParts
}

/** The workbook's sheets, in the zip's order; each one's rows are read when iterated. */
async function* sheetsOf(
  reader: ReaderParts,
  source: Readable,
  spoolDir: string,
  limits: XlsxLimits,
): AsyncGenerator<SheetRows> {
  const sheetBudget = { left: limits.sheetBytes }
  const stringsBudget = { left: limits.stringsBytes }
  const { unzip, iterateStream } = zipParts()
  const zip = unzip.Parse({ forceStream: true })
  source.pipe(zip as unknown as NodeJS.WritableStream)
  const spooled: { sheetNo: string; file: string }[] = []
  const worksheets = function* (events: Generator<ReaderEvent>) {
    for (const event of events) if (event.eventType === 'worksheet') yield event.value as SheetRows
  }
  for await (const entry of iterateStream(zip)) {
    const sheetNo = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.path)?.[1]
    if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(entry)
    else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(entry)
    else if (entry.path === 'xl/styles.xml') await reader._parseStyles(entry)
    else if (entry.path === 'xl/sharedStrings.xml') {
      const strings = Readable.from(counted(entry, stringsBudget, XLSX_TOO_LARGE), { objectMode: false })
      for await (const _event of reader._parseSharedStrings(strings)) void _event
    } else if (sheetNo && reader.sharedStrings && reader.workbookRels) {
      yield* worksheets(reader._parseWorksheet(counted(entry, sheetBudget, XLSX_TOO_LARGE), sheetNo))
    } else if (sheetNo) {
      // Its strings come later in the zip: kept on disk until they are read.
      const file = path.join(spoolDir, `sheet${sheetNo}.xml`)
      await spool(counted(entry, sheetBudget, XLSX_TOO_LARGE), file)
      spooled.push({ sheetNo, file })
    }
    entry.autodrain()
  }
  for (const { sheetNo, file } of spooled) {
    // Opened only if its rows are read: a sheet passed over leaves no stream open.
    const chunks = async function* () {
      yield* fs.createReadStream(file) as AsyncIterable<Buffer>
    }
    yield* worksheets(reader._parseWorksheet(chunks(), sheetNo))
  }
}

/** The workbook's visible sheets, in its order (known once its workbook part is read). */
function sheetNames(reader: ReaderParts): string[] {
  return (reader.model?.sheets ?? []).filter((sheet) => sheet.state !== 'hidden').map((sheet) => sheet.name)
}

async function spool(part: AsyncIterable<Buffer>, file: string): Promise<void> {
  const out = fs.createWriteStream(file)
  try {
    for await (const chunk of part) {
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
    }
  } finally {
    await new Promise<void>((resolve) => out.end(() => resolve()))
  }
}

/** YYYY-MM-DD, and the time when it is not midnight: the date a cell shows, in any locale. */
function dateText(date: Date): string {
  const iso = date.toISOString()
  const time = iso.slice(11, 16)
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${time}`
}

/**
 * A number as its cell shows it: the leading zeros of a format of zeros ("000000" shows 7 as
 * 000007), the decimals of a fixed format ("0.00"), a percentage, else as Excel's General does, to
 * 15 significant digits (19.990000000000002 shows 19.99).
 */
export function numberText(value: number, numFmt: string | undefined): string {
  const format = (numFmt ?? '')
    .replace(/"[^"]*"|\[[^\]]*]|\\./g, '')
    .split(';')[0]!
    .trim()
  const zeros = /^0+$/.exec(format)
  if (zeros && Number.isInteger(value) && value >= 0) return String(value).padStart(format.length, '0')
  const fixed = /^(?:#,##)?0\.(0+)(%?)$/.exec(format)
  if (fixed) return fixed[2] ? `${(value * 100).toFixed(fixed[1]!.length)}%` : value.toFixed(fixed[1]!.length)
  if (format === '0%') return `${Math.round(value * 100)}%`
  return String(Number(value.toPrecision(15)))
}

/** What a cell shows, as text. */
export function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return numberText(value, numFmt)
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : dateText(value)
  if ('richText' in value) return value.richText.map((run) => run.text).join('')
  if ('error' in value) return String(value.error)
  if ('result' in value) return cellText((value.result ?? null) as ExcelJS.CellValue, numFmt)
  if ('text' in value) return cellText(value.text as ExcelJS.CellValue, numFmt)
  return ''
}

/** A row's cells as text, from column A to its last cell. */
function rowCells(row: ExcelJS.Row): string[] {
  const cells: string[] = []
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push('')
    cells[column - 1] = withoutForbiddenText(cellText(cell.value, cell.numFmt))
  })
  return cells
}

/**
 * The records of an .xlsx byte stream, in batches of about `batchSize`: the sheet named `sheet`, or
 * the workbook's first. `index` + 1 is the row's number in the sheet. Every record after the header
 * has at least the header's cells (a sheet does not store empty cells at the end of a row).
 */
export async function* readXlsx(
  source: AsyncIterable<Uint8Array>,
  options: {
    batchSize?: number
    sheet?: string | null
    onFormat?: (format: XlsxFormat) => void
    limits?: XlsxLimits
  } = {},
): AsyncGenerator<CsvBatch> {
  const batchSize = options.batchSize ?? 2000
  const limits = options.limits ?? { sheetBytes: MAX_SHEET_XML_BYTES, stringsBytes: MAX_SHARED_STRINGS_BYTES }
  const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-xlsx-'))
  const stream = Readable.from(source, { objectMode: false })
  let bytesRead = 0
  stream.on('data', (chunk: Buffer) => (bytesRead += chunk.byteLength))
  const reader = workbookReader(stream)
  let found: string | null = null
  try {
    for await (const sheet of sheetsOf(reader, stream, spoolDir, limits)) {
      // The first visible sheet in the workbook's order; the first met when the order is unknown.
      const first = sheetNames(reader)[0]
      if (options.sheet ? sheet.name !== options.sheet : first !== undefined && sheet.name !== first) continue
      found = sheet.name
      options.onFormat?.({ kind: 'xlsx', sheet: found, sheets: sheetNames(reader) })
      let header = -1
      let records: CsvRecord[] = []
      for await (const row of sheet) {
        const cells = rowCells(row)
        if (cells.every((cell) => cell.trim() === '')) continue
        const index = row.number - 1
        checkBounds(cells, index, header < 0)
        if (header < 0) header = cells.length
        while (cells.length < header) cells.push('')
        records.push({ index, cells })
        if (records.length >= batchSize) {
          yield { records, bytesRead }
          records = []
        }
      }
      if (records.length > 0) yield { records, bytesRead }
      // The rest of the workbook is not read; the upload's rest still goes to the blob store.
      break
    }
    if (found === null) {
      throw new CsvFormatError(
        options.sheet
          ? `The workbook has no sheet named "${options.sheet}".`
          : 'The workbook has no sheet to read. Save it again from your spreadsheet program.',
      )
    }
  } catch (error) {
    if (error instanceof CsvFormatError) throw error
    // A zip cut short or damaged: the parser's own words (FILE_ENDED, invalid signature) say nothing to a person.
    throw new CsvFormatError(XLSX_UNREADABLE)
  } finally {
    stream.destroy()
    fs.rmSync(spoolDir, { recursive: true, force: true })
  }
}
