// The products list's calls (catalogue.md §7) over HTTP against a real database: the filtered
// listing query with server-side search, bulk remove with per-key results, categories and styles
// of a brand; their envelopes, bad input, outsiders and read members. The pages' modal routes
// (quick view, delete) are read through the server too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { categories, lines, listings, styles } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { newKey } from '#app/platform/ids'
import {
  api,
  loadServerBuild,
  sessionCookieFor,
  startTestPortal,
  type ApiAnswer,
  type TestPortal,
} from '#tests/support/portal'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'

let portal: TestPortal
let brand: BrandFixture
const cookies: Record<'owner' | 'editor' | 'reader' | 'lineEditor' | 'outsider', string> = {
  owner: '',
  editor: '',
  reader: '',
  lineEditor: '',
  outsider: '',
}
let categoryKeys: { tops: string; knit: string }
let styleKey: string
/** Listings by a short name of this file's own. */
const made: Record<string, string> = {}

type Page = {
  data: {
    key: string
    style_name: string
    line_name: string | null
    collection_name: string | null
    category_names: string[]
    thumbnail: string | null
  }[]
  cursor: number
  more: boolean
  total: number
}
const page = (answer: ApiAnswer) => answer.body as unknown as Page
const names = (answer: ApiAnswer) =>
  page(answer)
    .data.map((row) => row.style_name)
    .sort()

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  const { deps } = portal
  brand = await createBrand(deps, { lines: 2, collectionsPerLine: 1 })
  const [line1, line2] = brand.lines
  // A line name no listing's own text contains, so a search for it can only match by the line.
  await deps.db.update(lines).set({ name: 'Resortwear' }).where(eq(lines.key, line2!.key))
  const tops = newKey()
  const knit = newKey()
  await deps.db.insert(categories).values([
    { key: tops, brandKey: brand.key, name: 'Tops' },
    { key: knit, brandKey: brand.key, name: 'Knitwear' },
  ])
  categoryKeys = { tops, knit }
  styleKey = newKey()
  await deps.db.insert(styles).values({
    key: styleKey,
    brandKey: brand.key,
    collectionKey: line1!.collections[0]!,
    name: 'Harbour',
    number: 'H-1',
  })
  const at = (minutes: number) => new Date(Date.UTC(2027, 0, 1, 12, minutes))
  made.shirt = (
    await createListing(deps, brand.key, {
      styleName: 'Linen Shirt',
      styleNumber: 'AB-100',
      materials: 'Linen',
      lineKey: line1!.key,
      collectionKey: line1!.collections[0]!,
      styleKey,
      categories: [tops],
      media: { front: { src: '/blobs/front.png', position: 1 } },
      modified: at(5),
    })
  ).key
  made.sweater = (
    await createListing(deps, brand.key, {
      styleName: 'Cable Sweater',
      styleNumber: 'AB-200',
      materials: 'Merino wool',
      lineKey: line1!.key,
      collectionKey: line1!.collections[0]!,
      styleKey,
      categories: [knit],
      modified: at(4),
    })
  ).key
  made.coat = (
    await createListing(deps, brand.key, {
      styleName: 'Wrap Coat',
      styleNumber: 'CD-300',
      materials: 'Wool 100%',
      lineKey: line2!.key,
      collectionKey: line2!.collections[0]!,
      categories: [tops, knit],
      modified: at(3),
    })
  ).key
  made.dress = (
    await createListing(deps, brand.key, {
      styleName: 'Slip Dress',
      styleNumber: 'CD-400',
      materials: 'Silk',
      lineKey: line2!.key,
      modified: at(2),
    })
  ).key
  const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  const editor = await createMember(deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const lineEditor = await createMember(
    deps,
    [
      { brand: brand.key, type: 'read' },
      { brand: brand.key, model: 'Line', modelId: line1!.key, type: 'editor' },
    ],
    { name: 'Lineeditor' },
  )
  ;[cookies.owner, cookies.editor, cookies.reader, cookies.lineEditor, cookies.outsider] = await Promise.all([
    sessionCookieFor(portal, owner.email),
    sessionCookieFor(portal, editor.email),
    sessionCookieFor(portal, reader.email),
    sessionCookieFor(portal, lineEditor.email),
    sessionCookieFor(portal, 'outsider@demo.test'),
  ])
})
afterAll(() => portal?.destroy())

const filter = (query: string, who: keyof typeof cookies = 'reader') =>
  api(portal, 'GET', `/api/listing/query/filter?brand=${brand.key}${query}`, { cookie: cookies[who] })

describe('GET /api/listing/query/filter', () => {
  it('answers a page newest first with line, collection and category names, cursor, more and total', async () => {
    const answer = await filter('&limit=2')
    expect(answer.status).toBe(200)
    const body = page(answer)
    expect(Object.keys(body).sort()).toEqual(['cursor', 'data', 'more', 'total'])
    expect(body.data.map((row) => row.key)).toEqual([made.shirt, made.sweater])
    expect(body).toMatchObject({ cursor: 2, more: true, total: 4 })
    expect(body.data[0]).toMatchObject({
      line_name: 'Line 1',
      collection_name: 'Collection 1.1',
      category_names: ['Tops'],
      thumbnail: '/blobs/front_300x400.png',
    })
    expect(body.data[1]!.thumbnail).toBeNull()
    const next = page(await filter('&limit=2&cursor=2'))
    expect(next.data.map((row) => row.key)).toEqual([made.coat, made.dress])
    expect(next).toMatchObject({ cursor: 4, more: false, total: 4 })
  })

  it('narrows by lines, collections, categories and styles together', async () => {
    expect(names(await filter(`&lines=${brand.lines[1]!.key}`))).toEqual(['Slip Dress', 'Wrap Coat'])
    expect(names(await filter(`&collections=${brand.collections[0]}`))).toEqual(['Cable Sweater', 'Linen Shirt'])
    expect(names(await filter(`&categories=${categoryKeys.knit}`))).toEqual(['Cable Sweater', 'Wrap Coat'])
    expect(names(await filter(`&categories=${categoryKeys.tops},${categoryKeys.knit}`))).toHaveLength(3)
    expect(names(await filter(`&lines=${brand.lines[0]!.key}&categories=${categoryKeys.tops}`))).toEqual([
      'Linen Shirt',
    ])
    expect(names(await filter(`&styles=${styleKey}`))).toEqual(['Cable Sweater', 'Linen Shirt'])
    // Counted in the same pass as the page; past the last page the total still comes back.
    expect(page(await filter(`&lines=${brand.lines[1]!.key}&limit=1`))).toMatchObject({
      cursor: 1,
      more: true,
      total: 2,
    })
    expect(page(await filter(`&lines=${brand.lines[1]!.key}&cursor=10`))).toEqual({
      data: [],
      cursor: 10,
      more: false,
      total: 2,
    })
  })

  it('searches style number, style name, materials, line and collection names, every word, any case', async () => {
    expect(names(await filter('&search=ab-2'))).toEqual(['Cable Sweater'])
    expect(names(await filter('&search=DRESS'))).toEqual(['Slip Dress'])
    expect(names(await filter('&search=wool'))).toEqual(['Cable Sweater', 'Wrap Coat'])
    expect(names(await filter('&search=resortwear'))).toEqual(['Slip Dress', 'Wrap Coat'])
    expect(names(await filter('&search=1.1'))).toEqual(['Cable Sweater', 'Linen Shirt'])
    expect(names(await filter('&search=merino%20ab'))).toEqual(['Cable Sweater'])
    // A typed % is a letter, not a wildcard.
    expect(names(await filter('&search=100%25'))).toEqual(['Wrap Coat'])
    expect(page(await filter('&search=velvet')).total).toBe(0)
  })

  it('ignores accents and case as people type, in any script, both ways (docs/decisions/179)', async () => {
    const other = await createBrand(portal.deps, { lines: 1, collectionsPerLine: 0 })
    const reader = await createMember(portal.deps, [{ brand: other.key, type: 'read' }], { name: 'Folder' })
    const cookie = await sessionCookieFor(portal, reader.email, reader.password)
    await portal.deps.db.update(lines).set({ name: 'Été Capsule' }).where(eq(lines.key, other.lines[0]!.key))
    for (const [styleName, materials] of [
      ['Pantalon Côtelé', 'Velours côtelé'],
      ['Jupe Cotele', null],
      ['Straßenkleid', 'Baumwolle'],
      ['ワンピース', 'コットン'],
      ['Plain Tee', null],
    ] as const) {
      await createListing(portal.deps, other.key, {
        styleName,
        styleNumber: `F-${styleName.length}`,
        materials,
        lineKey: styleName === 'Plain Tee' ? other.lines[0]!.key : null,
      })
    }
    const search = async (words: string) =>
      names(
        await api(portal, 'GET', `/api/listing/query/filter?brand=${other.key}&search=${encodeURIComponent(words)}`, {
          cookie,
        }),
      )
    expect(await search('cotele')).toEqual(['Jupe Cotele', 'Pantalon Côtelé'])
    expect(await search('CÔTELÉ')).toEqual(['Jupe Cotele', 'Pantalon Côtelé'])
    expect(await search('velours cotele')).toEqual(['Pantalon Côtelé'])
    expect(await search('strassenkleid')).toEqual(['Straßenkleid'])
    expect(await search('ワンピ')).toEqual(['ワンピース'])
    // A line's name folds too.
    expect(await search('ete capsule')).toEqual(['Plain Tee'])
    expect(await search('cotte')).toEqual([])
  })

  it('answers 400 naming the field for bad input', async () => {
    const bad = async (query: string, field: string) => {
      const answer = await filter(query)
      expect(answer.status, query).toBe(400)
      expect(answer.body.error?.type).toBe('ValidationError')
      expect(answer.body.error?.message.startsWith(`${field}:`), answer.body.error?.message).toBe(true)
    }
    await bad('&cursor=-1', 'cursor')
    await bad('&limit=0', 'limit')
    await bad('&limit=201', 'limit')
    await bad('&lines=a;b', 'lines')
    await bad(`&search=${'x'.repeat(101)}`, 'search')
    const noBrand = await api(portal, 'GET', '/api/listing/query/filter', { cookie: cookies.reader })
    expect(noBrand).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'brand: is required.' } },
    })
  })

  it('answers 404 to an outsider and shows nothing of another brand', async () => {
    expect(await filter('', 'outsider')).toEqual({
      status: 404,
      body: { error: { type: 'NotFound', message: 'Brand not found.' } },
    })
    const demo = page(
      await api(portal, 'GET', `/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=200`, {
        cookie: await sessionCookieFor(portal, 'viewer@demo.test'),
      }),
    )
    expect(demo.data.some((row) => Object.values(made).includes(row.key))).toBe(false)
  })
})

describe('GET /api/category/query/brand and /api/style/query/brand', () => {
  it('list the brand’s categories by name with a cursor, and its styles', async () => {
    const answer = await api(portal, 'GET', `/api/category/query/brand?brand=${brand.key}&cursor=0`, {
      cookie: cookies.reader,
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ data: [{ name: 'Knitwear' }, { name: 'Tops' }], cursor: 2, more: false })
    const styleAnswer = await api(portal, 'GET', `/api/style/query/brand?brand=${brand.key}`, {
      cookie: cookies.reader,
    })
    expect(styleAnswer).toMatchObject({
      status: 200,
      body: { data: [{ key: styleKey, KIND: 'Style', name: 'Harbour' }] },
    })
  })

  it('answer 400 for a bad cursor or no brand, 404 to an outsider', async () => {
    expect(
      (await api(portal, 'GET', `/api/category/query/brand?brand=${brand.key}&cursor=x`, { cookie: cookies.reader }))
        .status,
    ).toBe(400)
    expect((await api(portal, 'GET', '/api/style/query/brand', { cookie: cookies.reader })).status).toBe(400)
    for (const path of [`category/query/brand?brand=${brand.key}`, `style/query/brand?brand=${brand.key}`]) {
      expect(await api(portal, 'GET', `/api/${path}`, { cookie: cookies.outsider })).toMatchObject({
        status: 404,
        body: { error: { type: 'NotFound' } },
      })
    }
  })
})

describe('POST /api/listing/method/remove', () => {
  const remove = (keys: string, who: keyof typeof cookies, brandKey = brand.key) =>
    api(portal, 'POST', '/api/listing/method/remove', { cookie: cookies[who], body: { brand: brandKey, keys } })
  const stored = async (keys: string[]) =>
    (await portal.deps.db.select({ key: listings.key }).from(listings).where(inArray(listings.key, keys))).map(
      (row) => row.key,
    )

  it('refuses a read member with 403 and deletes nothing', async () => {
    const key = (await createListing(portal.deps, brand.key)).key
    expect(await remove(key, 'reader')).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    expect(await stored([key])).toEqual([key])
  })

  it('answers 404 to an outsider, and another brand’s keys are not found and untouched', async () => {
    const key = (await createListing(portal.deps, brand.key)).key
    expect(await remove(key, 'outsider')).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    const [demoListing] = await portal.deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(eq(listings.brandKey, DEMO_BRAND_KEY))
      .limit(1)
    const answer = await remove(`${key},${demoListing!.key}`, 'editor')
    expect(answer).toEqual({
      status: 200,
      body: {
        data: [
          { key, name: 'Boxy Tee', error: false },
          { key: demoListing!.key, name: demoListing!.key, error: true, message: 'Listing not found.' },
        ],
      },
    })
    expect(await stored([key, demoListing!.key])).toEqual([demoListing!.key])
  })

  it('lets an editor of a line delete its listings only, answering per key', async () => {
    const inLine = (await createListing(portal.deps, brand.key, { styleKey, styleName: 'Line piece' })).key
    const elsewhere = (await createListing(portal.deps, brand.key, { styleName: 'Other piece' })).key
    const answer = await remove(`${inLine},${elsewhere}`, 'lineEditor')
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual([
      { key: inLine, name: 'Line piece', error: false },
      { key: elsewhere, name: 'Other piece', error: true, message: expect.stringContaining('editor') },
    ])
    expect(await stored([inLine, elsewhere])).toEqual([elsewhere])
  })

  it('lets an editor of a line delete listings without a style that sit in the line or its collections', async () => {
    const [line1, line2] = brand.lines
    const byLine = (await createListing(portal.deps, brand.key, { lineKey: line1!.key, styleName: 'Loose piece' })).key
    const byCollection = (
      await createListing(portal.deps, brand.key, { collectionKey: line1!.collections[0]!, styleName: 'Capsule piece' })
    ).key
    const otherLine = (await createListing(portal.deps, brand.key, { lineKey: line2!.key, styleName: 'Far piece' })).key
    const answer = await remove(`${byLine},${byCollection},${otherLine}`, 'lineEditor')
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual([
      { key: byLine, name: 'Loose piece', error: false },
      { key: byCollection, name: 'Capsule piece', error: false },
      { key: otherLine, name: 'Far piece', error: true, message: expect.stringContaining('editor') },
    ])
    expect(await stored([byLine, byCollection, otherLine])).toEqual([otherLine])
  })

  it('answers 400 naming the field for missing or malformed keys, and for no brand', async () => {
    for (const keys of ['', ' , ', 'a b']) {
      const answer = await remove(keys, 'owner')
      expect(answer, JSON.stringify(keys)).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
      expect(answer.body.error!.message.startsWith('keys:')).toBe(true)
    }
    const noBrand = await api(portal, 'POST', '/api/listing/method/remove', {
      cookie: cookies.owner,
      body: { keys: made.dress },
    })
    expect(noBrand).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'brand: is required.' } },
    })
  })
})

describe('the products pages', () => {
  const get = (path: string, who: keyof typeof cookies) =>
    fetch(`${portal.url}${path}`, { headers: { cookie: cookies[who] }, redirect: 'manual' })

  it('shows quick view of a listing of the brand, and 404 for an outsider or another brand’s listing', async () => {
    const quick = await get(`/brand/${brand.key}/products/quick/${made.shirt}`, 'reader')
    expect(quick.status).toBe(200)
    const html = await quick.text()
    expect(html).toContain('Quick View')
    expect(html).toContain('AB-100')
    expect(html).toContain('View Full Details')
    expect((await get(`/brand/${brand.key}/products/quick/${made.shirt}`, 'outsider')).status).toBe(404)
    const [demoListing] = await portal.deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(eq(listings.brandKey, DEMO_BRAND_KEY))
      .limit(1)
    expect((await get(`/brand/${brand.key}/products/quick/${demoListing!.key}`, 'owner')).status).toBe(404)
  })

  it('refuses a read member the delete confirmation, and hides checkboxes and Edit from them', async () => {
    expect((await get(`/brand/${brand.key}/products/delete/${made.coat}`, 'reader')).status).toBe(403)
    // Bulk delete naming nothing a read member may edit is refused (an editor of one line may).
    const remove = await get(`/brand/${brand.key}/products/remove?keys=${made.coat}`, 'reader')
    expect(remove.status).toBe(403)
    expect(await portal.deps.db.select().from(listings).where(eq(listings.key, made.coat!))).toHaveLength(1)
    // Each row's menu opens on demand (`menu={key}` without JavaScript).
    const list = await (await get(`/brand/${brand.key}/products?menu=${made.coat}`, 'reader')).text()
    expect(list).toContain('Wrap Coat')
    expect(list).toContain('Quick View')
    expect(list).not.toContain('Delete selected')
    expect(list).not.toContain('?edit=true')
    const ownerList = await (await get(`/brand/${brand.key}/products?menu=${made.coat}`, 'owner')).text()
    expect(ownerList).toContain('Delete selected')
    expect(ownerList).toContain('?edit=true')
  })
})
