// The shared setup of the listing-detail integration tests
// (tests/integration/catalogue/listing-detail*.test.ts): one portal per test file, its people and the helpers
// the tests share.
import { listings } from '#db/schema'
import { createCategory, createStyleIn } from '#tests/support/catalogue-factories'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { pageBrowser } from '#tests/support/page-browser'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'

export const INVALID_STYLE_NAME = 'Invalid Style Name. Alphanumeric characters expected.'

export let portal: TestPortal
export let brand: BrandFixture
export let otherBrand: BrandFixture
export let owner: AccountFixture
export let editor: AccountFixture
export let reader: AccountFixture
export let outsider: AccountFixture
export let tops: string
export let knit: string
export let style: string
export const cookies = {} as Record<'owner' | 'editor' | 'reader' | 'outsider', string>

/** A signed-in browser without JavaScript: its cookies (kept across answers) and its CSRF token. */
export const browserOf = (account: AccountFixture) => pageBrowser(portal, account)

export async function listingRow(key: string) {
  const [row] = await portal.deps.db.select().from(listings).where(eq(listings.key, key))
  return row
}

export function collectionOf(b: BrandFixture, line = 0) {
  return { lineKey: b.lines[line]!.key, collectionKey: b.lines[line]!.collections[0]! }
}

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpListingDetailWorld() {
  beforeAll(async () => {
    portal = await startTestPortal({ remixBuild: await loadServerBuild() })
    const { deps } = portal
    brand = await createBrand(deps, { name: 'Listing Brand' })
    otherBrand = await createBrand(deps, { name: 'Elsewhere Listing' })
    owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], {
      name: 'Olga',
      fields: { role: 'admin', jobType: 'admin' },
    })
    editor = await createMember(deps, [{ brand: brand.key, type: 'editor' }], { name: 'Edda' })
    reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reta' })
    outsider = await createMember(deps, [{ brand: otherBrand.key, type: 'owner' }], { name: 'Otto' })
    tops = await createCategory(deps, brand.key, 'Tops')
    knit = await createCategory(deps, brand.key, 'Knitwear')
    style = await createStyleIn(deps, brand.key, collectionOf(brand).collectionKey, 'Cape Coat')
    for (const [role, account] of Object.entries({ owner, editor, reader, outsider })) {
      cookies[role as keyof typeof cookies] = await sessionCookieFor(portal, account.email, account.password)
    }
  })
  afterAll(() => portal?.destroy())
}
