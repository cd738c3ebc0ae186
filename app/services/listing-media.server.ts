// Listing photos as pages and the API show them: signed addresses of the photo and its thumbnail,
// handed out only by services that have checked the reader may see the listing.
import { orderedMedia } from '#app/lib/listing-media'
import { thumbnailPath } from '#app/lib/thumbnail'
import type { ServiceDeps } from './context.server'

export interface ListingImage {
  key: string
  name: string
  position: number
  /** The photo. */
  src: string
  /** Its 300 × 400 thumbnail. */
  thumbnail: string
}

export function listingImages(deps: Pick<ServiceDeps, 'blobs'>, media: Record<string, unknown>): ListingImage[] {
  return orderedMedia(media).map(({ key, name, position, source }) => {
    const address = (file: string) => ('blob' in source ? deps.blobs.signedUrl(file) : file)
    const file = 'blob' in source ? source.blob : source.url
    return { key, name, position, src: address(file), thumbnail: address(thumbnailPath(file)) }
  })
}

/** The thumbnail a list shows for a listing: its first photo's, or null. */
export function firstThumbnail(deps: Pick<ServiceDeps, 'blobs'>, media: Record<string, unknown>): string | null {
  return listingImages(deps, media)[0]?.thumbnail ?? null
}
