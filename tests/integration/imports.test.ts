// Spreadsheet import (catalogue.md §2, §4, §5, §7) against a real database: the service's dry
// run, commit, row fixes, mapping, rollback and history, and the JSON API with its envelopes,
// bad input, outsiders and read members. What a user sees is checked through the views and the
// calls; what is written, through the listings table itself.
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { and, eq } from 'drizzle-orm'
import { importMappings, importRows, imports, listings } from '#db/schema'
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import type { Actor } from '#app/features/identity/accounts.server'
import {
  commitImport,
  failedRowsCsv,
  getImport,
  importResult,
  listImportRows,
  listImports,
  markInterruptedImports,
  originalFile,
  rollbackImport,
  setImportMapping,
  startImport,
  updateImportRow,
  type ImportView,
} from '#app/features/imports/imports.server'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { actorOf, createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createCategory, createListing } from '#tests/support/catalogue-factories'

let portal: TestPortal
let brand: BrandFixture
const actors = {} as Record<'owner' | 'reader' | 'outsider' | 'lineEditor', Actor>
const cookies = {} as Record<'owner' | 'reader' | 'outsider', string>
let existing: { key: string }

const HEADER = 'Listing Unique Id,Style Name,Style Number,UPC,Units,Categories,Line,Wholesale Prices'

const errorsOf = (row: { issues: { level: string; field: string }[] }) =>
  row.issues.filter((issue) => issue.level === 'error').map((issue) => issue.field)

async function listingRows(brandKey = brand.key) {
  const rows = await portal.deps.db.select().from(listings).where(eq(listings.brandKey, brandKey))
  return rows.map(({ modified: _m, ...row }) => JSON.stringify(row)).sort()
}

function upload(actor: Actor, csv: string | Uint8Array, options: { filename?: string; addition?: boolean } = {}) {
  const bytes = typeof csv === 'string' ? Buffer.from(csv, 'utf8') : Buffer.from(csv)
  return startImport(
    portal.deps,
    actor,
    { brandKey: brand.key },
    {
      filename: options.filename ?? 'line-sheet.csv',
      addition: options.addition ?? false,
      body: Readable.from([bytes]),
    },
  )
}

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  brand = await createBrand(deps, { lines: 2, collectionsPerLine: 1 })
  await createCategory(deps, brand.key, 'Shirts')
  const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const lineEditor = await createMember(
    deps,
    [{ brand: brand.key, model: 'Line', modelId: brand.lines[0]!.key, type: 'editor' }],
    { name: 'Lineeditor' },
  )
  const outsider = await createMember(deps, [], { name: 'Outsider' })
  actors.owner = await actorOf(deps, owner)
  actors.reader = await actorOf(deps, reader)
  actors.outsider = await actorOf(deps, outsider)
  actors.lineEditor = await actorOf(deps, lineEditor)
  cookies.owner = await sessionCookieFor(portal, owner.email, owner.password)
  cookies.reader = await sessionCookieFor(portal, reader.email, reader.password)
  cookies.outsider = await sessionCookieFor(portal, outsider.email, outsider.password)
  existing = await createListing(deps, brand.key, {
    listingUniqueId: 'EX-1',
    styleName: 'Old Name',
    styleNumber: 'SN-1',
    units: 5,
  })
  await createListing(deps, brand.key, {
    listingUniqueId: 'EX-2',
    styleName: 'Same Name',
    styleNumber: 'SN-2',
    upc: '012345678905',
  })
})

afterAll(() => portal?.destroy())

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
      [1, 'NEW-1', 'error'],
      [2, 'EX-1', 'update'],
      [3, 'EX-2', 'unchanged'],
      [4, 'BAD-1', 'error'],
      [6, 'new-1', 'error'],
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
    expect(duplicates.map((row) => row.rowNumber)).toEqual([1, 6])
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
    expect(lines[2]).toMatch(/^BAD-1,Bad Shirt,SN-8,1\.23457E\+11,lots,,,,"UPC: Error parsing ""UPC"" for upload\./)
  })

  it('keeps the original bytes for History', async () => {
    const file = await originalFile(portal.deps, actors.owner, view.key)
    let text = ''
    for await (const chunk of file.body) text += String(chunk)
    expect(text.startsWith(`${HEADER}\r\nNEW-1,`)).toBe(true)
  })

  it('a fixed row is checked again; a clean one joins the dry run', async () => {
    const still = await updateImportRow(portal.deps, actors.owner, view.key, 4, { Units: 'many' })
    expect(still.action).toBe('error')
    expect(still.issues.map((issue) => issue.field)).toContain('Units')
    const fixed = await updateImportRow(portal.deps, actors.owner, view.key, 4, { UPC: '012345678905', Units: '3' })
    expect(fixed.action).toBe('create')
    expect(errorsOf(fixed)).toEqual([])
    // The other row of the duplicate id gets a new id: both rows are free of the duplicate error.
    const renamed = await updateImportRow(portal.deps, actors.owner, view.key, 6, { 'Listing Unique Id': 'NEW-2' })
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
    await expect(updateImportRow(portal.deps, actors.outsider, view.key, 4, {})).rejects.toMatchObject({
      status: 404,
    })
    // A read member may look.
    expect((await getImport(portal.deps, actors.reader, view.key)).canRollBack).toBe(false)
  })

  it('commits the valid rows, lists them for review, and rolls back to exactly what was', async () => {
    const committed = await commitImport(portal.deps, actors.owner, view.key)
    expect(committed).toMatchObject({ status: 'committed', counts: { created: 3, updated: 1 }, canRollBack: true })
    const result = await importResult(portal.deps, actors.owner, view.key)
    expect(result.created.map((entry) => entry.listingUniqueId)).toEqual(['NEW-1', 'BAD-1', 'NEW-2'])
    expect(result.updated).toEqual([{ key: existing.key, listingUniqueId: 'EX-1', name: 'New Name', rowNumber: 2 }])
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
    const failing = await updateImportRow(portal.deps, actors.owner, view.key, 2, { Units: 'y' })
    expect(failing).toMatchObject({ action: 'error', status: 'failed' })
    const fixed = await updateImportRow(portal.deps, actors.owner, view.key, 2, { Units: '4' })
    expect(fixed).toMatchObject({ action: 'create', status: 'completed' })
    expect(errorsOf(fixed)).toEqual([])
    const [written] = await portal.deps.db.select().from(listings).where(eq(listings.key, fixed.listingKey!))
    expect(written).toMatchObject({ listingUniqueId: 'AFTER-2', units: 4, styleName: 'Broken' })
    expect((await getImport(portal.deps, actors.owner, view.key)).counts).toMatchObject({ created: 2, failed: 0 })
    // Rolled back, the fixed row's listing goes too.
    await rollbackImport(portal.deps, actors.owner, view.key)
    expect(await portal.deps.db.select().from(listings).where(eq(listings.key, fixed.listingKey!))).toEqual([])
  })

  it('only the newest committed import of a brand can be rolled back', async () => {
    const first = await upload(actors.owner, `${HEADER}\nORDER-1,First,SN-30,,,,,\n`)
    await commitImport(portal.deps, actors.owner, first.key)
    const second = await upload(actors.owner, `${HEADER}\nORDER-1,Second,SN-30,,,,,\n`)
    await commitImport(portal.deps, actors.owner, second.key)
    expect((await getImport(portal.deps, actors.owner, first.key)).canRollBack).toBe(false)
    await expect(rollbackImport(portal.deps, actors.owner, first.key)).rejects.toMatchObject({ status: 409 })
    await rollbackImport(portal.deps, actors.owner, second.key)
    const [row] = await portal.deps.db.select().from(listings).where(eq(listings.listingUniqueId, 'ORDER-1'))
    expect(row?.styleName).toBe('First')
    await rollbackImport(portal.deps, actors.owner, first.key)
  })
})

describe('whole-file failures', () => {
  it('refuses a file that is not a CSV, by name or by content, and keeps nothing', async () => {
    const before = await portal.deps.db.select().from(imports)
    await expect(upload(actors.owner, `${HEADER}\n`, { filename: 'sheet.xlsx' })).rejects.toMatchObject({
      status: 400,
      message: 'CSV file not detected. ',
    })
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, 1, 2, 3])
    await expect(upload(actors.owner, zip)).rejects.toMatchObject({ message: 'CSV file not detected. ' })
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

  it('reads the id column case-insensitively, semicolons and Windows-1252 alike', async () => {
    const latin = Buffer.from('listing UNIQUE id;style name;style number\nW-1;Caf\xe9 Shirt;SN-1\n', 'latin1')
    const view = await upload(actors.owner, latin)
    expect(view.counts.rows).toBe(1)
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows[0]!.values['Style Name']).toBe('Café Shirt')
    // The style-name rule (letters, digits, spaces) refuses the accent: the field is named.
    expect(rows[0]!.issues[0]?.message).toBe('Error parsing "Style Name" for upload.')
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

describe('column mapping', () => {
  it('asks for a mapping when headers do not match, remembers it for the brand', async () => {
    const csv = 'Listing Unique Id,Name,Style Number,Fabric weight\nM-1,Shirt,SN-1,200\n'
    const view = await upload(actors.owner, csv)
    expect(view).toMatchObject({ status: 'needs_mapping', unmatchedHeaders: ['Name', 'Fabric weight'] })
    const mapped = await setImportMapping(portal.deps, actors.owner, view.key, {
      Name: 'Style Name',
      'Fabric weight': null,
    })
    expect(mapped).toMatchObject({ status: 'previewed', counts: { rows: 1, create: 1 } })
    expect(
      await portal.deps.db.select().from(importMappings).where(eq(importMappings.brandKey, brand.key)),
    ).toHaveLength(2)
    // The next file with those headers needs no mapping step.
    expect((await upload(actors.owner, csv)).status).toBe('previewed')
    await expect(setImportMapping(portal.deps, actors.owner, view.key, { Name: 'Nonsense' })).rejects.toMatchObject({
      status: 400,
    })
  })
})

describe('headers an attacker chooses', () => {
  it('takes header names that are also names of object properties as plain headers', async () => {
    const csv = 'Listing Unique Id,Style Number,__proto__,constructor,toString,hasOwnProperty\nP-1,SN-1,a,b,c,d\n'
    const view = await upload(actors.owner, csv)
    expect(view).toMatchObject({
      status: 'needs_mapping',
      unmatchedHeaders: ['__proto__', 'constructor', 'toString', 'hasOwnProperty'],
    })
    // As a JSON body arrives: "__proto__" an own key, not the object's prototype.
    const choices: unknown = JSON.parse(
      '{"__proto__": null, "constructor": "Style Name", "toString": null, "hasOwnProperty": null}',
    )
    const mapped = await setImportMapping(portal.deps, actors.owner, view.key, choices as Record<string, null>)
    expect(mapped).toMatchObject({ status: 'previewed', counts: { rows: 1, create: 1 } })
    const { rows } = await listImportRows(portal.deps, actors.owner, view.key)
    expect(rows[0]!.values).toEqual({ 'Listing Unique Id': 'P-1', 'Style Number': 'SN-1', 'Style Name': 'b' })
    // The next file with those headers finds the brand's choices and needs no mapping.
    expect((await upload(actors.owner, csv)).status).toBe('previewed')
    // Through the JSON API too: the file's header is data, not a key of the request; the
    // brand's choice for it is found again.
    const answer = await api(portal, 'POST', '/api/listing/method/batch', {
      cookie: cookies.owner,
      body: { brand: brand.key, spreadsheet: `__proto__,${csv}`, filename: 'p.csv' },
    })
    expect(answer).toMatchObject({ status: 200, body: { data: { context: { status: 'committed' } } } })
  })

  it('refuses a file of more than 1,000 columns at once, with its reason, before a mapping', async () => {
    const header = ['Listing Unique Id', ...Array.from({ length: 100_000 }, (_, i) => `c${i}`)].join(',')
    const before = await portal.deps.db.select({ key: imports.key }).from(imports)
    await expect(upload(actors.owner, `${header}\nW-1\n`)).rejects.toMatchObject({
      status: 400,
      message: 'Error uploading CSV file. Row 1 has 100,001 columns; a file may have at most 1,000.',
    })
    expect(await portal.deps.db.select({ key: imports.key }).from(imports)).toEqual(before)
  })

  it('refuses the 100,000-column file in bounded memory, however much follows it', async () => {
    // The header row, then fresh rows up to the upload limit: the refusal comes from the first row,
    // and the rest is read only to be dropped (the browser waits for its answer until it has sent
    // the body), so memory stays bounded by a row, not by the file.
    const header = Buffer.from(
      ['Listing Unique Id', ...Array.from({ length: 100_000 }, (_, i) => `c${i}`)].join(',') + '\n',
    )
    const row = Buffer.from(`W-1${',x'.repeat(100_000)}\n`)
    let pulled = 0
    const endless = new Readable({
      read() {
        const chunk = pulled === 0 ? header : Buffer.from(row)
        pulled += chunk.length
        this.push(chunk)
      },
    })
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
    try {
      await expect(
        startImport(
          portal.deps,
          actors.owner,
          { brandKey: brand.key },
          { filename: 'wide.csv', addition: false, body: endless },
        ),
      ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('Row 1 has 100,001 columns') })
    } finally {
      clearInterval(sampler)
      endless.destroy()
    }
    // Gigabytes went by; what stayed is far below them (the page that rendered this file once took 790 MB).
    expect(pulled).toBeGreaterThan(1024 ** 3)
    expect(peak - baseline).toBeLessThan(300 * 1024 ** 2)
  })

  it('refuses a header cell longer than 500 characters', async () => {
    await expect(upload(actors.owner, `Listing Unique Id,${'x'.repeat(501)}\nL-1,a\n`)).rejects.toMatchObject({
      status: 400,
      message: 'Error uploading CSV file. Column 2 of the header row is longer than 500 characters.',
    })
  })
})

describe('an import interrupted by a stop', () => {
  it('shows as failed after the restart', async () => {
    const view = await upload(actors.owner, `${HEADER}\nSTOP-1,Shirt,SN-1,,,,,\n`)
    await portal.deps.db.update(imports).set({ status: 'committing' }).where(eq(imports.key, view.key))
    expect(await markInterruptedImports(portal.deps, true)).toBeGreaterThanOrEqual(1)
    expect(await getImport(portal.deps, actors.owner, view.key)).toMatchObject({
      status: 'failed',
      error: { type: 'interrupted' },
    })
  })
})

describe('random input', () => {
  it('never crashes the upload and never writes a listing or a partial import', async () => {
    const before = await listingRows()
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.uint8Array({ maxLength: 300 }),
          fc
            .array(
              fc.array(fc.oneof(fc.string(), fc.constantFrom('"', ',', ';', '\n', '\r\n', '1.2E+11')), {
                maxLength: 6,
              }),
              {
                maxLength: 6,
              },
            )
            .map((rows) =>
              Buffer.from(`Listing Unique Id,Style Name,Style Number\n${rows.map((r) => r.join(',')).join('\n')}`),
            ),
        ),
        async (bytes) => {
          const importsBefore = await portal.deps.db.select({ key: imports.key }).from(imports)
          try {
            const view = await upload(actors.owner, bytes)
            expect(['previewed', 'needs_mapping']).toContain(view.status)
            const staged = await portal.deps.db.select().from(importRows).where(eq(importRows.importKey, view.key))
            expect(staged).toHaveLength(view.counts.rows)
          } catch (error) {
            expect(error).toMatchObject({ status: 400 })
            expect(await portal.deps.db.select({ key: imports.key }).from(imports)).toEqual(importsBefore)
          }
        },
      ),
      { numRuns: 25 },
    )
    expect(await listingRows()).toEqual(before)
  })
})

describe('what a cell holds', () => {
  // Rows reach the staging table as COPY text built in the worker thread: every character a cell
  // may hold (tabs, backslashes, line breaks, quotes, COPY's own markers) must come back as sent.
  it('keeps every cell exactly as written, whatever characters it holds', async () => {
    const cell = fc
      .array(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc.constantFrom('\t', '\\', '\\N', '\\.', '"', '""', '\r\n', '\n', '\r', ',', '\u2028', 'é', '👗'),
        ),
        { maxLength: 5 },
      )
      .map((parts) => parts.join(''))
    await fc.assert(
      fc.asyncProperty(fc.array(cell, { minLength: 1, maxLength: 8 }), async (cells) => {
        const quote = (value: string) => `"${value.replace(/"/g, '""')}"`
        const csv = ['Listing Unique Id,Description', ...cells.map((value, i) => `CELL-${i},${quote(value)}`)].join(
          '\n',
        )
        const view = await upload(actors.owner, csv)
        const staged = await portal.deps.db
          .select({ rowNumber: importRows.rowNumber, cells: importRows.cells })
          .from(importRows)
          .where(eq(importRows.importKey, view.key))
          .orderBy(importRows.rowNumber)
        expect(staged.map((row) => row.cells)).toEqual(cells.map((value, i) => [`CELL-${i}`, value]))
      }),
      { numRuns: 30 },
    )
  })
})

describe('the JSON API', () => {
  const batch = (cookie: string | undefined, body: unknown) =>
    api(portal, 'POST', '/api/listing/method/batch', { cookie, body })

  async function multipart(cookie: string, fields: Record<string, string>, file?: { name: string; text: string }) {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.set(name, value)
    if (file) form.set('file', new Blob([file.text], { type: 'text/csv' }), file.name)
    const response = await fetch(`${portal.url}/api/listing/method/batch`, {
      method: 'POST',
      headers: { cookie },
      body: form,
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  it('uploads a multipart file as a preflight: what would be created and updated, nothing written', async () => {
    const before = await listingRows()
    const answer = await multipart(
      cookies.owner,
      { brand: brand.key, preflight: 'true', addition: 'true' },
      { name: 'api.csv', text: `${HEADER}\nAPI-1,Api Shirt,SN-1,,,,,\nEX-1,Renamed,SN-1,,,,,\nAPI-2,X,Y,,bad,,,\n` },
    )
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      created: [{ key: null, listing_unique_id: 'API-1', row: 1 }],
      updated: [{ key: existing.key, listing_unique_id: 'EX-1', row: 2 }],
      errors: [{ row: 3, listing_unique_id: 'API-2', field: 'Units', message: 'Error parsing "Units" for upload.' }],
      context: { status: 'previewed', preflight: true, filename: 'api.csv', addition: true, counts: { rows: 3 } },
    })
    expect(await listingRows()).toEqual(before)
  })

  it('commits a spreadsheet sent as JSON and answers created and updated', async () => {
    const answer = await batch(cookies.owner, {
      brand: brand.key,
      spreadsheet: `${HEADER}\nJSON-1,Json Shirt,SN-1,,,,,\n`,
      filename: 'json.csv',
    })
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { created: [{ listing_unique_id: 'JSON-1', style_name: 'Json Shirt' }], updated: [], errors: [] } },
    })
    const history = await api(portal, 'GET', `/api/parsedspreadsheets/query/brand?brand=${brand.key}`, {
      cookie: cookies.reader,
    })
    expect(history.status).toBe(200)
    expect((history.body as { data: { filename: string; KIND: string }[] }).data[0]).toMatchObject({
      filename: 'json.csv',
      KIND: 'ParsedSpreadsheet',
      status: 'committed',
    })
    const key = (history.body as { data: { key: string }[] }).data[0]!.key
    const download = await fetch(`${portal.url}/api/parsedspreadsheets/method/download?key=${key}`, {
      headers: { cookie: cookies.reader },
    })
    expect(download.status).toBe(200)
    expect(download.headers.get('content-disposition')).toContain('json.csv')
    expect(await download.text()).toBe(`${HEADER}\nJSON-1,Json Shirt,SN-1,,,,,\n`)
  })

  it('answers the template columns for spreadsheet_columns', async () => {
    const answer = await batch(cookies.owner, { brand: brand.key, spreadsheet_columns: true })
    const columns = (answer.body.data as { columns: { name: string; required: boolean }[] }).columns
    expect(columns[0]).toEqual({ name: 'Listing Unique Id', required: true, example: 'SS26-001-BLK-M' })
    // Checked against the brand as an upload is: an outsider does not find it, a reader may not upload.
    expect(await batch(cookies.outsider, { brand: brand.key, spreadsheet_columns: true })).toMatchObject({
      status: 404,
    })
    expect(await batch(cookies.reader, { brand: brand.key, spreadsheet_columns: true })).toMatchObject({ status: 403 })
    expect(await batch(cookies.owner, { brand: 'nosuchbrand00000', spreadsheet_columns: true })).toMatchObject({
      status: 404,
    })
  })

  it('answers whole-file failures with the spec text and bad input with 400 naming the field', async () => {
    expect(await multipart(cookies.owner, { brand: brand.key }, { name: 'a.txt', text: 'x' })).toMatchObject({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'CSV file not detected. ' } },
    })
    expect(
      await multipart(cookies.owner, { brand: brand.key }, { name: 'a.csv', text: 'Style Name\nA\n' }),
    ).toMatchObject({
      status: 400,
      body: { error: { message: "'Listing Unique Id' required column is missing. Please revise CSV file." } },
    })
    expect(await multipart(cookies.owner, {}, { name: 'a.csv', text: `${HEADER}\n` })).toMatchObject({
      status: 400,
      body: { error: { message: 'brand: is required.' } },
    })
    expect(await multipart(cookies.owner, { brand: brand.key })).toMatchObject({
      status: 400,
      body: { error: { type: 'ValidationError', message: expect.stringMatching(/^file: is required/) } },
    })
    expect(await batch(cookies.owner, { brand: brand.key })).toMatchObject({
      status: 400,
      body: { error: { message: expect.stringMatching(/^spreadsheet:/) } },
    })
    expect(await batch(cookies.owner, { brand: brand.key, spreadsheet: `${HEADER}\n`, mapping: '{' })).toMatchObject({
      status: 400,
      body: { error: { message: 'mapping: malformed JSON.' } },
    })
    expect(
      await api(portal, 'GET', `/api/parsedspreadsheets/query/brand?brand=${brand.key}&version=2`, {
        cookie: cookies.owner,
      }),
    ).toMatchObject({ status: 400, body: { error: { message: 'version: the upload history needs API version 3.' } } })
    expect(
      await api(portal, 'GET', '/api/parsedspreadsheets/method/download', { cookie: cookies.owner }),
    ).toMatchObject({ status: 400, body: { error: { message: 'key: is required.' } } })
    expect(
      await api(portal, 'GET', '/api/parsedspreadsheets/method/download?key=nope', { cookie: cookies.owner }),
    ).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
  })

  it('answers 413 to a file larger than the limit, before reading it', async () => {
    const response = await fetch(`${portal.url}/api/listing/method/batch?brand=${brand.key}`, {
      method: 'POST',
      headers: {
        cookie: cookies.owner,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(3 * 1024 ** 3),
      },
      body: '--x--',
    }).catch(() => null)
    // The client may see the connection cut once the answer is sent; when it reads it, it is 413.
    if (response) {
      expect(response.status).toBe(413)
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/larger than 2 GB/)
    }
  })

  it('refuses outsiders (404) and read members (403), changing nothing', async () => {
    const before = await listingRows()
    const body = { brand: brand.key, spreadsheet: `${HEADER}\nNO-1,No,SN,,,,,\n` }
    expect(await batch(cookies.outsider, body)).toMatchObject({ status: 404 })
    expect(await batch(cookies.reader, body)).toMatchObject({
      status: 403,
      body: { error: { type: 'PermissionError' } },
    })
    expect(
      await api(portal, 'GET', `/api/parsedspreadsheets/query/brand?brand=${brand.key}`, { cookie: cookies.outsider }),
    ).toMatchObject({ status: 404 })
    expect(await listingRows()).toEqual(before)
    expect(await batch(undefined, body)).toMatchObject({ status: 401 })
  })
})
