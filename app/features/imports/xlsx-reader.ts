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
import type * as Saxes from 'saxes'
import { withoutForbiddenText } from '#app/platform/text-rule'
import { CsvFormatError, MAX_COLUMNS, checkBounds, tooWide, type CsvBatch, type CsvRecord } from './reader'

const require = createRequire(import.meta.url)
type EntryStream = Readable & { path: string; autodrain(): void }
// Required when a workbook is read, not when this module loads: a bundle that inlines this
// module still leaves exceljs and unzipper unloaded until the first workbook.
const zipParts = () => ({
  unzip: require('unzipper') as { Parse(options: { forceStream: true }): NodeJS.ReadWriteStream },
  ExcelJS: require('exceljs') as typeof ExcelJS,
  SaxesParser: (require('saxes') as typeof Saxes).SaxesParser,
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
  workbookRels?: { Id: string; Target: string }[]
  model?: { sheets?: { name: string; rId: string; state?: string }[] }
  styles?: { getStyleModel(id: number): { numFmt?: string } | null }
  properties?: { model?: { date1904?: boolean } }
}

/** A worksheet part of the zip: its name (from the workbook part) and its XML, read once. */
interface SheetPart {
  name: string | undefined
  xml: AsyncIterable<Buffer>
}

/** A row of a sheet: its number in the sheet and its cells as text, from column A. */
interface SheetRow {
  number: number
  cells: string[]
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
  strings: { found: SharedStrings | null },
): AsyncGenerator<SheetPart> {
  const sheetBudget = { left: limits.sheetBytes }
  const stringsBudget = { left: limits.stringsBytes }
  const { unzip } = zipParts()
  const zip = unzip.Parse({ forceStream: true })
  source.pipe(zip as unknown as NodeJS.WritableStream)
  const spooled: { sheetNo: string; file: string }[] = []
  // The sheet's name, as exceljs finds it: the workbook's relation to the part, then its sheet.
  const nameOf = (sheetNo: string) => {
    const relation = reader.workbookRels?.find((rel) => rel.Target === `worksheets/sheet${sheetNo}.xml`)
    return relation ? reader.model?.sheets?.find((sheet) => sheet.rId === relation.Id)?.name : undefined
  }
  // Node's own iterator of the entries: it reads the next entry only when this one is done with.
  for await (const entry of zip as unknown as AsyncIterable<EntryStream>) {
    const sheetNo = /^xl\/worksheets\/sheet(\d+)\.xml$/.exec(entry.path)?.[1]
    if (entry.path === 'xl/_rels/workbook.xml.rels') await reader._parseRels(entry)
    else if (entry.path === 'xl/workbook.xml') await reader._parseWorkbook(entry)
    else if (entry.path === 'xl/styles.xml') await reader._parseStyles(entry)
    else if (entry.path === 'xl/sharedStrings.xml') {
      strings.found = await readSharedStrings(counted(entry, stringsBudget, XLSX_TOO_LARGE))
    } else if (sheetNo && strings.found && reader.workbookRels) {
      yield { name: nameOf(sheetNo), xml: counted(entry, sheetBudget, XLSX_TOO_LARGE) }
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
    yield { name: nameOf(sheetNo), xml: chunks() }
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

/** A tag's name without its namespace prefix (the Open XML SDK writes x:row, x:c). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/** Text as a sheet stores it: _xHHHH_ stands for a character XML cannot hold (_x000D_, _x005F_). */
const unescapeText = (text: string) =>
  text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text

/** A workbook's shared strings, by their index. */
interface SharedStrings {
  at(index: number): string
}
const NO_STRINGS: SharedStrings = { at: () => '' }

/**
 * The shared strings part, kept compact: every string in one text, and where each one starts. A
 * sheet of 100,000 rows may share a million strings, which as a million string objects took some
 * 60 MB more while the sheet was read. A string's runs are joined; phonetic guides (rPh) are not
 * part of its text.
 */
async function readSharedStrings(xml: AsyncIterable<Buffer>): Promise<SharedStrings> {
  const parser = new (zipParts().SaxesParser)()
  const decoder = new TextDecoder('utf-8')
  let failure: Error | null = null
  // The text so far, joined chunk by chunk: a million small pieces would be kept as they are
  // until the text is first sliced.
  let text = ''
  let pieces: string[] = []
  let length = 0
  let starts = new Uint32Array(1024)
  let count = 0
  let inText = false
  let inPhonetic = false
  parser.on('error', (error) => (failure ??= error))
  parser.on('opentag', (node) => {
    const name = localName(node.name)
    if (name === 'si') {
      if (count + 1 >= starts.length) {
        const grown = new Uint32Array(starts.length * 2)
        grown.set(starts)
        starts = grown
      }
      starts[count++] = length
    } else if (name === 'rPh') inPhonetic = true
    else if (name === 't' && !inPhonetic) inText = true
  })
  parser.on('text', (value) => {
    if (!inText) return
    const text = unescapeText(value)
    pieces.push(text)
    length += text.length
  })
  parser.on('closetag', (node) => {
    const name = localName(node.name)
    if (name === 't') inText = false
    else if (name === 'rPh') inPhonetic = false
  })
  const join = () => {
    if (failure) throw failure
    text += pieces.join('')
    pieces = []
  }
  for await (const chunk of xml) {
    parser.write(decoder.decode(chunk, { stream: true }))
    join()
  }
  parser.write(decoder.decode())
  parser.close()
  join()
  starts[count] = length
  const found = count
  return {
    at: (index) => (index >= 0 && index < found ? text.slice(starts[index], starts[index + 1]) : ''),
  }
}

/** A date format's code: one that shows days, months, years or times (exceljs's rule). */
function isDateFormat(numFmt: string | undefined): boolean {
  return numFmt !== undefined && /[ymdhMsb]+/.test(numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''))
}

/** "AB12" → 27 (columns from 0); null without a reference. */
function columnOf(reference: string | undefined): number | null {
  const letters = reference ? /^[A-Z]+/.exec(reference)?.[0] : undefined
  if (!letters) return null
  let column = 0
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64)
  return column - 1
}

interface CellXml {
  column: number
  style: number
  /** The cell's t attribute: s (shared string), str, inlineStr, b, e, n (the default), d. */
  type: string
  value: string | null
}

/** What the workbook tells about its cells: shared strings, number formats, the date system. */
interface SheetContext {
  strings: SharedStrings
  numFmt(style: number): string | undefined
  date1904: boolean
}

/** A cell as its sheet shows it, as text. */
function cellXmlText(cell: CellXml, context: SheetContext): string {
  const value = cell.value ?? ''
  switch (cell.type) {
    case 's':
      return context.strings.at(Number.parseInt(value, 10))
    case 'str':
    case 'inlineStr':
      return unescapeText(value)
    case 'e':
      return value
    case 'd': {
      // An ISO 8601 date cell (strict Open XML): shown as the other dates are.
      const date = new Date(value)
      return Number.isNaN(date.getTime()) ? value : cellText(date)
    }
    case 'b':
      return Number.parseInt(value, 10) !== 0 ? 'TRUE' : 'FALSE'
    default: {
      const number = Number.parseFloat(value)
      if (Number.isNaN(number)) return ''
      const numFmt = context.numFmt(cell.style)
      if (!isDateFormat(numFmt)) return numberText(number, numFmt)
      const days = number - 25569 + (context.date1904 ? 1462 : 0)
      return cellText(new Date(Math.round(days * 86_400_000)))
    }
  }
}

/**
 * A worksheet's rows, read from its XML with saxes as the bytes come: each row's cells as text
 * straight away, without exceljs's Row and Cell objects (a third of the time of a large workbook
 * and most of its garbage went there). Rows come in the batches each chunk of XML completes.
 */
async function* sheetRows(xml: AsyncIterable<Buffer>, context: SheetContext): AsyncGenerator<SheetRow[]> {
  const parser = new (zipParts().SaxesParser)()
  const decoder = new TextDecoder('utf-8')
  let failure: Error | null = null
  let done: SheetRow[] = []
  let inSheetData = false
  let row: string[] | null = null
  let rowNumber = 0
  let cell: CellXml | null = null
  let collecting = false
  parser.on('error', (error) => (failure ??= error))
  let inPhonetic = false
  parser.on('opentag', (node) => {
    const attributes = node.attributes as Record<string, string | undefined>
    switch (localName(node.name)) {
      case 'sheetData':
        inSheetData = true
        break
      case 'row': {
        if (!inSheetData) break
        const number = Number.parseInt(attributes.r ?? '', 10)
        rowNumber = Number.isSafeInteger(number) && number > rowNumber ? number : rowNumber + 1
        row = []
        break
      }
      case 'c': {
        if (!row) break
        cell = {
          column: columnOf(attributes.r) ?? row.length,
          style: Number.parseInt(attributes.s ?? '0', 10) || 0,
          type: attributes.t ?? 'n',
          value: null,
        }
        break
      }
      case 'rPh':
        inPhonetic = true
        break
      // A cell's value, or the text of an inline string (its runs joined); a formula is not read.
      case 'v':
      case 't':
        if (cell && !inPhonetic) {
          collecting = true
          cell.value ??= ''
        }
        break
    }
  })
  parser.on('text', (text) => {
    if (collecting && cell) cell.value += text
  })
  parser.on('closetag', (node) => {
    switch (localName(node.name)) {
      case 'v':
      case 't':
        collecting = false
        break
      case 'rPh':
        inPhonetic = false
        break
      case 'c':
        if (row && cell && cell.value !== null) {
          // Refused before a row that wide is built (a reference like ZZZZZZ1 in a tiny file);
          // an empty cell far right (a formatted column) holds nothing and is passed over.
          if (cell.column >= MAX_COLUMNS) failure ??= new CsvFormatError(tooWide(rowNumber, cell.column + 1))
          else row[cell.column] = withoutForbiddenText(cellXmlText(cell, context))
        }
        cell = null
        break
      case 'row':
        if (row) done.push({ number: rowNumber, cells: Array.from(row, (text) => text ?? '') })
        row = null
        break
      case 'sheetData':
        inSheetData = false
        break
    }
  })
  const flush = () => {
    if (failure) throw failure
    const rows = done
    done = []
    return rows
  }
  for await (const chunk of xml) {
    parser.write(decoder.decode(chunk, { stream: true }))
    const rows = flush()
    if (rows.length > 0) yield rows
  }
  parser.write(decoder.decode())
  parser.close()
  const rows = flush()
  if (rows.length > 0) yield rows
}

/** The workbook's number formats and date system, each style's format looked up once. */
function sheetContext(reader: ReaderParts, strings: SharedStrings | null): SheetContext {
  const formats = new Map<number, string | undefined>()
  return {
    strings: strings ?? NO_STRINGS,
    numFmt: (style) => {
      if (!formats.has(style)) formats.set(style, reader.styles?.getStyleModel(style)?.numFmt)
      return formats.get(style)
    },
    date1904: reader.properties?.model?.date1904 === true,
  }
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
    const strings: { found: SharedStrings | null } = { found: null }
    for await (const sheet of sheetsOf(reader, stream, spoolDir, limits, strings)) {
      // The first visible sheet in the workbook's order; the first met when the order is unknown.
      const first = sheetNames(reader)[0]
      if (options.sheet ? sheet.name !== options.sheet : first !== undefined && sheet.name !== first) continue
      found = sheet.name ?? ''
      options.onFormat?.({ kind: 'xlsx', sheet: found, sheets: sheetNames(reader) })
      let header = -1
      let records: CsvRecord[] = []
      for await (const rows of sheetRows(sheet.xml, sheetContext(reader, strings.found))) {
        for (const { number, cells } of rows) {
          if (cells.every((cell) => cell.trim() === '')) continue
          const index = number - 1
          checkBounds(cells, index, header < 0)
          if (header < 0) header = cells.length
          while (cells.length < header) cells.push('')
          records.push({ index, cells })
          if (records.length >= batchSize) {
            yield { records, bytesRead }
            records = []
          }
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
