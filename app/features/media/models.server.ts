// The records of product photos, registered with the access module: their table, the column naming their
// brand and their parent, so every access check finds their brand and ancestors.
import { media } from '#db/schema'
import { registerModel } from '#app/platform/access/model-registry.server'
import {
  PRODUCT_IMAGE_TYPES,
  registerFilePurpose,
  whenFileSettled,
  whenUploadReserved,
} from '#app/features/files/index.server'
import { linkUpload, mediaFileSettled } from './media-pipeline.server'

export function registerMediaModels(): void {
  /** A product photo: on a listing it hangs off that listing; in the pool, off the brand. */
  registerModel('Media', {
    table: media,
    key: media.key,
    brand: media.brandKey,
    parent: { model: 'Listing', column: media.listingKey },
    grantable: false,
  })
  /** Product photos (catalogue.md §2 Product media upload): a reserved one takes its place once clean. */
  registerFilePurpose('listing-media', {
    ability: 'listing.edit',
    types: PRODUCT_IMAGE_TYPES,
    limit: 'image',
    images: true,
  })
  whenUploadReserved('listing-media', linkUpload)
  whenFileSettled('listing-media', { run: mediaFileSettled, failure: 'media placement failure' })
}
