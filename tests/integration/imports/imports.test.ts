// Spreadsheet import (catalogue.md §2, §4, §5, §7) against a real database: the service's dry
// run, commit, row fixes, mapping, rollback and history, and the JSON API with its envelopes,
// bad input, outsiders and read members. What a user sees is checked through the views and the
// calls; what is written, through the listings table itself.
import {
  commitImport,
  failedRowsCsv,
  getImport,
  importResult,
  listImportRows,
  listImports,
  originalFile,
  rollbackImport,
  importRollbackBlockers,
  startImport,
  updateImportRow,
  type ImportView,
} from '#app/features/imports/imports.server'
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import { importRows, imports, listings } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  HEADER,
  actors,
  brand,
  errorsOf,
  existing,
  listingRows,
  portal,
  upload,
  setUpImportsWorld,
} from '#tests/support/imports-world'

setUpImportsWorld()

describe('an upload and its dry run', () => {
  let view: ImportView
  let before: string[]

  beforeAll(async () => {
    before = await listingRows()
    view = await upload(
      actors.owner,
      [
        HEADER,
        'NEW-1,Linen Shirt,SN-9,012345678905,12,Shirts,Line 1,"45 USD, 40 EUR"',
        'EX-1,New Name,SN-1,,7,,,',
        'EX-2,Same Name,SN-2,012345678905,,,,',
        'BAD-1,Bad Shirt,SN-8,1.23457E+11,lots,,,',
        '',
        'new-1 ,Copy,SN-9,,,,,',
      ].join('\r\n'),
    )
  })

  it('says per row whether it creates, updates or leaves a listing unchanged, with old → new', async () => {
    expect(view).toMatchObject({
      status: 'previewed',
      filename: 'line-sheet.csv',
      counts: { rows: 5, create: 0, update: 1, unchanged: 1, errors: 3 },
      uploadedBy: { key: actors.owner.key },
    })
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows.map((row) => [row.rowNumber, row.listingUniqueId, row.action])).toEqual([
      // The sheet's own row numbers: the header is row 1, and the blank line (row 6) still counts.
      [2, 'NEW-1', 'error'],
      [3, 'EX-1', 'update'],
      [4, 'EX-2', 'unchanged'],
      [5, 'BAD-1', 'error'],
      [7, 'new-1', 'error'],
    ])
    expect(rows[1]!.changes).toEqual([
      { field: 'Style Name', from: 'Old Name', to: 'New Name' },
      { field: 'Units', from: '5', to: '7' },
    ])
    expect(rows[1]!.listingKey).toBe(existing.key)
  })

  it('gives ids that differ only in case or spaces the duplicate message, on both rows', async () => {
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key, { only: 'errors' })
    const duplicates = rows.filter((row) => row.issues.some((issue) => issue.message === IMPORT_MESSAGES.duplicate))
    expect(duplicates.map((row) => row.rowNumber)).toEqual([2, 7])
  })

  it('names the field of a parse failure, and flags a scientific-notation UPC', async () => {
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key, { only: 'errors' })
    const bad = rows.find((row) => row.listingUniqueId === 'BAD-1')!
    expect(bad.issues.filter((issue) => issue.level === 'error').map((issue) => issue.message)).toEqual([
      'Error parsing "UPC" for upload.',
      'Error parsing "Units" for upload.',
    ])
    expect(bad.issues[0]?.detail ?? bad.issues.find((i) => i.field === 'UPC')?.detail).toMatch(/scientific notation/)
    expect(bad.values.UPC).toBe('1.23457E+11')
  })

  it('writes nothing to listings', async () => {
    expect(await listingRows()).toEqual(before)
  })

  it('offers the failed rows as a CSV with the original columns and an Errors column', async () => {
    const file = await failedRowsCsv(portal.deps, actors.owner, view.key)
    let text = ''
    for await (const chunk of file.body) text += String(chunk)
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
    expect(file.filename).toBe('line-sheet-failed-rows.csv')
    expect(lines[0]).toBe(`${HEADER},Errors`)
    expect(lines).toHaveLength(4)
    expect(lines[2]).toMatch(
      /^BAD-1,Bad Shirt,SN-8,1\.23457E\+11,lots,,,,"Row 5: UPC: Error parsing ""UPC"" for upload\./,
    )
  })

  it('keeps the original bytes for History', async () => {
    const file = await originalFile(portal.deps, actors.owner, view.key)
    let text = ''
    for await (const chunk of file.body) text += String(chunk)
    expect(text.startsWith(`${HEADER}\r\nNEW-1,`)).toBe(true)
  })

  it('a fixed row is checked again; a clean one joins the dry run', async () => {
    const still = await updateImportRow(portal.deps, actors.owner, view.key, 5, { Units: 'many' })
    expect(still.action).toBe('error')
    expect(still.issues.map((issue) => issue.field)).toContain('Units')
    const fixed = await updateImportRow(portal.deps, actors.owner, view.key, 5, { UPC: '012345678905', Units: '3' })
    expect(fixed.action).toBe('create')
    expect(errorsOf(fixed)).toEqual([])
    // The other row of the duplicate id gets a new id: both rows are free of the duplicate error.
    const renamed = await updateImportRow(portal.deps, actors.owner, view.key, 7, { 'Listing Unique Id': 'NEW-2' })
    expect(renamed.action).toBe('create')
    expect((await getImport(portal.deps, actors.owner, view.key)).counts).toMatchObject({
      create: 3,
      update: 1,
      unchanged: 1,
      errors: 0,
    })
    expect(await listingRows()).toEqual(before)
  })

  it('is refused to a read member (403) and unknown to an outsider (404)', async () => {
    await expect(commitImport(portal.deps, actors.reader, view.key)).rejects.toMatchObject({ status: 403 })
    await expect(getImport(portal.deps, actors.outsider, view.key)).rejects.toMatchObject({ status: 404 })
    await expect(updateImportRow(portal.deps, actors.outsider, view.key, 5, {})).rejects.toMatchObject({
      status: 404,
    })
    // A read member may look.
    expect((await getImport(portal.deps, actors.reader, view.key)).canRollBack).toBe(false)
  })

  it('commits the valid rows, lists them for review, and rolls back to exactly what was', async () => {
    const committed = await commitImport(portal.deps, actors.owner, view.key)
    expect(committed).toMatchObject({ status: 'committed', counts: { created: 3, updated: 1 }, canRollBack: true })
    const result = await importResult(portal.deps, actors.owner, view.key)
    expect(result.created.items.map((entry) => entry.listingUniqueId)).toEqual(['NEW-1', 'BAD-1', 'NEW-2'])
    expect(result.created.total).toBe(3)
    expect(result.updated.total).toBe(1)
    expect(result.updated.items).toEqual([
      { key: existing.key, listingUniqueId: 'EX-1', name: 'New Name', rowNumber: 3 },
    ])
    // By pages: the second page of two lists the third created listing; the totals stay exact.
    const paged = await importResult(portal.deps, actors.owner, view.key, { limit: 2, createdOffset: 2 })
    expect(paged.created).toMatchObject({ total: 3, offset: 2 })
    expect(paged.created.items.map((entry) => entry.listingUniqueId)).toEqual(['NEW-2'])
    const [made] = await portal.deps.db
      .select()
      .from(listings)
      .where(and(eq(listings.brandKey, brand.key), eq(listings.listingUniqueId, 'NEW-1')))
    expect(made).toMatchObject({
      styleName: 'Linen Shirt',
      upc: '012345678905',
      units: 12,
      lineKey: brand.lines[0]!.key,
      wholesalePrices: [
        { number: 45, currency: 'USD' },
        { number: 40, currency: 'EUR' },
      ],
    })
    expect(made!.categories).toHaveLength(1)
    const [updated] = await portal.deps.db.select().from(listings).where(eq(listings.key, existing.key))
    expect(updated).toMatchObject({ styleName: 'New Name', units: 7, styleNumber: 'SN-1' })
    await expect(commitImport(portal.deps, actors.owner, view.key)).rejects.toMatchObject({ status: 409 })

    const history = await listImports(portal.deps, actors.owner, brand.key)
    expect(history.data[0]).toMatchObject({ key: view.key, status: 'committed', canRollBack: true })

    await expect(rollbackImport(portal.deps, actors.reader, view.key)).rejects.toMatchObject({ status: 403 })
    const rolled = await rollbackImport(portal.deps, actors.owner, view.key)
    expect(rolled).toMatchObject({ status: 'rolled_back', canRollBack: false })
    expect(await listingRows()).toEqual(before)
    await expect(rollbackImport(portal.deps, actors.owner, view.key)).rejects.toMatchObject({ status: 409 })
  })
})

describe('after the commit', () => {
  it('a fixed row is written at once and completed; one still failing keeps its errors', async () => {
    const view = await upload(actors.owner, `${HEADER}\nAFTER-1,Fine Shirt,SN-20,,,,,\nAFTER-2,Broken,SN-21,,x,,,\n`)
    await commitImport(portal.deps, actors.owner, view.key)
    const failing = await updateImportRow(portal.deps, actors.owner, view.key, 3, { Units: 'y' })
    expect(failing).toMatchObject({ action: 'error', status: 'failed' })
    const fixed = await updateImportRow(portal.deps, actors.owner, view.key, 3, { Units: '4' })
    expect(fixed).toMatchObject({ action: 'create', status: 'completed' })
    expect(errorsOf(fixed)).toEqual([])
    const [written] = await portal.deps.db.select().from(listings).where(eq(listings.key, fixed.listingKey!))
    expect(written).toMatchObject({ listingUniqueId: 'AFTER-2', units: 4, styleName: 'Broken' })
    expect((await getImport(portal.deps, actors.owner, view.key)).counts).toMatchObject({ created: 2, failed: 0 })
    // Rolled back, the fixed row's listing goes too.
    await rollbackImport(portal.deps, actors.owner, view.key)
    expect(await portal.deps.db.select().from(listings).where(eq(listings.key, fixed.listingKey!))).toEqual([])
  })

  it('an older import rolls back unless a later one changed its rows, which it names', async () => {
    const first = await upload(actors.owner, `${HEADER}\nORDER-1,First,SN-30,,,,,\n`)
    await commitImport(portal.deps, actors.owner, first.key)
    const second = await upload(actors.owner, `${HEADER}\nORDER-1,Second,SN-30,,,,,\n`)
    await commitImport(portal.deps, actors.owner, second.key)
    // Any committed import offers its roll back; the service says what stands in the way.
    expect((await getImport(portal.deps, actors.owner, first.key)).canRollBack).toBe(true)
    await expect(rollbackImport(portal.deps, actors.owner, first.key)).rejects.toMatchObject({
      status: 409,
      message: 'Row 2 was changed since by the upload of line-sheet.csv: roll that one back first.',
    })
    await rollbackImport(portal.deps, actors.owner, second.key)
    const [row] = await portal.deps.db.select().from(listings).where(eq(listings.listingUniqueId, 'ORDER-1'))
    expect(row?.styleName).toBe('First')
    await rollbackImport(portal.deps, actors.owner, first.key)
    expect(await portal.deps.db.select().from(listings).where(eq(listings.listingUniqueId, 'ORDER-1'))).toEqual([])
  })

  it('names at most ten changed rows of each blocker and counts the rest, however many there are', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => `MANY-${i + 1}`)
    const first = await upload(actors.owner, `${HEADER}\n${ids.map((id) => `${id},First,SN-40,,,,,`).join('\n')}\n`)
    await commitImport(portal.deps, actors.owner, first.key)
    // A later upload writes 23 of its rows again (sheet rows 2 to 24); one more listing is edited by hand.
    const later = await upload(
      actors.owner,
      `${HEADER}\n${ids
        .slice(0, 23)
        .map((id) => `${id},Later,SN-40,,,,,`)
        .join('\n')}\n`,
      { filename: 'later.csv' },
    )
    await commitImport(portal.deps, actors.owner, later.key)
    await portal.deps.db.update(listings).set({ styleName: 'By Hand' }).where(eq(listings.listingUniqueId, 'MANY-25'))

    const blockers = await importRollbackBlockers(portal.deps, actors.owner, first.key)
    expect(blockers.imports).toEqual([
      expect.objectContaining({ key: later.key, rows: { first: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], count: 23 } }),
    ])
    expect(blockers.edited).toEqual({ first: [26], count: 1 })
    await expect(rollbackImport(portal.deps, actors.owner, first.key)).rejects.toMatchObject({
      status: 409,
      message:
        'Rows 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 and 13 more were changed since by the upload of later.csv: roll that one back first. ' +
        'Row 26 was edited since on the products page.',
    })
  })
})

describe('whole-file failures', () => {
  it('refuses a file that is not a CSV, by name or by content, and keeps nothing', async () => {
    const before = await portal.deps.db.select().from(imports)
    await expect(upload(actors.owner, `${HEADER}\n`, { filename: 'sheet.numbers' })).rejects.toMatchObject({
      status: 400,
      message: 'CSV file not detected. ',
    })
    // A zip is read as a workbook whatever its name (docs/decisions/177); this one is none.
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 1, 2, 3])
    await expect(upload(actors.owner, zip)).rejects.toMatchObject({
      message:
        'Error uploading CSV file. The workbook could not be read. Save it again as .xlsx or as CSV and upload that.',
    })
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    await expect(upload(actors.owner, png)).rejects.toMatchObject({ message: 'CSV file not detected. ' })
    expect(await portal.deps.db.select().from(imports)).toEqual(before)
  })

  it('a file that breaks after its first batches keeps nothing: no import, no staged row', async () => {
    const importsBefore = await portal.deps.db.select({ key: imports.key }).from(imports)
    const stagedBefore = await portal.deps.db.select({ n: importRows.rowNumber }).from(importRows)
    // 5,000 good rows (more than two batches, already in the staging COPY), then a quote left open.
    const rows = Array.from({ length: 5000 }, (_, i) => `BREAK-${i},Shirt,SN-${i}`)
    const csv = `Listing Unique Id,Style Name,Style Number\n${rows.join('\n')}\nBREAK-X,"${'x'.repeat(1_100_000)}\n`
    await expect(upload(actors.owner, csv)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('longer than 1,000,000 characters') as unknown,
    })
    expect(await portal.deps.db.select({ key: imports.key }).from(imports)).toEqual(importsBefore)
    expect(await portal.deps.db.select({ n: importRows.rowNumber }).from(importRows)).toHaveLength(stagedBefore.length)
  })

  it('refuses a file without the Listing Unique Id column', async () => {
    await expect(upload(actors.owner, 'Style Name,Style Number\nShirt,SN-1\n')).rejects.toMatchObject({
      status: 400,
      message: "'Listing Unique Id' required column is missing. Please revise CSV file.",
    })
  })

  it('tells an empty file that it is empty, not that a column is missing', async () => {
    for (const content of ['', '\n\n', '\uFEFF']) {
      await expect(upload(actors.owner, content), JSON.stringify(content)).rejects.toMatchObject({
        status: 400,
        message: IMPORT_MESSAGES.emptyFile,
      })
    }
  })

  it('reads the id column case-insensitively, semicolons and Windows-1252 alike', async () => {
    const latin = Buffer.from('listing UNIQUE id;style name;style number\nW-1;Caf\xe9 Shirt;SN-1\n', 'latin1')
    const view = await upload(actors.owner, latin)
    expect(view.counts.rows).toBe(1)
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows[0]!.values['Style Name']).toBe('Café Shirt')
    // An accented letter is a letter of the style-name rule (letters, digits, spaces).
    expect(rows[0]!.issues).toEqual([])
  })

  it('reads "89,00 EUR" in a semicolon file as a decimal comma, and tells SKUs that differ only in case', async () => {
    const view = await upload(
      actors.owner,
      'Listing Unique Id;Style Name;Style Number;SKU;Wholesale Prices\r\n' +
        'EU-1;Linen Shirt;SN-1;abc-1;89,00 EUR\r\n' +
        'EU-2;Linen Shirt;SN-1;ABC-1;89,50 EUR, 99 USD\r\n' +
        'EU-3;Linen Shirt;SN-1;xyz-9;\r\n',
    )
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows.map((row) => row.action)).toEqual(['create', 'create', 'create'])
    expect(rows[0]!.issues.filter((issue) => issue.field === 'Wholesale Prices')).toEqual([])
    const skuWarnings = rows.map((row) => row.issues.filter((issue) => issue.field === 'SKU'))
    expect(skuWarnings[0]).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: IMPORT_MESSAGES.skuCase,
        detail: 'Also written "ABC-1" (row 3).',
      }),
    ])
    expect(skuWarnings[1]).toEqual([expect.objectContaining({ detail: 'Also written "abc-1" (row 2).' })])
    expect(skuWarnings[2]).toEqual([])
  })

  it('an upload to a line is refused to an editor of another line, allowed on their own', async () => {
    const scope = { brandKey: brand.key, lineKey: brand.lines[1]!.key }
    const input = () => ({
      filename: 'a.csv',
      addition: true,
      body: Readable.from([Buffer.from(`${HEADER}\nL-1,A,B,,,,,\n`)]),
    })
    await expect(startImport(portal.deps, actors.lineEditor, scope, input())).rejects.toMatchObject({ status: 404 })
    const own = await startImport(portal.deps, actors.lineEditor, { ...scope, lineKey: brand.lines[0]!.key }, input())
    expect(own).toMatchObject({ status: 'previewed', addition: true, scope: { lineKey: brand.lines[0]!.key } })
    const { rows } = await listImportRows(portal.deps, actors.lineEditor, own.key)
    expect(rows[0]!.action).toBe('create')
    await expect(listImports(portal.deps, actors.outsider, brand.key)).rejects.toMatchObject({ status: 404 })
  })
})
