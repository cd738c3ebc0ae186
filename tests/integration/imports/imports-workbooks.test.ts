// Spreadsheet import against a real database (setup: tests/support/imports-world.ts): .xlsx
// workbooks read like CSV files (docs/decisions/177), the sheet chosen, through the service, the
// JSON API and History's download; rows numbered as the sheet; rows that do not fit the header.
import {
  cancelImport,
  chooseImportSheet,
  getImport,
  listImportRows,
  originalFile,
  rollbackImport,
  startImport,
} from '#app/features/imports/imports.server'
import { importRows, imports } from '#db/schema'
import { api } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { actors, brand, cookies, portal, upload, setUpImportsWorld } from '#tests/support/imports-world'

setUpImportsWorld()

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  for (const [name, rows] of Object.entries(sheets)) book.addWorksheet(name).addRows(rows)
  return Buffer.from(await book.xlsx.writeBuffer())
}

const HEAD = ['Listing Unique Id', 'Style Name', 'Style Number', 'UPC']

async function stagedRows(importKey: string) {
  return portal.deps.db
    .select({ row: importRows.rowNumber, id: importRows.listingUniqueId, action: importRows.action })
    .from(importRows)
    .where(eq(importRows.importKey, importKey))
    .orderBy(importRows.rowNumber)
}

describe('an .xlsx upload', () => {
  it('is read like a CSV: rows numbered as the sheet, the sheet and its siblings remembered, the bytes kept', async () => {
    const bytes = await workbook({
      Women: [HEAD, ['WB-1', 'T-Shirt Classic', 'WB-S1', '012345678905'], [], ['WB-2', "Robe d'été à fleurs", 'WB-S2']],
      Men: [HEAD, ['WM-1', "Men's Robe", 'WM-S1']],
    })
    const view = await upload(actors.owner, bytes, { filename: 'Line Sheet.xlsx' })
    expect(view).toMatchObject({
      status: 'previewed',
      counts: { rows: 2, create: 2, errors: 0 },
      workbook: { sheet: 'Women', sheets: ['Women', 'Men'] },
    })
    expect(await stagedRows(view.key)).toEqual([
      { row: 2, id: 'WB-1', action: 'create' },
      { row: 4, id: 'WB-2', action: 'create' },
    ])
    const original = await originalFile(portal.deps, actors.owner, view.key)
    expect(original.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const stored: Buffer[] = []
    for await (const chunk of original.body) stored.push(chunk as Buffer)
    expect(Buffer.concat(stored).equals(bytes)).toBe(true)

    // Another sheet, read in its place before the commit; the rows read before are gone.
    const men = await chooseImportSheet(portal.deps, actors.owner, view.key, 'Men')
    expect(men).toMatchObject({ status: 'previewed', counts: { rows: 1, create: 1 }, workbook: { sheet: 'Men' } })
    expect(await stagedRows(view.key)).toEqual([{ row: 2, id: 'WM-1', action: 'create' }])
  })

  it('refuses a sheet choice that is not the workbook’s, on a CSV, by a read member, and after the commit', async () => {
    const bytes = await workbook({ Only: [HEAD, ['WC-1', 'Tee', 'WC-S1']], Other: [HEAD] })
    const view = await upload(actors.owner, bytes, { filename: 'choose.xlsx' })
    const before = await stagedRows(view.key)
    await expect(chooseImportSheet(portal.deps, actors.owner, view.key, 'Kids')).rejects.toMatchObject({
      status: 400,
      message: 'sheet: the workbook has no sheet named "Kids".',
    })
    await expect(chooseImportSheet(portal.deps, actors.owner, view.key, 42)).rejects.toMatchObject({ status: 400 })
    await expect(chooseImportSheet(portal.deps, actors.reader, view.key, 'Other')).rejects.toMatchObject({
      status: 403,
    })
    await expect(chooseImportSheet(portal.deps, actors.outsider, view.key, 'Other')).rejects.toMatchObject({
      status: 404,
    })
    expect(await stagedRows(view.key)).toEqual(before)

    const csv = await upload(actors.owner, 'Listing Unique Id,Style Name,Style Number\nWC-9,Tee,WC-S9\n')
    await expect(chooseImportSheet(portal.deps, actors.owner, csv.key, 'Sheet1')).rejects.toMatchObject({
      status: 400,
      message: 'sheet: this upload is a CSV file, which has no sheets.',
    })

    const committed = await api(portal, 'POST', `/api/listing/method/batch`, {
      cookie: cookies.owner,
      body: { brand: brand.key, spreadsheet: 'Listing Unique Id,Style Name,Style Number\nWC-8,Tee,WC-S8\n' },
    })
    const key = (committed.body.data as { context: { key: string } }).context.key
    await expect(chooseImportSheet(portal.deps, actors.owner, key, 'Sheet1')).rejects.toMatchObject({ status: 409 })
    await rollbackImport(portal.deps, actors.owner, key)
  })

  it('takes the sheet named in the JSON API’s multipart field before the file', async () => {
    const bytes = await workbook({ First: [HEAD, ['WA-1', 'Tee', 'WA-S1']], Second: [HEAD, ['WA-2', 'Top', 'WA-S2']] })
    const form = new FormData()
    form.set('brand', brand.key)
    form.set('preflight', 'true')
    form.set('sheet', 'Second')
    form.set('file', new Blob([new Uint8Array(bytes)]), 'api.xlsx')
    const answer = await fetch(`${portal.url}/api/listing/method/batch`, {
      method: 'POST',
      body: form,
      headers: { cookie: cookies.owner },
    })
    const body = (await answer.json()) as { data: { context: { key: string } } }
    expect(answer.status, JSON.stringify(body)).toBe(200)
    expect(await stagedRows(body.data.context.key)).toEqual([{ row: 2, id: 'WA-2', action: 'create' }])

    form.set('sheet', 'Third')
    const refused = await fetch(`${portal.url}/api/listing/method/batch`, {
      method: 'POST',
      body: form,
      headers: { cookie: cookies.owner },
    })
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'The workbook has no sheet named "Third".',
    )
  })

  it('refuses other files with the spec’s text, and a damaged workbook with its own, leaving no import', async () => {
    const before = (await portal.deps.db.select().from(imports).where(eq(imports.brandKey, brand.key))).length
    await expect(upload(actors.owner, Buffer.from('PK\u0003\u0004'), { filename: 'old.xls' })).rejects.toMatchObject({
      status: 400,
      message: 'CSV file not detected. ',
    })
    const damaged = await workbook({ S: [HEAD, ['WD-1', 'Tee', 'WD-S1']] })
    await expect(
      upload(actors.owner, damaged.subarray(0, damaged.length - 200), { filename: 'cut.xlsx' }),
    ).rejects.toMatchObject({
      status: 400,
      message:
        'Error uploading CSV file. The workbook could not be read. Save it again as .xlsx or as CSV and upload that.',
    })
    expect((await portal.deps.db.select().from(imports).where(eq(imports.brandKey, brand.key))).length).toBe(before)
  })
})

describe('rows that do not fit the header', () => {
  it('gives a shifted row one error on the row, a short row a warning, and lists them by the sheet’s numbers', async () => {
    const csv = [
      'Listing Unique Id,Style Name,Style Number,UPC',
      'FT-1,Tee,FT-S1,',
      '',
      'FT-2,Tee, Classic,FT-S2,012345678905',
      'FT-3,Top,FT-S3',
    ].join('\n')
    const view = await upload(actors.owner, csv)
    const page = await listImportRows(portal.deps, actors.owner, view.key, { only: 'all', cursor: 0, limit: 10 })
    expect(page.rows.map((row) => [row.rowNumber, row.action])).toEqual([
      [2, 'create'],
      [4, 'error'],
      [5, 'create'],
    ])
    expect(page.rows[1]!.issues).toEqual([
      {
        field: '',
        level: 'error',
        message: 'This row has 5 fields where the header has 4: is there a comma inside a value that is not in quotes?',
      },
    ])
    expect(page.rows[2]!.issues).toContainEqual({
      field: '',
      level: 'warning',
      message: 'This row has 3 fields where the header has 4: the missing ones are read as empty.',
    })
  })
})

describe('an upload that stops, and one that is cancelled', () => {
  const rowsOf = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => `IC-${from + i},Tee,IC-S${from + i}`).join('\n') + '\n'
  const stagedCount = async (key: string) =>
    (await portal.deps.db.select().from(importRows).where(eq(importRows.importKey, key))).length
  const importOf = async (filename: string) =>
    (await portal.deps.db.select().from(imports).where(eq(imports.filename, filename)))[0]

  it('is told interrupted once its bytes stop coming, kept in History without its rows', async () => {
    async function* stalls() {
      yield Buffer.from('Listing Unique Id,Style Name,Style Number\n' + rowsOf(0, 10))
      await new Promise(() => undefined)
    }
    const started = Date.now()
    await expect(
      startImport(
        portal.deps,
        actors.owner,
        { brandKey: brand.key },
        { filename: 'stalled.csv', addition: false, body: stalls(), idleMs: 300 },
      ),
    ).rejects.toMatchObject({ status: 400, message: 'The upload was interrupted — upload the file again.' })
    expect(Date.now() - started).toBeLessThan(10_000)
    const record = await importOf('stalled.csv')
    expect(record).toMatchObject({
      status: 'failed',
      error: { type: 'interrupted', message: 'The upload was interrupted — upload the file again.' },
    })
    expect(await stagedCount(record!.key)).toBe(0)
    expect(await portal.deps.blobs.get(record!.blobKey)).toBeNull()
  })

  it('is told interrupted when its connection breaks off mid-way, kept in History without its rows', async () => {
    async function* breaks() {
      yield Buffer.from('Listing Unique Id,Style Name,Style Number\n' + rowsOf(100, 10))
      throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' })
    }
    await expect(
      startImport(
        portal.deps,
        actors.owner,
        { brandKey: brand.key },
        { filename: 'broken-off.csv', addition: false, body: breaks() },
      ),
    ).rejects.toMatchObject({ status: 400, message: 'The upload was interrupted — upload the file again.' })
    const record = await importOf('broken-off.csv')
    expect(record).toMatchObject({ status: 'failed', error: { type: 'interrupted' } })
    expect(await stagedCount(record!.key)).toBe(0)
    expect(await portal.deps.blobs.get(record!.blobKey)).toBeNull()
  })

  it('stops reading when its uploader cancels it, and refuses anyone else and anything not being read', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (release = resolve))
    async function* slow() {
      yield Buffer.from('Listing Unique Id,Style Name,Style Number\n' + rowsOf(0, 4500))
      await gate
      yield Buffer.from(rowsOf(4500, 10))
    }
    const running = startImport(
      portal.deps,
      actors.owner,
      { brandKey: brand.key },
      { filename: 'cancelled.csv', addition: false, body: slow() },
    )
    running.catch(() => undefined)
    // Wait until a batch is staged: the import is being read.
    let record = await importOf('cancelled.csv')
    for (let i = 0; i < 200 && (record?.progress.rowsParsed ?? 0) < 2000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      record = await importOf('cancelled.csv')
    }
    expect(record).toMatchObject({ status: 'parsing' })
    await expect(cancelImport(portal.deps, actors.reader, record!.key)).rejects.toMatchObject({ status: 403 })
    await expect(cancelImport(portal.deps, actors.outsider, record!.key)).rejects.toMatchObject({ status: 404 })
    expect((await importOf('cancelled.csv'))!.status).toBe('parsing')

    const view = await cancelImport(portal.deps, actors.owner, record!.key)
    expect(view).toMatchObject({ status: 'failed', error: { type: 'cancelled', message: 'The upload was cancelled.' } })
    release()
    await expect(running).rejects.toMatchObject({ status: 409, message: 'The upload was cancelled.' })
    expect(await stagedCount(record!.key)).toBe(0)
    expect((await getImport(portal.deps, actors.owner, record!.key)).status).toBe('failed')
    await expect(cancelImport(portal.deps, actors.owner, record!.key)).rejects.toMatchObject({ status: 409 })

    const done = await upload(actors.owner, 'Listing Unique Id,Style Name,Style Number\nIC-X,Tee,IC-SX\n')
    await expect(cancelImport(portal.deps, actors.owner, done.key)).rejects.toMatchObject({
      status: 409,
      message: 'Only an upload still being read can be cancelled; this one is previewed.',
    })
  })
})
