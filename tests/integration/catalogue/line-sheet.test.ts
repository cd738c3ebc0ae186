// Line sheets (docs/decisions/183) against a real database and blob store: the PDF read back with
// pdf.js shows each style once with its names in their own scripts, colours, sizes, wholesale and
// retail prices, its picture and the brand's logo; the dialog checks the options; who may see the
// list may make one, nobody else.
import { makeLineSheet } from '#app/features/catalogue/line-sheet.server'
import { LINE_SHEET_TEXTS } from '#app/features/catalogue/line-sheet'
import { thumbnailPath } from '#app/features/files'
import { brands } from '#db/schema'
import { createListing } from '#tests/support/catalogue-factories'
import { actors, brand, cookies, portal, searchFilter as filter, setUpImportsWorld } from '#tests/support/imports-world'
import { eq } from 'drizzle-orm'
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs'
import sharp from 'sharp'
import { Readable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'

setUpImportsWorld({ pages: true })

async function bytesOf(body: Readable | ReadableStream<Uint8Array> | null): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of body as AsyncIterable<Uint8Array>) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/** Each page's text lines, as pdf.js reads them, and how many pictures each page paints. */
async function readPdf(bytes: Buffer) {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise
  const pages: { lines: string[]; pictures: number }[] = []
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number)
    const content = await page.getTextContent()
    // Runs printed side by side on one baseline (a name in two fonts) make one line; cards of a
    // row share baselines but stand apart.
    const items = content.items
      .filter((item) => 'str' in item && item.str !== '')
      .map((item) => item as { str: string; transform: number[]; width: number })
      .sort((a, b) => b.transform[5]! - a.transform[5]! || a.transform[4]! - b.transform[4]!)
    const lines: { y: number; end: number; text: string }[] = []
    for (const item of items) {
      const [x, y] = [item.transform[4]!, item.transform[5]!]
      const last = lines.at(-1)
      if (last && Math.abs(last.y - y) < 0.5 && x - last.end < 1) {
        last.text += item.str
        last.end = x + item.width
      } else lines.push({ y, end: x + item.width, text: item.str })
    }
    const operators = await page.getOperatorList()
    pages.push({
      lines: lines.map((line) => line.text.trim()),
      pictures: operators.fnArray.filter((op) => op === OPS.paintImageXObject).length,
    })
  }
  return pages
}

async function storePicture(key: string, colour: string, format: 'jpeg' | 'png') {
  const image = sharp({ create: { width: 300, height: 400, channels: 3, background: colour } })
  const data = await (format === 'png' ? image.png() : image.jpeg()).toBuffer()
  await portal.deps.blobs.put(key, Readable.from([data]), { contentType: `image/${format}`, maxBytes: 10_000_000 })
}

beforeAll(async () => {
  const { deps } = portal
  const photo = `brands/${brand.key}/media/robe-front.jpg`
  await storePicture(thumbnailPath(photo), '#c8a2c8', 'jpeg')
  const robe = {
    styleName: 'Robe d’été à fleurs',
    styleNumber: 'LS-ROBE',
    wholesalePrices: [{ number: 45, currency: 'USD' }],
  }
  await createListing(deps, brand.key, {
    ...robe,
    listingUniqueId: 'LS-1',
    size: { name: 'L', number: 3 },
    color: { name: 'Lilac', hexCode: '#C8A2C8' },
    media: { front: { key: 'front', name: 'front', position: 1, path: photo } },
  })
  await createListing(deps, brand.key, {
    ...robe,
    listingUniqueId: 'LS-2',
    size: { name: 'S', number: 1 },
    color: { name: 'Ecru' },
  })
  await createListing(deps, brand.key, {
    listingUniqueId: 'LS-3',
    styleName: 'ワンピース 夏',
    styleNumber: 'LS-JP',
    size: { name: 'M', number: 2 },
    wholesalePrices: [{ number: 12000, currency: 'JPY' }],
  })
  await createListing(deps, brand.key, { listingUniqueId: 'LS-4', styleName: 'T-Shirt Classic', styleNumber: 'LS-TEE' })
  const logo = `brands/${brand.key}/assets/logo.png`
  await storePicture(logo, '#222222', 'png')
  await deps.db
    .update(brands)
    .set({ assets: { logo: { path: logo } } })
    .where(eq(brands.key, brand.key))
})

describe('a line sheet', () => {
  it('shows each style once, in its own script, with colours, sizes, prices, its picture and the logo', async () => {
    const sheet = await makeLineSheet(
      portal.deps,
      actors.reader,
      brand.key,
      filter('LS-'),
      { title: 'Été 2027 · 夏', markup: 2.2, paper: 'A4' },
      new Date('2026-12-07T10:00:00Z'),
    )
    expect(sheet.filename).toBe('line-sheet-Été-2027-夏-2026-12-07.pdf')
    const bytes = await bytesOf(sheet.body)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const [page, ...more] = await readPdf(bytes)
    expect(more).toHaveLength(0)
    const lines = page!.lines
    expect(lines).toContain('Été 2027 · 夏')
    expect(lines).toContain('3 styles · December 7, 2026')
    for (const name of ['Robe d’été à fleurs', 'ワンピース 夏', 'T-Shirt Classic']) {
      expect(lines.filter((line) => line === name)).toHaveLength(1)
    }
    expect(lines).toContain('No. LS-ROBE')
    expect(lines).toContain('Ecru, Lilac')
    expect(lines).toContain('Sizes S · L')
    expect(lines).toContain('Wholesale 45 USD')
    expect(lines).toContain('Retail 99 USD')
    expect(lines).toContain('Wholesale 12000 JPY')
    expect(lines).toContain('Retail 26400 JPY')
    // The logo and the robe's picture; the other two cards say they have none.
    expect(page!.pictures).toBe(2)
    expect(lines.filter((line) => line === 'No picture')).toHaveLength(2)
  })

  it('prints wholesale only without a markup, and the brand’s name where it has no logo', async () => {
    await portal.deps.db.update(brands).set({ assets: {} }).where(eq(brands.key, brand.key))
    try {
      const sheet = await makeLineSheet(portal.deps, actors.owner, brand.key, filter('LS-TEE'), {
        title: 'Tees',
        markup: null,
        paper: 'LETTER',
      })
      const [page] = await readPdf(await bytesOf(sheet.body))
      expect(page!.lines).toContain(brand.name)
      expect(page!.lines.some((line) => line.startsWith('Retail'))).toBe(false)
      expect(page!.pictures).toBe(0)
    } finally {
      const logo = `brands/${brand.key}/assets/logo.png`
      await portal.deps.db
        .update(brands)
        .set({ assets: { logo: { path: logo } } })
        .where(eq(brands.key, brand.key))
    }
  })

  it('is refused for an empty list and to someone outside the brand', async () => {
    const options = { title: 'x', markup: null, paper: 'A4' as const }
    await expect(
      makeLineSheet(portal.deps, actors.owner, brand.key, filter('nothing-like-this'), options),
    ).rejects.toMatchObject({
      status: 400,
      message: LINE_SHEET_TEXTS.empty,
    })
    await expect(makeLineSheet(portal.deps, actors.outsider, brand.key, filter('LS-'), options)).rejects.toMatchObject({
      status: 404,
    })
  })
})

describe('the line sheet pages', () => {
  const dialog = (query: string, cookie: string) =>
    fetch(`${portal.url}/brand/${brand.key}/products/line-sheet?${query}`, { headers: { cookie }, redirect: 'manual' })

  it('checks the options, then sends the browser to the PDF, which opens inline', async () => {
    const bad = await dialog('search=LS-&make=1&title=Buyers&markup=11', cookies.reader)
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain(LINE_SHEET_TEXTS.markup)

    const good = await dialog('search=LS-&make=1&title=Buyers&markup=2&paper=LETTER', cookies.reader)
    expect(good.status).toBe(302)
    const location = good.headers.get('location')!
    expect(location).toBe(`/brand/${brand.key}/products/line-sheet.pdf?search=LS-&title=Buyers&markup=2&paper=LETTER`)

    const pdf = await fetch(`${portal.url}${location}`, { headers: { cookie: cookies.reader } })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toMatch(
      /^inline; filename="line-sheet-Buyers-\d{4}-\d{2}-\d{2}\.pdf"/,
    )
    const [page] = await readPdf(await bytesOf(pdf.body))
    expect(page!.lines).toContain('Retail 90 USD')
    // A HEAD is answered with the same headers and no drawing.
    const head = await fetch(`${portal.url}${location}`, { method: 'HEAD', headers: { cookie: cookies.reader } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('application/pdf')
    expect(head.headers.get('content-disposition')).toMatch(/^inline; filename="line-sheet-Buyers-/)
  })

  it('names what the list holds before anything is made, and what is refused', async () => {
    const open = await dialog('search=LS-', cookies.reader)
    expect(open.status).toBe(200)
    expect(await open.text()).toContain('A PDF for buyers of the 4 products this list shows')
    const empty = await dialog('search=nothing-like-this&make=1', cookies.reader)
    expect(empty.status).toBe(200)
    expect(await empty.text()).toContain(LINE_SHEET_TEXTS.empty)
    // A hand-written PDF address gets the dialog's message.
    const forged = await fetch(`${portal.url}/brand/${brand.key}/products/line-sheet.pdf?title=${'x'.repeat(121)}`, {
      headers: { cookie: cookies.reader },
    })
    expect(forged.status).toBe(400)
    expect(await forged.text()).toContain(LINE_SHEET_TEXTS.title)
  })

  it('is not found by someone outside the brand, on the dialog and on the PDF', async () => {
    expect((await dialog('search=LS-', cookies.outsider)).status).toBe(404)
    const pdf = await fetch(`${portal.url}/brand/${brand.key}/products/line-sheet.pdf?search=LS-`, {
      headers: { cookie: cookies.outsider },
    })
    expect(pdf.status).toBe(404)
  })
})
