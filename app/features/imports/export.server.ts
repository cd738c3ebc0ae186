// Export of the products list as it is filtered (issue 46, docs/decisions/180), in the upload
// template's columns, as CSV or as an .xlsx workbook: streamed page by page through the same
// listing query the list uses (its filter, its order, its access check), never held whole.
import { readerCaughtUp } from '#app/infra/streams.server'
import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { ListingFilter } from '#app/features/catalogue'
import { listListings } from '#app/features/catalogue/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'
import { csvLine } from './failed-rows'
import { EXPORT_HEADER, exportCells } from './export-cells'
import { SPREADSHEET_TYPES, type SpreadsheetExtension } from './spreadsheet-files'

/** Listings read per query: the list's own largest page. */
const PAGE = 200

/** The filtered listings' cells, page by page, in the list's order. */
async function* exportedRows(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  filter: ListingFilter,
): AsyncGenerator<string[]> {
  let cursor = 0
  for (;;) {
    const page = await listListings(deps, actor, brandKey, { ...filter, cursor, limit: PAGE })
    for (const listing of page.data) yield exportCells(listing)
    if (!page.more || page.data.length === 0) return
    cursor += page.data.length
  }
}

async function* csvLines(rows: AsyncIterable<string[]>): AsyncGenerator<string> {
  // A BOM so spreadsheet programs open the UTF-8 file with its accents intact.
  yield `\uFEFF${csvLine(EXPORT_HEADER)}`
  for await (const cells of rows) yield csvLine(cells)
}

/** A workbook of one sheet, every column text (leading zeros stay), written as rows come. */
function workbookStream(rows: AsyncIterable<string[]>): Readable {
  const out = new PassThrough()
  void (async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true })
    const sheet = book.addWorksheet('Listings', { views: [{ state: 'frozen', ySplit: 1 }] })
    sheet.columns = EXPORT_HEADER.map((name) => ({
      header: name,
      key: name,
      width: Math.max(14, name.length + 4),
      style: { numFmt: '@' },
    }))
    sheet.getRow(1).font = { bold: true }
    for await (const cells of rows) {
      sheet.addRow(cells).commit()
      // A reader slower than the database (a phone, a far-away browser) must not have the whole
      // workbook pile up in memory: the next rows wait until it has taken what is written.
      await readerCaughtUp(out)
      // The reader went away: no more pages are read for it.
      if (out.destroyed) return
    }
    sheet.commit()
    await book.commit()
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}

/**
 * The brand's listings under `filter` as a spreadsheet of the upload template. The first page is
 * read before answering, so a refusal (no access, a bad filter) is an error, not a broken file.
 */
export async function exportListings(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  filter: ListingFilter,
  format: SpreadsheetExtension,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  await listListings(deps, actor, brandKey, { ...filter, cursor: 0, limit: 1 })
  const rows = exportedRows(deps, actor, brandKey, filter)
  const stamp = new Date().toISOString().slice(0, 10)
  return {
    filename: `listings-${stamp}.${format}`,
    contentType: format === 'csv' ? `${SPREADSHEET_TYPES.csv}; charset=utf-8` : SPREADSHEET_TYPES.xlsx,
    body: format === 'csv' ? Readable.from(csvLines(rows)) : workbookStream(rows),
  }
}
