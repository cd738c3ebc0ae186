// The shared setup of the catalogue-lines integration tests
// (tests/integration/catalogue/catalogue-lines*.test.ts): one portal per test file, its people and the
// helpers the tests share.
import { collections, lines } from '#db/schema'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { pageBrowser } from '#tests/support/page-browser'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'

export let portal: TestPortal
export let brand: BrandFixture
export let otherBrand: BrandFixture
export let owner: AccountFixture
export let editor: AccountFixture
export let reader: AccountFixture
export let outsider: AccountFixture
export const cookie = {} as Record<'owner' | 'editor' | 'reader' | 'outsider', string>

/** A signed-in browser without JavaScript: its cookies and the CSRF token of its forms. */
export const browserOf = (account: AccountFixture) => pageBrowser(portal, account)

export const linesOf = (brandKey: string) => portal.deps.db.select().from(lines).where(eq(lines.brandKey, brandKey))
export const collectionsOf = (brandKey: string) =>
  portal.deps.db.select().from(collections).where(eq(collections.brandKey, brandKey))

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpCatalogueLinesWorld() {
  beforeAll(async () => {
    portal = await startTestPortal({ remixBuild: await loadServerBuild() })
    brand = await createBrand(portal.deps, { name: 'Lines House', lines: 2, collectionsPerLine: 1 })
    otherBrand = await createBrand(portal.deps, { name: 'Elsewhere House' })
    owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], {
      name: 'Olive',
      fields: { role: 'admin', jobType: 'admin' },
    })
    editor = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Eddie' })
    reader = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Rita' })
    outsider = await createMember(portal.deps, [{ brand: otherBrand.key, type: 'owner' }], { name: 'Otto' })
    cookie.owner = await sessionCookieFor(portal, owner.email, owner.password)
    cookie.editor = await sessionCookieFor(portal, editor.email, editor.password)
    cookie.reader = await sessionCookieFor(portal, reader.email, reader.password)
    cookie.outsider = await sessionCookieFor(portal, outsider.email, outsider.password)
  })
  afterAll(() => portal?.destroy())
}
