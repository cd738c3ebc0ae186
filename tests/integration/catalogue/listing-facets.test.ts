// The filtered products list answered from kept facet counts and merged index walks (migration
// 0015, docs/decisions/131): the counts must agree with the listings after every kind of write,
// and every page of a filter must hold exactly the listings a plain query orders there, from
// either end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { brands, listingFacets, listings } from '#db/schema'
import { bulkStructure, seedListings } from '#seed/seed-listings'
import { parsePageQuery } from '#app/features/catalogue/listing-filter'
import { actorForAccount } from '#app/features/identity/accounts.server'
import { listListings, removeListings } from '#app/features/catalogue/listings.server'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal
let brand: BrandFixture
let other: BrandFixture
let owner: Actor

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps)
  other = await createBrand(portal.deps)
  owner = await actorForAccount(
    portal.deps,
    (await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }])).key,
  )
  await seedListings(portal.deps.db, brand.key, 2_000)
  await seedListings(portal.deps.db, other.key, 300)
})
afterAll(() => portal?.destroy())

type Group = { brand: string; line: string; collection: string; categories: string; total: number }

/** The kept counts and the counts grouped from the listings themselves, in one order. */
async function keptAndCounted(): Promise<{ kept: Group[]; counted: Group[] }> {
  const kept = (await portal.deps.db.execute(sql`
    select brand_key as brand, line_key as line, collection_key as collection, categories::text as categories, total
    from listing_facets order by 1, 2, 3, 4`)) as unknown as { rows: Group[] }
  const counted = (await portal.deps.db.execute(sql`
    select brand_key as brand, coalesce(line_key, '') as line, coalesce(collection_key, '') as collection,
      categories::text as categories, count(*)::int as total
    from listings group by 1, 2, 3, 4 order by 1, 2, 3, 4`)) as unknown as { rows: Group[] }
  return { kept: kept.rows, counted: counted.rows }
}

async function expectCountsAgree() {
  const { kept, counted } = await keptAndCounted()
  expect(kept.length).toBeGreaterThan(0)
  expect(kept).toEqual(counted)
}

describe('the kept facet counts', () => {
  it('follow a bulk insert of thousands and single inserts, with and without a line or collection', async () => {
    await expectCountsAgree()
    await createListing(portal.deps, brand.key)
    await createListing(portal.deps, brand.key, { categories: ['loose'] })
    await expectCountsAgree()
  })

  it('follow updates that move listings between lines, collections and categories, and ignore the rest', async () => {
    const structure = bulkStructure(brand.key)
    const [firstCollection, lastCollection] = [structure.collections[0]!, structure.collections.at(-1)!]
    await portal.deps.db
      .update(listings)
      .set({ collectionKey: lastCollection.key, lineKey: lastCollection.lineKey })
      .where(and(eq(listings.brandKey, brand.key), eq(listings.collectionKey, firstCollection.key)))
    await portal.deps.db
      .update(listings)
      .set({ categories: sql`categories || '["extra"]'::jsonb` })
      .where(and(eq(listings.brandKey, brand.key), eq(listings.lineKey, structure.lines[1]!.key)))
    await portal.deps.db
      .update(listings)
      .set({ lineKey: null })
      .where(and(eq(listings.brandKey, brand.key), eq(listings.collectionKey, structure.collections[5]!.key)))
    await expectCountsAgree()
    // A change of photos or names keeps every listing in its group: no count moves.
    const before = await keptAndCounted()
    await portal.deps.db
      .update(listings)
      .set({ styleName: 'Renamed', media: {} })
      .where(eq(listings.brandKey, brand.key))
    expect((await keptAndCounted()).kept).toEqual(before.kept)
    // Groups left empty are removed rather than kept at zero.
    const zero = await portal.deps.db
      .select()
      .from(listingFacets)
      .where(sql`${listingFacets.total} <= 0`)
    expect(zero).toEqual([])
  })

  it('follow deletes through the products list and a brand deleted with its listings', async () => {
    const page = await listListings(portal.deps, owner, brand.key, parsePageQuery(new URLSearchParams('')).filter)
    const removed = await removeListings(
      portal.deps,
      owner,
      brand.key,
      page.data.slice(0, 7).map((row) => row.key),
    )
    expect(removed.every((result) => !result.error)).toBe(true)
    await expectCountsAgree()
    await portal.deps.db.delete(brands).where(eq(brands.key, other.key))
    await expectCountsAgree()
    expect(await portal.deps.db.select().from(listingFacets).where(eq(listingFacets.brandKey, other.key))).toEqual([])
  })
})

describe('a filtered page', () => {
  /** The listings a plain query finds for the filter, newest first, key breaking ties. */
  async function expectedKeys(query: URLSearchParams): Promise<string[]> {
    const where: SQL[] = [eq(listings.brandKey, brand.key)]
    const list = (name: string) => query.get(name)?.split(',') ?? []
    if (list('lines').length) where.push(inArray(listings.lineKey, list('lines')))
    if (list('collections').length) where.push(inArray(listings.collectionKey, list('collections')))
    if (list('styles').length) where.push(inArray(listings.styleKey, list('styles')))
    if (list('categories').length) where.push(sql`${listings.categories} ?| ${sql.param(list('categories'))}::text[]`)
    const rows = await portal.deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(and(...where))
      .orderBy(sql`${listings.modified} desc, ${listings.key} desc`)
    return rows.map((row) => row.key)
  }

  /** Every page of the filter, 25 at a time, and one past the end. */
  async function allPages(query: URLSearchParams) {
    const keys: string[] = []
    const totals = new Set<number>()
    for (let page = 1; page < 200; page++) {
      const filter = parsePageQuery(new URLSearchParams(`${query}&per=25&page=${page}`)).filter
      const answer = await listListings(portal.deps, owner, brand.key, filter)
      totals.add(answer.total)
      keys.push(...answer.data.map((row) => row.key))
      if (!answer.more) {
        const past = await listListings(portal.deps, owner, brand.key, { ...filter, cursor: filter.cursor + 25 })
        expect(past.data).toEqual([])
        break
      }
    }
    return { keys, totals: [...totals] }
  }

  it('holds exactly the listings a plain query orders there, on every page from either end', async () => {
    const structure = bulkStructure(brand.key)
    const [lineA, lineB] = structure.lines
    const inLines = structure.collections.filter((c) => c.lineKey === lineA!.key || c.lineKey === lineB!.key)
    const categoryKeys = Object.values(structure.categories)
    const styleKeys = (
      await portal.deps.db
        .selectDistinct({ key: listings.styleKey })
        .from(listings)
        .where(and(eq(listings.brandKey, brand.key), sql`${listings.styleKey} is not null`))
        .orderBy(listings.styleKey)
        .limit(4)
    ).map((row) => row.key!)
    const filters = [
      `collections=${inLines[2]!.key}`,
      `lines=${lineA!.key}`,
      `lines=${lineA!.key},${lineB!.key}&collections=${inLines
        .slice(0, 3)
        .map((c) => c.key)
        .join(',')}&categories=${categoryKeys.slice(0, 2).join(',')}`,
      `lines=${lineB!.key}&categories=${categoryKeys[3]},extra`,
      // Categories alone: one walk of the whole brand.
      `categories=${categoryKeys[1]}`,
      // Styles are not in the kept counts: answered by one scan and a sort.
      `styles=${styleKeys.join(',')}&categories=${categoryKeys.join(',')}`,
    ]
    for (const filter of filters) {
      const query = new URLSearchParams(filter)
      const expected = await expectedKeys(query)
      expect(expected.length, filter).toBeGreaterThan(25)
      const { keys, totals } = await allPages(query)
      expect(totals, filter).toEqual([expected.length])
      expect(keys, filter).toEqual(expected)
    }
  })

  it('answers no rows and a total of none for a collection of another brand', async () => {
    const foreign = bulkStructure(other.key).collections[0]!.key
    const filter = parsePageQuery(new URLSearchParams(`collections=${foreign}`)).filter
    const answer = await listListings(portal.deps, owner, brand.key, filter)
    expect(answer).toMatchObject({ data: [], total: 0, more: false })
  })
})
