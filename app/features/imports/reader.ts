// Reads a CSV upload as it streams in: the encoding (UTF-8 with or without BOM, else
// Windows-1252), the delimiter (comma, semicolon or tab) and the line break are told from the
// first bytes; records come out in batches, quoted fields may hold delimiters and line breaks.
// Only one batch and one unfinished record are held at a time, never the whole file.
import Papa from 'papaparse'
import { withoutForbiddenText } from '#app/platform/text-rule'

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'windows-1252'
export type CsvDelimiter = ',' | ';' | '\t'

export interface CsvRecord {
  /** 0 for the header, then 1, 2, … for each record after it (empty ones counted too). */
  index: number
  cells: string[]
}

export interface CsvBatch {
  records: CsvRecord[]
  /** Bytes of the file read so far. */
  bytesRead: number
}

export interface CsvFormat {
  encoding: CsvEncoding
  delimiter: CsvDelimiter
  newline: '\r\n' | '\n' | '\r'
}

/** A file that cannot be read as CSV at all; the message names what is wrong. */
export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CsvFormatError'
  }
}

/** One record may not be longer than this (an unclosed quote would otherwise swallow the file). */
export const MAX_RECORD_CHARS = 1_000_000
/** Columns a record may have: a line sheet has a few dozen; 100,000 would swamp every page after. */
export const MAX_COLUMNS = 1000
/** A header cell is a column's name, not a text. */
export const MAX_HEADER_CHARS = 500
/** How much of the start of a file decides its encoding. */
const SNIFF_BYTES = 64 * 1024

const BINARY_SIGNATURES: number[][] = [
  [0x50, 0x4b, 0x03, 0x04], // zip: xlsx, docx, numbers
  [0xd0, 0xcf, 0x11, 0xe0], // old Office: xls
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x89, 0x50, 0x4e, 0x47], // png
  [0xff, 0xd8, 0xff], // jpeg
]

/** A record within MAX_COLUMNS and, for the header, names within MAX_HEADER_CHARS. */
/** The message for a row of `columns` columns, more than a file may have. */
export const tooWide = (row: number, columns: number) =>
  `Row ${row} has ${columns.toLocaleString('en-US')} columns; a file may have at most ${MAX_COLUMNS.toLocaleString('en-US')}.`

export function checkBounds(cells: readonly string[], index: number, isHeader: boolean): void {
  if (cells.length > MAX_COLUMNS) throw new CsvFormatError(tooWide(index + 1, cells.length))
  if (!isHeader) return
  const long = cells.findIndex((cell) => cell.length > MAX_HEADER_CHARS)
  if (long >= 0) {
    throw new CsvFormatError(`Column ${long + 1} of the header row is longer than ${MAX_HEADER_CHARS} characters.`)
  }
}

/** Whether the first bytes look like a text file (no binary signature, no NUL bytes). */
export function looksLikeText(head: Uint8Array): boolean {
  if (BINARY_SIGNATURES.some((signature) => signature.every((byte, i) => head[i] === byte))) return false
  // UTF-16 files start with a BOM and are full of NULs: not a CSV we read.
  const sample = head.subarray(0, 4096)
  return !sample.includes(0)
}

/** UTF-8 when the start decodes as UTF-8, else Windows-1252 (what Excel on Windows writes). */
export function detectEncoding(head: Uint8Array): CsvEncoding {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8-bom'
  try {
    // `stream: true` lets a character cut at the end of the sample pass.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true })
    return 'utf-8'
  } catch {
    return 'windows-1252'
  }
}

/** The first line (outside quotes) of a text: its break and the delimiter it uses most. */
export function detectLayout(text: string): Pick<CsvFormat, 'delimiter' | 'newline'> {
  let quoted = false
  let end = text.length
  let newline: CsvFormat['newline'] = '\n'
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '"') quoted = !quoted
    else if (!quoted && (c === '\n' || c === '\r')) {
      end = i
      newline = c === '\r' ? (text[i + 1] === '\n' ? '\r\n' : '\r') : '\n'
      break
    }
  }
  const line = text.slice(0, end).replace(/"[^"]*"/g, '')
  const counts = ([',', ';', '\t'] as const).map((d) => ({ d, n: line.split(d).length - 1 }))
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a))
  return { delimiter: best.n > 0 ? best.d : ',', newline }
}

function isEmptyRecord(cells: string[]): boolean {
  return cells.every((cell) => cell.trim() === '')
}

/**
 * The records of a CSV byte stream, in batches of about `batchSize`. Empty records (blank lines,
 * lines of delimiters only) are skipped but counted, so `index` + 1 is the record's row in a
 * spreadsheet. Control characters but tab and line breaks, and halves of surrogate pairs, are dropped
 * from every cell (app/platform/text-rule.ts): a database text cannot hold a NUL, and the others are
 * invisible.
 */
export async function* readCsv(
  source: AsyncIterable<Uint8Array>,
  options: { batchSize?: number; onFormat?: (format: CsvFormat) => void } = {},
): AsyncGenerator<CsvBatch> {
  const batchSize = options.batchSize ?? 2000
  let decoder = null as TextDecoder | null
  let parser: Papa.Parser | null = null
  let head: Uint8Array[] = []
  let headBytes = 0
  let bytesRead = 0
  let partial = ''
  let index = 0
  let records: CsvRecord[] = []

  let headerSeen = false
  const take = (rows: string[][]) => {
    for (const cells of rows) {
      const i = index++
      if (isEmptyRecord(cells)) continue
      checkBounds(cells, i, !headerSeen)
      headerSeen = true
      records.push({ index: i, cells: cells.map(withoutForbiddenText) })
    }
  }
  const start = (bytes: Uint8Array): TextDecoder => {
    if (!looksLikeText(bytes)) throw new CsvFormatError('CSV file not detected. ')
    const encoding = detectEncoding(bytes)
    const made = new TextDecoder(encoding === 'windows-1252' ? 'windows-1252' : 'utf-8', { ignoreBOM: false })
    const sample = new TextDecoder(encoding === 'windows-1252' ? 'windows-1252' : 'utf-8').decode(
      bytes.subarray(0, 8192),
    )
    const layout = detectLayout(sample.replace(/^\uFEFF/, ''))
    options.onFormat?.({ encoding, ...layout })
    parser = new Papa.Parser({ delimiter: layout.delimiter, newline: layout.newline, quoteChar: '"' })
    return made
  }
  const feed = (text: string, last: boolean) => {
    const input = partial + text
    if (input === '') return
    const result = parser!.parse(input, 0, !last) as { data: string[][]; meta: { cursor: number } }
    take(result.data)
    partial = last ? '' : input.slice(result.meta.cursor)
    if (partial.length > MAX_RECORD_CHARS) {
      throw new CsvFormatError(
        `Row ${index + 1} is longer than ${MAX_RECORD_CHARS.toLocaleString('en-US')} characters: is a quote left open?`,
      )
    }
  }

  for await (const chunk of source) {
    const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk as ArrayBufferLike)
    bytesRead += bytes.byteLength
    if (!decoder) {
      head.push(bytes)
      headBytes += bytes.byteLength
      if (headBytes < SNIFF_BYTES) continue
      const joined = Buffer.concat(head)
      head = []
      decoder = start(joined)
      feed(decoder.decode(joined, { stream: true }), false)
    } else {
      feed(decoder.decode(bytes, { stream: true }), false)
    }
    if (records.length >= batchSize) {
      yield { records, bytesRead }
      records = []
    }
  }
  if (!decoder) {
    const joined = Buffer.concat(head)
    if (joined.byteLength === 0) return
    decoder = start(joined)
    feed(decoder.decode(joined, { stream: true }), false)
  }
  feed(decoder.decode(), true)
  if (records.length > 0) yield { records, bytesRead }
}
