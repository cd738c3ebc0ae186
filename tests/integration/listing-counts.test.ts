// The count of a brand's listings that the products list shows as its total when nothing narrows
// it: kept by statement-level triggers (migration 0009, docs/decisions/079), so it must agree with
// count(*) after every kind of write — single inserts, a bulk insert of thousands, deletes through
// the service, a listing moved to another brand, and a brand deleted with its listings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { listingCounts, listings } from '#db/schema'
import { seedListings } from '#db/seed-listings'
import { parsePageQuery } from '#app/policy/listing-filter'
import { actorForAccount } from '#app/services/accounts.server'
import { brandListingCount, listListings, removeListings } from '#app/services/listings.server'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'

let portal: TestPortal
let first: BrandFixture
let second: BrandFixture

beforeAll(async () => {
  portal = await startTestPortal()
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
