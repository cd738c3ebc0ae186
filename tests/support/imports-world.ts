// The shared setup of the imports integration tests (tests/integration/imports/imports*.test.ts): one portal
// per test file, its people and the helpers the tests share.
import { startImport } from '#app/features/imports/imports.server'
import { listings } from '#db/schema'
import { createCategory, createListing } from '#tests/support/catalogue-factories'
import { actorOf, createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { loadServerBuild, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { afterAll, beforeAll } from 'vitest'
import type { Actor } from '#app/platform/access/actor'

export let portal: TestPortal
export let brand: BrandFixture
export const actors = {} as Record<'owner' | 'reader' | 'outsider' | 'lineEditor', Actor>
export const cookies = {} as Record<'owner' | 'reader' | 'outsider', string>
export let existing: { key: string }

export const HEADER = 'Listing Unique Id,Style Name,Style Number,UPC,Units,Categories,Line,Wholesale Prices'

export const errorsOf = (row: { issues: { level: string; field: string }[] }) =>
  row.issues.filter((issue) => issue.level === 'error').map((issue) => issue.field)

export async function listingRows(brandKey = brand.key) {
  const rows = await portal.deps.db.select().from(listings).where(eq(listings.brandKey, brandKey))
  return rows.map(({ modified: _m, ...row }) => JSON.stringify(row)).sort()
}

/** The products list's filter of one search, every list empty (export, line sheet). */
export const searchFilter = (search: string) => ({
  lines: [],
  collections: [],
  categories: [],
  styles: [],
  search,
  cursor: 0,
  limit: 50,
})

export function upload(
  actor: Actor,
  csv: string | Uint8Array,
  options: { filename?: string; addition?: boolean } = {},
) {
  const bytes = typeof csv === 'string' ? Buffer.from(csv, 'utf8') : Buffer.from(csv)
  return startImport(
    portal.deps,
    actor,
    { brandKey: brand.key },
    {
      filename: options.filename ?? 'line-sheet.csv',
      addition: options.addition ?? false,
      body: Readable.from([bytes]),
    },
  )
}

/**
 * Starts this world for the calling test file (its hooks run in that file), serving the pages
 * too when `pages` is set: files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpImportsWorld(options: { pages?: boolean } = {}) {
  beforeAll(async () => {
    portal = await startTestPortal(options.pages ? { remixBuild: await loadServerBuild() } : {})
    const { deps } = portal
    brand = await createBrand(deps, { lines: 2, collectionsPerLine: 1 })
    await createCategory(deps, brand.key, 'Shirts')
    const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
    const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
    const lineEditor = await createMember(
      deps,
      [{ brand: brand.key, model: 'Line', modelId: brand.lines[0]!.key, type: 'editor' }],
      { name: 'Lineeditor' },
    )
    const outsider = await createMember(deps, [], { name: 'Outsider' })
    actors.owner = await actorOf(deps, owner)
    actors.reader = await actorOf(deps, reader)
    actors.outsider = await actorOf(deps, outsider)
    actors.lineEditor = await actorOf(deps, lineEditor)
    cookies.owner = await sessionCookieFor(portal, owner.email, owner.password)
    cookies.reader = await sessionCookieFor(portal, reader.email, reader.password)
    cookies.outsider = await sessionCookieFor(portal, outsider.email, outsider.password)
    existing = await createListing(deps, brand.key, {
      listingUniqueId: 'EX-1',
      styleName: 'Old Name',
      styleNumber: 'SN-1',
      units: 5,
    })
    await createListing(deps, brand.key, {
      listingUniqueId: 'EX-2',
      styleName: 'Same Name',
      styleNumber: 'SN-2',
      upc: '012345678905',
    })
  })

  afterAll(() => portal?.destroy())
}
