// Reads an upload as CSV or as an .xlsx workbook, told by its first bytes (a workbook is a zip),
// not by its name: both give the same records, numbered as the spreadsheet numbers its rows.
import { readCsv, type CsvBatch, type CsvFormat } from './reader'
import type { XlsxFormat } from './xlsx-reader'

export type SheetFormat = CsvFormat | XlsxFormat

const ZIP = [0x50, 0x4b, 0x03, 0x04]

export function isWorkbook(head: Uint8Array): boolean {
  return ZIP.every((byte, index) => head[index] === byte)
}

export async function* readSpreadsheet(
  source: AsyncIterable<Uint8Array>,
  options: { batchSize?: number; sheet?: string | null; onFormat?: (format: SheetFormat) => void } = {},
): AsyncGenerator<CsvBatch> {
  const iterator = source[Symbol.asyncIterator]()
  // The first chunk decides; a chunk shorter than the zip signature is joined with the next.
  const head: Uint8Array[] = []
  let headBytes = 0
  let ended = false
  while (headBytes < ZIP.length) {
    const next = await iterator.next()
    if (next.done) {
      ended = true
      break
    }
    head.push(next.value)
    headBytes += next.value.byteLength
  }
  const whole = async function* () {
    yield* head
    if (ended) return
    for (;;) {
      const next = await iterator.next()
      if (next.done) return
      yield next.value
    }
  }
  const first = head.length > 0 ? Buffer.concat(head) : new Uint8Array()
  if (isWorkbook(first)) {
    // Loaded only for a workbook: the worker that reads a CSV does not load exceljs at all.
    const { readXlsx } = await import('./xlsx-reader')
    yield* readXlsx(whole(), options)
  } else {
    yield* readCsv(whole(), options)
  }
}
