// The records of product photos, registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { media } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'

export function registerMediaModels(): void {
  /** A product photo: on a listing it hangs off that listing; in the pool, off the brand. */
  registerModel('Media', {
    table: media,
    key: media.key,
    brand: media.brandKey,
    parent: { model: 'Listing', column: media.listingKey },
    grantable: false,
  })
}
