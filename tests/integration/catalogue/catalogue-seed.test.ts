// The demo catalogue's pictures and the bulk listings of `npm run seed -- --listings N`, against a
// real database and blob store: photos are 3:4 with 300 × 400 thumbnails beside them, Demo Brand
// shows its logo and hero, members get signed links and outsiders none; the bulk seed spreads
// its listings over lines, collections, categories and styles and can be run again safely.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, like, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { brands, listings } from '#db/schema'
import { DEMO_BRAND_KEY, DEMO_HERO_PATH, DEMO_LOGO_PATH } from '#seed/seed'
import { bulkImages, bulkStructure, seedListings } from '#seed/seed-listings'
import { thumbnailPath } from '#app/features/files/thumbnail'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand } from '#tests/support/factories'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
})
afterAll(() => portal?.destroy())

async function blobBytes(key: string): Promise<Buffer | null> {
  const blob = await portal.deps.blobs.get(key)
  if (!blob) return null
  const chunks: Buffer[] = []
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function size(key: string) {
  const bytes = await blobBytes(key)
  expect(bytes, `${key} is stored`).not.toBeNull()
  const { width, height, format } = await sharp(bytes!).metadata()
  return { width, height, format }
}

type Media = Record<string, { path: string; position: number; assets: { image: { path: string } } }>

describe('demo pictures', () => {
  it('give every demo listing a front and a detail photo at 3:4, each with a 300 × 400 thumbnail', async () => {
    const rows = await portal.deps.db
      .select({ key: listings.key, media: listings.media })
      .from(listings)
      .where(eq(listings.brandKey, DEMO_BRAND_KEY))
    expect(rows).toHaveLength(50)
    const paths = new Set<string>()
    for (const row of rows) {
      const media = row.media as Media
      expect(Object.keys(media).sort()).toEqual(['detail', 'front'])
      expect(media.front!.position).toBe(1)
      expect(media.front!.assets.image.path).toBe(media.front!.path)
      paths.add(media.front!.path)
      paths.add(media.detail!.path)
    }
    for (const path of paths) {
      const photo = await size(path)
      expect(photo.width! * 4).toBe(photo.height! * 3)
      expect(await size(thumbnailPath(path))).toMatchObject({ width: 300, height: 400 })
    }
  })

  it('give Demo Brand a logo that keeps its transparency and a wide hero', async () => {
    const [brand] = await portal.deps.db
      .select({ assets: brands.assets })
      .from(brands)
      .where(eq(brands.key, DEMO_BRAND_KEY))
    expect(brand!.assets.logo?.path).toBe(DEMO_LOGO_PATH)
    expect(brand!.assets.hero?.path).toBe(DEMO_HERO_PATH)
    expect(await size(DEMO_LOGO_PATH)).toMatchObject({ format: 'png' })
    const hero = await size(DEMO_HERO_PATH)
    expect(hero.width! > hero.height! * 2).toBe(true)
  })

  it("are linked to members by signed URL, and refused without one or with another file's signature", async () => {
    const admin = await sessionCookieFor(portal, 'admin@demo.test')
    const page = await fetch(`${portal.url}/brands`, { headers: { cookie: admin } })
    const html = await page.text()
    const logoUrl = /src="(\/blobs\/brands\/[^"]+demo-logo\.png\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&')
    expect(logoUrl, 'the page shows the logo').toBeTruthy()
    const served = await fetch(`${portal.url}${logoUrl}`)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')

    const [row] = await portal.deps.db
      .select({ media: listings.media })
      .from(listings)
      .where(eq(listings.brandKey, DEMO_BRAND_KEY))
      .limit(1)
    const photo = (row!.media as Media).front!.path
    const bare = await fetch(`${portal.url}/blobs/${photo}`)
    expect(bare.status).toBe(403)
    // The logo's signature does not open the photo: it signs one key.
    const query = logoUrl!.slice(logoUrl!.indexOf('?'))
    const borrowed = await fetch(`${portal.url}/blobs/${photo}${query}`)
    expect(borrowed.status).toBe(403)
    expect((await borrowed.json()) as unknown).toEqual({
      error: { type: 'PermissionError', message: 'This link has expired or is not valid.' },
    })
  })

  it("never reach an outsider: no link to them on the outsider's pages, and 404 on the brand's", async () => {
    const outsider = await sessionCookieFor(portal, 'outsider@demo.test')
    const own = await fetch(`${portal.url}/brands`, { headers: { cookie: outsider } })
    expect(own.status).toBe(200)
    const html = await own.text()
    expect(html).toContain('Other Brand')
    expect(html).not.toContain(`brands/${DEMO_BRAND_KEY}/`)
    const theirs = await fetch(`${portal.url}/brand/${DEMO_BRAND_KEY}`, { headers: { cookie: outsider } })
    expect(theirs.status).toBe(404)
    expect(await theirs.text()).not.toContain(`brands/${DEMO_BRAND_KEY}/`)
  })
})

describe('bulk listings (npm run seed -- --listings N)', () => {
  it('fill a brand up to N listings spread over lines, collections, categories and styles', async () => {
    const brand = await createBrand(portal.deps, { lines: 0 })
    const result = await seedListings(portal.deps.db, brand.key, 2_000)
    expect(result).toMatchObject({ generated: 2_000, brandTotal: 2_000 })

    const spread = await portal.deps.db.execute(sql`
      select count(distinct line_key)::int as lines, count(distinct collection_key)::int as collections,
             count(distinct style_key)::int as styles, count(distinct listing_unique_id)::int as ids,
             count(*) filter (where status = 'active')::int as active, count(*) filter (where addition)::int as additions
      from listings where brand_key = ${brand.key}`)
    const counts = (spread as unknown as { rows: Record<string, number>[] }).rows[0]!
    const structure = bulkStructure(brand.key)
    expect(counts.lines).toBe(structure.lines.length)
    expect(counts.collections).toBe(structure.collections.length)
    expect(counts.styles).toBe(2_000 / 25)
    expect(counts.ids).toBe(2_000)
    expect(counts.active).toBeGreaterThan(1_500)
    expect(counts.active).toBeLessThan(2_000)
    expect(counts.additions).toBeGreaterThan(0)

    // Every listing sits in a collection of its own line, with categories of the brand.
    const mismatched = await portal.deps.db.execute(sql`
      select count(*)::int as n from listings l join collections c on c.key = l.collection_key
      where l.brand_key = ${brand.key} and c.line_key is distinct from l.line_key`)
    expect((mismatched as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0)
    const categoryCounts = await portal.deps.db.execute(sql`
      select c.name, count(*)::int as n from listings l, jsonb_array_elements_text(l.categories) as k
      join categories c on c.key = k where l.brand_key = ${brand.key} group by c.name`)
    const byCategory = (categoryCounts as unknown as { rows: { name: string; n: number }[] }).rows
    expect(byCategory.length).toBeGreaterThanOrEqual(8)
    expect(byCategory.find((row) => row.name === 'Sustainable')?.n).toBeGreaterThan(0)

    // Their photos are the brand's own, among the images the seed draws for it.
    const photos = new Set(bulkImages(brand.key).map((image) => image.path))
    const sample = await portal.deps.db
      .select({ media: listings.media })
      .from(listings)
      .where(eq(listings.brandKey, brand.key))
      .limit(50)
    for (const row of sample) expect(photos.has((row.media as Media).front!.path)).toBe(true)
  })

  it('can run again: the same N changes nothing, a smaller N removes the extra rows, own listings stay', async () => {
    const brand = await createBrand(portal.deps, { lines: 1, collectionsPerLine: 1 })
    await portal.deps.db.insert(listings).values({
      key: `own-${brand.key}`,
      brandKey: brand.key,
      listingUniqueId: 'OWN-1',
      styleName: 'Own piece',
      styleNumber: 'OWN-1',
    })
    const keys = async () =>
      (await portal.deps.db.select({ key: listings.key }).from(listings).where(eq(listings.brandKey, brand.key)))
        .map((row) => row.key)
        .sort()
    expect(await seedListings(portal.deps.db, brand.key, 300)).toMatchObject({ generated: 299, brandTotal: 300 })
    const first = await keys()
    expect(await seedListings(portal.deps.db, brand.key, 300)).toMatchObject({ generated: 299, brandTotal: 300 })
    expect(await keys()).toEqual(first)
    expect(await seedListings(portal.deps.db, brand.key, 120)).toMatchObject({ brandTotal: 120 })
    expect(await keys()).toHaveLength(120)
    const own = await portal.deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(and(eq(listings.brandKey, brand.key), like(listings.listingUniqueId, 'OWN-%')))
    expect(own).toHaveLength(1)
    await expect(seedListings(portal.deps.db, brand.key, -1)).rejects.toThrow(/whole number/)
  })
})
