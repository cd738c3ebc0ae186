// Catalogue records for tests: categories, styles in a collection and listings, written straight
// to the database like the other factories (tests/support/factories.ts).
import { categories, listings, styles } from '#db/schema'
import { newKey } from '#app/platform/ids'
import type { ServiceDeps } from '#app/platform/context.server'

type Deps = Pick<ServiceDeps, 'db'>

export async function createCategory(deps: Deps, brandKey: string, name: string): Promise<string> {
  const key = newKey()
  await deps.db.insert(categories).values({ key, brandKey, name })
  return key
}

/** A style in a collection (the product of the product page); answers its key. */
export async function createStyleIn(deps: Deps, brandKey: string, collectionKey: string | null, name = 'Cape Coat') {
  const key = newKey()
  await deps.db.insert(styles).values({ key, brandKey, collectionKey, name, number: `CC-${key.slice(0, 4)}` })
  return key
}

/** A listing of a brand; answers its row. */
export async function createListing(deps: Deps, brandKey: string, fields: Partial<typeof listings.$inferInsert> = {}) {
  const key = newKey()
  const [row] = await deps.db
    .insert(listings)
    .values({
      key,
      brandKey,
      listingUniqueId: `LU-${key}`,
      styleName: 'Boxy Tee',
      styleNumber: 'BT-100',
      sku: `BT-100-${key.slice(0, 4)}`,
      upc: '012345678905',
      color: { name: 'Chalk', code: 'CHK', hexCode: '#F1EEE6' },
      size: { name: 'M', number: 0 },
      ...fields,
    })
    .returning()
  return row!
}
