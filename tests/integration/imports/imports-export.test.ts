// Export of the products list in the template's columns (docs/decisions/180), against a real
// database (setup: tests/support/imports-world.ts): CSV and .xlsx as filtered, who may take it,
// and the round trip: exported, untouched and uploaded again, nothing changes; two cells edited,
// exactly two listings are updated.
import { commitImport, exportListings } from '#app/features/imports/imports.server'
import { readSpreadsheet } from '#app/features/imports/sheet-reader'
import type { CsvRecord } from '#app/features/imports/reader'
import ExcelJS from 'exceljs'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { actors, brand, portal, upload, searchFilter as filter, setUpImportsWorld } from '#tests/support/imports-world'

setUpImportsWorld()

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

async function records(bytes: Buffer): Promise<CsvRecord[]> {
  const found: CsvRecord[] = []
  for await (const batch of readSpreadsheet(Readable.from([bytes]))) found.push(...batch.records)
  return found
}

describe('exporting the products list', () => {
  it('answers the filtered listings as CSV and as a workbook, which upload again to exactly the edits made', async () => {
    const made = await upload(
      actors.owner,
      'Listing Unique Id,Style Name,Style Number,UPC,Units,Categories,Line,Wholesale Prices\n' +
        'XP-1,Export Tee,XP-S1,012345678905,5,Shirts,Line 1,45 USD\n' +
        'XP-2,Export Top,XP-S2,,7,,,"45 USD, 40.5 EUR"\n' +
        'XP-3,Export Coat,XP-S3,,,,,\n' +
        'XP-4,Kept Apart,XP-S4,,,,,\n',
    )
    await commitImport(portal.deps, actors.owner, made.key)

    const csv = await exportListings(portal.deps, actors.reader, brand.key, filter('export'), 'csv')
    expect(csv.contentType).toBe('text/csv; charset=utf-8')
    expect(csv.filename).toMatch(/^listings-\d{4}-\d{2}-\d{2}\.csv$/)
    const csvBytes = await bytesOf(csv.body)
    const csvRecords = await records(csvBytes)
    expect(csvRecords[0]!.cells.slice(0, 3)).toEqual(['Listing Unique Id', 'Style Name', 'Style Number'])
    expect(
      csvRecords
        .slice(1)
        .map((record) => record.cells[0])
        .sort(),
    ).toEqual(['XP-1', 'XP-2', 'XP-3'])

    const xlsx = await exportListings(portal.deps, actors.owner, brand.key, filter('export'), 'xlsx')
    expect(xlsx.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const xlsxBytes = await bytesOf(xlsx.body)
    expect((await records(xlsxBytes)).map((record) => record.cells)).toEqual(csvRecords.map((record) => record.cells))

    // Untouched, the CSV uploads to a dry run that changes nothing.
    const again = await upload(actors.owner, csvBytes, { filename: 'listings.csv' })
    expect(again.counts).toMatchObject({ rows: 3, create: 0, update: 0, unchanged: 3, errors: 0 })

    // Two cells edited in the workbook as Excel would: exactly two listings change.
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(
      xlsxBytes.buffer.slice(xlsxBytes.byteOffset, xlsxBytes.byteOffset + xlsxBytes.byteLength) as ArrayBuffer,
    )
    const sheet = book.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).map(String)
    sheet.eachRow((row, number) => {
      if (number === 1) return
      const id = String(row.getCell(1).value)
      if (id === 'XP-1') row.getCell(header.indexOf('Style Name')).value = 'Export Tee Renamed'
      if (id === 'XP-2') row.getCell(header.indexOf('Units')).value = '9'
    })
    const edited = Buffer.from(await book.xlsx.writeBuffer())
    const changed = await upload(actors.owner, edited, { filename: 'listings.xlsx' })
    expect(changed.counts).toMatchObject({ rows: 3, create: 0, update: 2, unchanged: 1, errors: 0 })
  })

  it('is refused to someone outside the brand, and streams nothing', async () => {
    await expect(exportListings(portal.deps, actors.outsider, brand.key, filter(''), 'csv')).rejects.toMatchObject({
      status: 404,
    })
  })
})
