// The count of a brand's listings that the products list shows as its total when nothing narrows
// it: kept by statement-level triggers (migration 0009, docs/decisions/079), so it must agree with
// count(*) after every kind of write — single inserts, a bulk insert of thousands, deletes through
// the service, a listing moved to another brand, and a brand deleted with its listings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { listingCounts, listings } from '#db/schema'
import { seedListings } from '#seed/seed-listings'
import { parsePageQuery } from '#app/features/catalogue/listing-filter'
import { actorForAccount } from '#app/features/identity/accounts.server'
import {
  brandListingCount,
  listListings,
  removeListings,
  SEARCH_COUNT_CAP,
} from '#app/features/catalogue/listings.server'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'

let portal: TestPortal
let first: BrandFixture
let second: BrandFixture

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  first = await createBrand(portal.deps)
  second = await createBrand(portal.deps)
})
afterAll(() => portal?.destroy())

async function counted(brandKey: string): Promise<number> {
  const [row] = await portal.deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(listings)
    .where(eq(listings.brandKey, brandKey))
  return row!.total
}

describe('the brand listing count', () => {
  it('follows single inserts and starts at none', async () => {
    expect(await brandListingCount(portal.deps, first.key)).toBe(0)
    await createListing(portal.deps, first.key)
    await createListing(portal.deps, first.key)
    await createListing(portal.deps, second.key)
    expect(await brandListingCount(portal.deps, first.key)).toBe(2)
    expect(await brandListingCount(portal.deps, second.key)).toBe(1)
  })

  it('follows a bulk insert of thousands in one statement', async () => {
    await seedListings(portal.deps.db, first.key, 3_000)
    expect(await counted(first.key)).toBeGreaterThanOrEqual(3_000)
    expect(await brandListingCount(portal.deps, first.key)).toBe(await counted(first.key))
  })

  it('follows deletes made by the products list and is the unfiltered page total', async () => {
    const owner = await createMember(portal.deps, [{ brand: first.key, type: 'owner' }])
    const actor = await actorForAccount(portal.deps, owner.key)
    const filter = parsePageQuery(new URLSearchParams('')).filter
    const before = await listListings(portal.deps, actor, first.key, filter)
    const removed = await removeListings(
      portal.deps,
      actor,
      first.key,
      before.data.slice(0, 5).map((row) => row.key),
    )
    expect(removed.every((result) => !result.error)).toBe(true)
    const after = await listListings(portal.deps, actor, first.key, filter)
    expect(after.total).toBe(before.total - 5)
    expect(after.total).toBe(await counted(first.key))
  })

  it('counts a search exactly up to 1,000 hits, then answers a lower bound that paging can pass', async () => {
    const owner = await createMember(portal.deps, [{ brand: first.key, type: 'read' }])
    const actor = await actorForAccount(portal.deps, owner.key)
    const search = (query: string) =>
      listListings(portal.deps, actor, first.key, parsePageQuery(new URLSearchParams(query)).filter)
    const broad = await search('search=e')
    expect(broad.totalExact).toBe(false)
    expect(broad.total).toBe(SEARCH_COUNT_CAP)
    expect(broad.more).toBe(true)
    expect(broad.data).toHaveLength(50)
    // Past the counted thousand the pages still come, and the bound grows with them.
    const deep = await search('search=e&page=30')
    expect(deep.data).toHaveLength(50)
    expect(deep.total).toBe(29 * 50 + 50)
    expect(deep.totalExact).toBe(false)
    const number = broad.data[0]!.style_number
    const narrow = await search(`search=${encodeURIComponent(number)}`)
    const [exact] = await portal.deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(listings)
      .where(sql`${listings.brandKey} = ${first.key} and ${listings.searchText} like ${`%${number.toLowerCase()}%`}`)
    expect(exact!.total).toBeLessThanOrEqual(SEARCH_COUNT_CAP)
    expect(narrow).toMatchObject({ total: exact!.total, totalExact: true })
  })

  it('shows a lower-bound total as 1,000+ on the page, with a Next link past it', async () => {
    const member = await createMember(portal.deps, [{ brand: first.key, type: 'read' }])
    const cookie = await sessionCookieFor(portal, member.email)
    const html = await (
      await fetch(`${portal.url}/brand/${first.key}/products?search=e&page=20`, { headers: { cookie } })
    ).text()
    expect(html).toContain('Showing 50 of 1,000+ items.')
    expect(html).toMatch(/<a [^>]*rel="next"[^>]*href="[^"]*page=21"/)
    // The API says the same beside its total; an exact total keeps the spec's four fields.
    const api = async (query: string) =>
      (await (
        await fetch(`${portal.url}/api/listing/query/filter?brand=${first.key}&${query}`, { headers: { cookie } })
      ).json()) as Record<string, unknown>
    expect(await api('search=e')).toMatchObject({ total: SEARCH_COUNT_CAP, more: true, total_exact: false })
    expect(Object.keys(await api('search=zzzz')).sort()).toEqual(['cursor', 'data', 'more', 'total'])
  })

  it('moves with a listing that changes brand', async () => {
    const moved = await createListing(portal.deps, first.key)
    await portal.deps.db.update(listings).set({ brandKey: second.key }).where(eq(listings.key, moved.key))
    expect(await brandListingCount(portal.deps, first.key)).toBe(await counted(first.key))
    expect(await brandListingCount(portal.deps, second.key)).toBe(2)
  })

  it('goes with a brand that is deleted', async () => {
    await second.remove()
    const rows = await portal.deps.db.select().from(listingCounts).where(eq(listingCounts.brandKey, second.key))
    expect(rows).toEqual([])
  })
})
