// Listings for tests: one row with the fields the products list shows, under a line and collection
// of the brand when given. Answers its key.
import { listings } from '#db/schema'
import { newKey } from '#app/lib/ids'
import type { ServiceDeps } from '#app/services/context.server'

export async function createListing(
  deps: Pick<ServiceDeps, 'db'>,
  brandKey: string,
  fields: Partial<typeof listings.$inferInsert> = {},
): Promise<string> {
  const key = newKey()
  await deps.db.insert(listings).values({
    key,
    brandKey,
    listingUniqueId: `U-${key}`,
    styleName: 'Test Shirt',
    styleNumber: `TS-${key.slice(0, 5)}`,
    sku: `SKU-${key.slice(0, 6)}`,
    ...fields,
  })
  return key
}
