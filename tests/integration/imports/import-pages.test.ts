// The product upload pages without JavaScript, against a real database: the multipart form
// streamed to the import service, its refusals (not CSV, no id column, no token, a token after the
// file) answered on the page with nothing stored, the scoped addresses, the xlsx template, and
// who may do what: read members look at History and an import but cannot upload, fix or roll
// back; outsiders get 404.
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { importRows, imports, listings } from '#db/schema'
import { IMPORT_FIELDS } from '#app/features/imports/fields'
import { formatWhenToMinute } from '#app/platform/format'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'
import { pageBrowser } from '#tests/support/page-browser'

const ID_MISSING = "'Listing Unique Id' required column is missing. Please revise CSV file."

let portal: TestPortal
let brand: BrandFixture
let owner: AccountFixture
let reader: AccountFixture
let outsider: AccountFixture

/** A signed-in browser without JavaScript: its cookies (kept across answers) and its CSRF token. */
const browserOf = (account: AccountFixture) => pageBrowser(portal, account)

const importsOf = (brandKey: string) => portal.deps.db.select().from(imports).where(eq(imports.brandKey, brandKey))

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps, { lines: 1, collectionsPerLine: 1 })
  owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  reader = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const elsewhere = await createBrand(portal.deps)
  outsider = await createMember(portal.deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Outsider' })
})
afterAll(() => portal?.destroy())

const uploadPath = () => `/brand/${brand.key}/products/upload?index`

describe('the upload form', () => {
  it('refuses a file without the id column with the spec text, and stores nothing', async () => {
    const browser = await browserOf(owner)
    const answer = await browser.upload(uploadPath(), { name: 'no-id.csv', content: 'Style Name\nShirt\n' })
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain(ID_MISSING.replace(/'/g, '&#x27;'))
    expect(await importsOf(brand.key)).toEqual([])
  })

  it('refuses a file that is not CSV, whatever its name says about it', async () => {
    const browser = await browserOf(owner)
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    for (const name of ['photo.png', 'photo.csv']) {
      const answer = await browser.upload(uploadPath(), { name, content: png, type: 'image/png' })
      expect(answer.status, name).toBe(400)
      expect(await answer.text(), name).toContain('CSV file not detected. ')
    }
    expect(await importsOf(brand.key)).toEqual([])
  })

  it('refuses a form without its token, or with the token after the file (403), and stores nothing', async () => {
    const browser = await browserOf(owner)
    const file = { name: 'sheet.csv', content: 'Listing Unique Id,Style Name,Style Number\nT-1,Tee,T1\n' }
    expect((await browser.upload(uploadPath(), file, { csrf: 'none' })).status).toBe(403)
    expect((await browser.upload(uploadPath(), file, { csrf: 'after-file' })).status).toBe(403)
    expect(await importsOf(brand.key)).toEqual([])
  })

  it('starts a dry run scoped to the line of the form, marked as an addition', async () => {
    const browser = await browserOf(owner)
    const line = brand.lines[0]!.key
    const answer = await browser.upload(
      uploadPath(),
      { name: 'line.csv', content: 'Listing Unique Id,Style Name,Style Number\nL-1,Line Tee,LT1\n' },
      { fields: { line, addition: 'true' } },
    )
    expect(answer.status).toBe(302)
    const [stored] = await importsOf(brand.key)
    expect(stored).toMatchObject({ filename: 'line.csv', lineKey: line, addition: true, status: 'previewed' })
    expect(answer.headers.get('location')).toBe(`/brand/${brand.key}/products/upload/${stored!.key}`)
    const page = await (await browser.get(answer.headers.get('location')!)).text()
    expect(page).toContain('1 records parsed')
    expect(page).toContain('Line Tee')
  })

  it('files the listings of a collection-scoped upload in that collection and its line', async () => {
    const browser = await browserOf(owner)
    const collection = brand.lines[0]!.collections[0]!
    const answer = await browser.upload(
      uploadPath(),
      {
        name: 'collection.csv',
        content: 'Listing Unique Id,Style Name,Style Number\nCS-1,Wool Coat,WC1\nCS-2,Wool Cape,WC2\n',
      },
      { fields: { collection } },
    )
    expect(answer.status).toBe(302)
    const stored = (await importsOf(brand.key)).find((row) => row.filename === 'collection.csv')!
    expect(stored).toMatchObject({ collectionKey: collection, status: 'previewed' })
    expect((await browser.post(answer.headers.get('location')!, { intent: 'commit' })).status).toBe(302)
    const made = await portal.deps.db.select().from(listings).where(eq(listings.brandKey, brand.key))
    expect(
      made
        .filter((row) => row.listingUniqueId.startsWith('CS-'))
        .map((row) => [row.listingUniqueId, row.collectionKey, row.lineKey]),
    ).toEqual([
      ['CS-1', collection, brand.lines[0]!.key],
      ['CS-2', collection, brand.lines[0]!.key],
    ])
  })

  it('is not offered to a read member, whose upload is refused; an outsider gets 404', async () => {
    const before = (await importsOf(brand.key)).length
    const browser = await browserOf(reader)
    const page = await browser.get(`/brand/${brand.key}/products/upload`)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).not.toContain('Select File')
    expect(html).toContain('Only owners and editors of the brand can upload product data.')
    // The header lights Product Data alone here, not Product as well.
    const current = [...html.matchAll(/<a [^>]*aria-current="page"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1])
    expect(current).toContain('Product Data')
    expect(current).not.toContain('Product')
    const answer = await browser.upload(uploadPath(), {
      name: 'sheet.csv',
      content: 'Listing Unique Id,Style Name,Style Number\nR-1,Reader Tee,R1\n',
    })
    expect(answer.status).toBe(403)
    expect((await importsOf(brand.key)).length).toBe(before)
    const stranger = await browserOf(outsider)
    expect((await stranger.get(`/brand/${brand.key}/products/upload`)).status).toBe(404)
  })
})

describe('around the upload', () => {
  it('leads /line/{id}/products/upload and /collection/{id}/products/upload to the scoped page', async () => {
    const browser = await browserOf(reader)
    const line = brand.lines[0]!.key
    const collection = brand.collections[0]!
    const fromLine = await browser.get(`/line/${line}/products/upload`)
    expect(fromLine.headers.get('location')).toBe(`/brand/${brand.key}/products/upload?line=${line}`)
    const fromCollection = await browser.get(`/collection/${collection}/products/upload`)
    expect(fromCollection.headers.get('location')).toBe(`/brand/${brand.key}/products/upload?collection=${collection}`)
    expect((await (await browserOf(outsider)).get(`/line/${line}/products/upload`)).status).toBe(404)
  })

  it('serves the blank template as xlsx: the listing fields as headers and one example row', async () => {
    const answer = await (await browserOf(reader)).get(`/brand/${brand.key}/products/upload/template`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await answer.arrayBuffer())
    const sheet = workbook.worksheets[0]!
    const cells = (row: number) => IMPORT_FIELDS.map((_, index) => sheet.getRow(row).getCell(index + 1).text)
    expect(cells(1)).toEqual(IMPORT_FIELDS.map((field) => field.name))
    expect(cells(2)).toEqual(IMPORT_FIELDS.map((field) => field.example))
    expect(sheet.rowCount).toBe(2)
  })

  it('lets a read member see History and an import, but not fix a row or roll back', async () => {
    const stored = (await importsOf(brand.key)).find((row) => row.filename === 'line.csv')
    const browser = await browserOf(reader)
    const history = await browser.get(`/brand/${brand.key}/products/upload?tab=history`)
    expect(await history.text()).toContain('line.csv')
    const base = `/brand/${brand.key}/products/upload/${stored!.key}`
    expect((await browser.get(base)).status).toBe(200)
    for (const path of [`${base}/row/2`, `${base}/rollback`, `${base}/mapping`]) {
      const answer = await browser.get(path)
      expect(answer.status, path).toBe(302)
      expect(answer.headers.get('location'), path).toBe(`/brand/${brand.key}`)
    }
    const commit = await browser.post(base, { intent: 'commit' })
    expect(commit.status).toBe(403)
    const [after] = await portal.deps.db.select().from(imports).where(eq(imports.key, stored!.key))
    expect(after!.status).toBe('previewed')
    const stranger = await browserOf(outsider)
    for (const path of [base, `${base}/original`, `${base}/review`]) {
      expect((await stranger.get(path)).status, path).toBe(404)
    }
  })
})

describe('History', () => {
  it('tells each upload by its own time, to the minute', async () => {
    const own = await createBrand(portal.deps, { lines: 1 })
    const boss = await createMember(portal.deps, [{ brand: own.key, type: 'owner' }])
    const browser = await browserOf(boss)
    for (const name of ['morning.csv', 'later.csv']) {
      const answer = await browser.upload(`/brand/${own.key}/products/upload?index`, {
        name,
        content: 'Listing Unique Id,Style Name,Style Number\nHT-1,History Tee,HT1\n',
      })
      expect(answer.status).toBe(302)
    }
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 2, minutes))
    const stored = await importsOf(own.key)
    for (const [name, minutes] of [
      ['morning.csv', 5],
      ['later.csv', 41],
    ] as const) {
      const entry = stored.find((row) => row.filename === name)!
      await portal.deps.db
        .update(imports)
        .set({ created: at(minutes) })
        .where(eq(imports.key, entry.key))
    }
    const history = (await (await browser.get(`/brand/${own.key}/products/upload?tab=history`)).text()).replace(
      /<!-- -->/g,
      '',
    )
    // In the server's own time zone here (the browser's, once JavaScript runs).
    expect(history).toContain(`>${formatWhenToMinute(at(5))}</time>`)
    expect(history).toContain(`>${formatWhenToMinute(at(41))}</time>`)
    expect(formatWhenToMinute(at(5))).not.toBe(formatWhenToMinute(at(41)))
  })
})

describe('rolling back', () => {
  it('rolls back an older import untouched since; names the later import or the edit that changed one, until they are undone', async () => {
    const browser = await browserOf(owner)
    const committed = async (name: string, csv: string) => {
      const uploaded = await browser.upload(uploadPath(), {
        name,
        content: `Listing Unique Id,Style Name,Style Number,Color Name\n${csv}`,
      })
      expect(uploaded.status, name).toBe(302)
      const stored = (await importsOf(brand.key)).find((row) => row.filename === name)!
      const base = `/brand/${brand.key}/products/upload/${stored.key}`
      expect((await browser.post(base, { intent: 'commit' })).status, name).toBe(302)
      return { key: stored.key, rollback: `${base}/rollback` }
    }
    const statusOf = async (key: string) =>
      (await portal.deps.db.select().from(imports).where(eq(imports.key, key)))[0]!.status
    const listingOf = async (id: string) =>
      (await portal.deps.db.select().from(listings).where(eq(listings.listingUniqueId, id)))[0]

    const older = await committed('older.csv', 'RB-1,Roll Tee,RT1,Black\nRB-2,Roll Top,RT2,Black\n')
    const newer = await committed('newer.csv', 'RB-3,Other Tee,RT3,Grey\n')
    // Untouched by the newer import: the older one rolls back, the newer one stays.
    const confirm = (await (await browser.get(older.rollback)).text()).replace(/<!-- -->/g, '')
    expect(confirm).toContain('The 2 listings it created will be removed')
    expect((await browser.post(older.rollback, {})).status).toBe(302)
    expect(await statusOf(older.key)).toBe('rolled_back')
    expect(await statusOf(newer.key)).toBe('committed')
    expect(await listingOf('RB-1')).toBeUndefined()
    expect(await listingOf('RB-3')).toBeDefined()

    // A later import changes row 2's listing: the page names it, offers its roll back, and refuses.
    const base = await committed('base.csv', 'RB-4,Base Tee,RT4,Black\nRB-5,Base Top,RT5,Black\n')
    const later = await committed('later.csv', 'RB-4,Base Tee,RT4,Ecru\n')
    const page = (await (await browser.get(base.rollback)).text()).replace(/<!-- -->/g, '')
    expect(page).toContain('Row 2 was changed since by the upload of later.csv: roll that one back first.')
    expect(page).toContain(`href="/brand/${brand.key}/products/upload/${later.key}/rollback"`)
    expect(page).not.toContain('>Roll back</button>')
    // Posted anyway (a page opened before the later import): History says why, no error page.
    const refused = await browser.post(base.rollback, {})
    expect(refused.status).toBe(302)
    const history = await (await browser.get(refused.headers.get('location')!)).text()
    expect(history).toContain('Row 2 was changed since by the upload of later.csv')
    expect(history).not.toContain('Something went wrong')
    expect(await statusOf(base.key)).toBe('committed')
    expect((await listingOf('RB-4'))!.color).toMatchObject({ name: 'Ecru' })

    // An edit since, by no import: said as such.
    await portal.deps.db.update(listings).set({ styleName: 'Edited Top' }).where(eq(listings.listingUniqueId, 'RB-5'))
    const edited = (await (await browser.get(base.rollback)).text()).replace(/<!-- -->/g, '')
    expect(edited).toContain('Row 3 was edited since on the products page.')
    await portal.deps.db.update(listings).set({ styleName: 'Base Top' }).where(eq(listings.listingUniqueId, 'RB-5'))

    // Rolled back from there: the later one first, which gives the colour back and keeps a later
    // change to another field; then the base one.
    await portal.deps.db.update(listings).set({ description: 'Kept' }).where(eq(listings.listingUniqueId, 'RB-4'))
    expect((await browser.post(later.rollback, {})).status).toBe(302)
    expect(await statusOf(later.key)).toBe('rolled_back')
    expect(await listingOf('RB-4')).toMatchObject({ color: { name: 'Black' }, description: 'Kept' })
    expect(await (await browser.get(base.rollback)).text()).not.toContain('can’t be rolled back')
    expect((await browser.post(base.rollback, {})).status).toBe(302)
    expect(await statusOf(base.key)).toBe('rolled_back')
    expect(await listingOf('RB-4')).toBeUndefined()
  })
})

describe('discarding', () => {
  it('discards an upload never committed, its rows and file with it; a committed one is refused', async () => {
    const browser = await browserOf(owner)
    const uploaded = await browser.upload(uploadPath(), {
      name: 'abandoned.csv',
      content: 'Listing Unique Id,Style Name,Style Number\nAB-1,Left Tee,LT1\nAB-2,Left Tee,LT2\n',
    })
    expect(uploaded.status).toBe(302)
    const stored = (await importsOf(brand.key)).find((row) => row.filename === 'abandoned.csv')!
    expect(stored.status).toBe('previewed')
    const base = `/brand/${brand.key}/products/upload/${stored.key}`
    const history = await (await browser.get(`/brand/${brand.key}/products/upload?tab=history`)).text()
    expect(history).toContain(`href="${base}/discard"`)
    // A read member is not offered it and cannot reach it.
    const reader_ = await browserOf(reader)
    expect(await (await reader_.get(`/brand/${brand.key}/products/upload?tab=history`)).text()).not.toContain(
      `${base}/discard`,
    )
    expect((await reader_.post(`${base}/discard`, {})).status).toBe(302)
    expect((await importsOf(brand.key)).some((row) => row.key === stored.key)).toBe(true)

    expect(await (await browser.get(`${base}/discard`)).text()).toContain('It was never committed')
    const discarded = await browser.post(`${base}/discard`, {})
    expect(discarded.status).toBe(302)
    const landed = await (await browser.get(discarded.headers.get('location')!)).text()
    expect(landed).toContain('The upload of abandoned.csv has been discarded.')
    expect((await importsOf(brand.key)).some((row) => row.key === stored.key)).toBe(false)
    expect(await portal.deps.db.select().from(importRows).where(eq(importRows.importKey, stored.key))).toEqual([])
    expect((await browser.get(base)).status).toBe(404)

    // A committed upload is rolled back, not discarded.
    const committed = (await importsOf(brand.key)).find((row) => row.status === 'committed')!
    const committedBase = `/brand/${brand.key}/products/upload/${committed.key}`
    expect(await (await browser.get(`${committedBase}/discard`)).text()).toContain(
      'This upload was committed: roll it back instead.',
    )
    const refused = await browser.post(`${committedBase}/discard`, {})
    expect(await (await browser.get(refused.headers.get('location')!)).text()).toContain('roll it back instead')
    expect((await importsOf(brand.key)).some((row) => row.key === committed.key)).toBe(true)
  })
})

describe('a failed row', () => {
  it('shows its reason on the grid and in the row editor, and is fixed there without warnings of absent columns', async () => {
    const browser = await browserOf(owner)
    const uploaded = await browser.upload(uploadPath(), {
      name: 'reasons.csv',
      content: 'Listing Unique Id,Style Name,Style Number,UPC\nRS-1,Reason Tee,RS1,1.23457E+11\n',
    })
    const dryRun = uploaded.headers.get('location')!
    const grid = (await (await browser.get(dryRun)).text()).replace(/<!-- -->/g, '')
    expect(grid).toContain('Error parsing &quot;UPC&quot; for upload. 1.23457E+11 is in scientific notation')
    expect(grid).toContain('data-level="error"')

    const editor = (await (await browser.get(`${dryRun}/row/2`)).text()).replace(/<!-- -->/g, '')
    expect(editor).toContain('1.23457E+11 is in scientific notation')
    // The file's own columns come first; the template's others are folded.
    expect(editor.indexOf('>UPC<')).toBeLessThan(editor.indexOf('not in the file'))
    expect(editor).toMatch(/Other fields \(\d+\), not in the file/)

    const fields: Record<string, string> = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.name, '']))
    const fixed = await browser.post(`${dryRun}/row/2`, {
      ...fields,
      'Listing Unique Id': 'RS-1',
      'Style Name': 'Reason Tee',
      'Style Number': 'RS1',
      UPC: '012345678905',
    })
    expect(fixed.status).toBe(302)
    const stored = (await importsOf(brand.key)).find((row) => row.filename === 'reasons.csv')!
    const [row] = await portal.deps.db.select().from(importRows).where(eq(importRows.importKey, stored.key))
    expect(row!.issues).toEqual([])
    expect(row!.action).toBe('create')
  })
})

describe('the review of a committed upload', () => {
  it('lists the rows it did not take, each with its reasons and a fix, warnings apart from errors', async () => {
    const two = await createBrand(portal.deps, { lines: 2, collectionsPerLine: 1 })
    const boss = await createMember(portal.deps, [{ brand: two.key, type: 'owner' }])
    const looking = await createMember(portal.deps, [{ brand: two.key, type: 'read' }])
    const browser = await browserOf(boss)
    const uploaded = await browser.upload(`/brand/${two.key}/products/upload?index`, {
      name: 'review-reasons.csv',
      content: [
        'Listing Unique Id,Style Name,Style Number,UPC,Line,Collection,Buyer Notes',
        'RV-1,Review Tee,RV1,012345678905,Line 1,,kept aside',
        'RV-2,Review Shirt,RV2,1.23457E+11,Line 1,,',
        'RV-3,Review Skirt,RV3,,Kidswear,,',
        'RV-4,Review Coat,RV4,,Line 1,Collection 2.1,',
      ].join('\n'),
    })
    // Buyer Notes matches no field: it is mapped to nothing, and the dry run follows.
    const base = uploaded.headers.get('location')!.replace(/\/mapping$/, '')
    expect((await browser.post(`${base}/mapping`, {})).headers.get('location')).toBe(base)
    // The raw grid shows the file's own cells, a column no field reads too.
    expect(await (await browser.get(`${base}?layout=sheet`)).text()).toContain('kept aside')
    // Only there: the dry run's page carries no cells of the file (a row may have a thousand).
    expect(await (await browser.get(base)).text()).not.toContain('kept aside')
    expect((await browser.post(base, { intent: 'commit' })).status).toBe(302)

    const review = (await (await browser.get(`${base}/review`)).text()).replace(/<!-- -->/g, '')
    expect(review).toMatch(/>Failed <span[^>]*>\(3\)<\/span>/)
    expect(review).toMatch(/>Created <span[^>]*>\(1\)<\/span>/)
    expect(review).toContain('Error parsing &quot;UPC&quot; for upload. 1.23457E+11 is in scientific notation')
    expect(review).toContain('No line named Kidswear in this brand.')
    expect(review).toContain('Collection 2.1 is not a collection of the line Line 1.')
    // Rows as the sheet numbers them: the header is row 1, RV-1 row 2.
    for (const row of [3, 4, 5]) expect(review).toContain(`href="${base}/row/${row}"`)
    expect(review).not.toContain(`href="${base}/row/2"`)
    // An empty optional cell is a warning, told apart from the errors by its word and colour.
    expect(review).toMatch(
      /data-level="warning"(?: title="[^"]*")? class="[^"]*amber[^"]*"><span class="font-semibold">Warning</,
    )
    expect(review).toMatch(/data-level="error" class="[^"]*red[^"]*"><span class="font-semibold">Error</)

    // A read member reads the same reasons and is offered no fix.
    const readerReview = await (await (await browserOf(looking)).get(`${base}/review`)).text()
    expect(readerReview).toContain('No line named Kidswear in this brand.')
    expect(readerReview).not.toContain('aria-label="Fix row')
    // Another brand's owner gets 404; a page number that is not one reads as the first page.
    expect((await (await browserOf(outsider)).get(`${base}/review?failed=2`)).status).toBe(404)
    // A NUL in the address is refused before any page (the portal's control-character guard).
    expect((await browser.get(`${base}/review?failed=1%00`)).status).toBe(400)
    for (const odd of ['-1', 'abc', '99999999999']) {
      const answer = await browser.get(`${base}/review?failed=${odd}`)
      expect(answer.status, odd).toBe(200)
      expect(await answer.text(), odd).toContain('No line named Kidswear in this brand.')
    }
  })
})

describe('mapping a wide file', () => {
  it('maps its columns a page of 100 at a time, each page bounded, until none is left', async () => {
    const browser = await browserOf(owner)
    const extra = Array.from({ length: 250 }, (_, i) => `Extra ${i + 1}`)
    const header = ['Listing Unique Id', 'Style Name', 'Style Number', ...extra].join(',')
    const row = ['W-1', 'Wide Tee', 'WT1', ...extra.map(() => 'x')].join(',')
    const answer = await browser.upload(uploadPath(), { name: 'wide.csv', content: `${header}\n${row}\n` })
    expect(answer.status).toBe(302)
    const [stored] = (await importsOf(brand.key)).filter((found) => found.filename === 'wide.csv')
    expect(stored?.status).toBe('needs_mapping')
    const base = `/brand/${brand.key}/products/upload/${stored!.key}`
    // A file that needs mapping goes straight to the mapping.
    expect(answer.headers.get('location')).toBe(`${base}/mapping`)

    for (const [left, shown] of [
      [250, 100],
      [150, 100],
      [50, 50],
    ] as const) {
      const page = await browser.get(`${base}/mapping`)
      // React marks where text parts meet with empty comments.
      const html = (await page.text()).replaceAll('<!-- -->', '')
      expect(page.status).toBe(200)
      expect(html.match(/<select/g) ?? []).toHaveLength(shown)
      if (left > shown) expect(html).toContain(`Columns 1–${shown} of ${left}: the other ${left - shown} follow`)
      else expect(html).not.toContain('data-testid="mapping-page"')
      // Bounded by the page, not by the file: 100 selects of the template's fields.
      expect(html.length).toBeLessThan(400_000)
      // Every column of the page ignored; the next page (or the upload) comes next.
      const applied = await browser.post(`${base}/mapping`, {})
      expect(applied.status).toBe(302)
      expect(applied.headers.get('location')).toBe(left > shown ? `${base}/mapping` : base)
    }
    const [done] = await portal.deps.db.select().from(imports).where(eq(imports.key, stored!.key))
    expect(done?.status).toBe('previewed')
  })
})
