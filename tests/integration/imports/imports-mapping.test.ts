// Spreadsheet import against a real database, continued (the setup is tests/support/imports-world.ts):\ncolumn mapping, headers an attacker chooses, an import interrupted by a stop, random input, what\na cell holds, and the JSON API.
import {
  getImport,
  listImportRows,
  markInterruptedImports,
  setImportMapping,
  startImport,
} from '#app/features/imports/imports.server'
import { importMappings, importRows, imports } from '#db/schema'
import { api } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import {
  HEADER,
  actors,
  brand,
  cookies,
  existing,
  listingRows,
  portal,
  upload,
  setUpImportsWorld,
} from '#tests/support/imports-world'

setUpImportsWorld()

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
      created: [{ key: null, listing_unique_id: 'API-1', row: 2 }],
      updated: [{ key: existing.key, listing_unique_id: 'EX-1', row: 3 }],
      errors: [{ row: 4, listing_unique_id: 'API-2', field: 'Units', message: 'Error parsing "Units" for upload.' }],
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

  it('pages the created and updated lists of a large upload with a cursor, to the last entry', async () => {
    const rows = 1_201
    const lines = Array.from({ length: rows }, (_, i) => `PAGE-${i},Paged Shirt ${i},PG-${i},,,,,`)
    const spreadsheet = `${HEADER}\n${lines.join('\n')}\n`
    type Entry = { listing_unique_id: string; row: number }
    type Lists = Record<'created' | 'updated', { total: number; next_cursor: number | null }>
    const readAll = async (key: string, first: Entry[], lists: Lists) => {
      const all = [...first]
      let cursor = lists.created.next_cursor
      while (cursor !== null) {
        const page = await api(
          portal,
          'GET',
          `/api/parsedspreadsheets/query/changes?key=${key}&list=created&cursor=${cursor}`,
          {
            cookie: cookies.reader,
          },
        )
        expect(page.status).toBe(200)
        const body = page.body as unknown as { data: Entry[]; cursor: number | null; total: number }
        expect(body.total).toBe(rows)
        all.push(...body.data)
        cursor = body.cursor
      }
      return all
    }
    for (const preflight of [true, false]) {
      const answer = await batch(cookies.owner, { brand: brand.key, spreadsheet, filename: 'paged.csv', preflight })
      expect(answer.status).toBe(200)
      const data = answer.body.data as { created: Entry[]; context: { key: string; lists: Lists } }
      // The first page, and what is left counted: a list never stops short without saying so.
      expect(data.created).toHaveLength(500)
      expect(data.context.lists.created).toEqual({ total: rows, next_cursor: 500 })
      expect(data.context.lists.updated).toEqual({ total: 0, next_cursor: null })
      const all = await readAll(data.context.key, data.created, data.context.lists)
      expect(all.map((entry) => entry.listing_unique_id)).toEqual(lines.map((_, i) => `PAGE-${i}`))
      expect(all.map((entry) => entry.row)).toEqual(lines.map((_, i) => i + 2))
    }
    const refused = await api(portal, 'GET', `/api/parsedspreadsheets/query/changes?key=nope&list=created`, {
      cookie: cookies.reader,
    })
    expect(refused.status).toBe(404)
    const wrongList = await api(portal, 'GET', `/api/parsedspreadsheets/query/changes?key=nope&list=deleted`, {
      cookie: cookies.reader,
    })
    expect(wrongList).toMatchObject({ status: 400, body: { error: { message: 'list: created or updated.' } } })
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
