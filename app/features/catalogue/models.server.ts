// The records of the catalogue (listings), registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { listings } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'

export function registerCatalogueModels(): void {
  registerModel('Listing', {
    table: listings,
    key: listings.key,
    brand: listings.brandKey,
    // A listing hangs off its style; one without a style, off its own collection or line, so a
    // grant on that collection or line reaches it too.
    parent: [
      { model: 'Style', column: listings.styleKey },
      { model: 'Collection', column: listings.collectionKey },
      { model: 'Line', column: listings.lineKey },
    ],
    grantable: false,
  })
}
