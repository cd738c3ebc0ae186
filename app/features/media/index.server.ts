// The public entry of this feature's server side for other features.
export { firstThumbnail, firstThumbnailBlob, listingImages } from './listing-media.server'
export type { ListingImage } from './listing-media.server'
export { linkUpload, mediaFileSettled } from './media.server'
export { mediaOrderDoc } from './media-order-doc.server'
export { syncListingMedia } from './media.server'
