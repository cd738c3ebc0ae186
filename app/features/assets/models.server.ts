// The records of the asset library, registered with the access module: their table, the column
// naming their brand, so every access check finds their brand.
import { buckets } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'

export function registerAssetsModels(): void {
  /** A bucket hangs off its brand; its entries are reached through it. */
  registerModel('Bucket', { table: buckets, key: buckets.key, brand: buckets.brandKey, grantable: false })
}
