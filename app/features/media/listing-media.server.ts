// Listing photos as pages and the API show them: signed addresses of the photo and its thumbnail,
// handed out only by services that have checked the reader may see the listing.
import { orderedMedia } from '#app/features/media/listing-media'
import { thumbnailPath } from '#app/features/files'
import type { ServiceDeps } from '#app/platform/context.server'

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
    const file = 'blob' in source ? source.blob : source.url
    return {
      key,
      name,
      position,
      src: address(deps, source, file),
      thumbnail: address(deps, source, thumbnailPath(file)),
    }
  })
}

/** A stored file is reached through a signed address; an outside address is used as it is. */
function address(deps: Pick<ServiceDeps, 'blobs'>, source: { blob: string } | { url: string }, file: string): string {
  return 'blob' in source ? deps.blobs.signedUrl(file) : file
}

/**
 * The thumbnail a list shows for a listing: its first photo's, or null. Only that one address is
 * signed: a page of fifty listings would otherwise sign every photo of each (docs/decisions/079).
 */
export function firstThumbnail(deps: Pick<ServiceDeps, 'blobs'>, media: Record<string, unknown>): string | null {
  const first = orderedMedia(media)[0]
  if (!first) return null
  const file = 'blob' in first.source ? first.source.blob : first.source.url
  return address(deps, first.source, thumbnailPath(file))
}

/**
 * The stored file of a listing's first photo's thumbnail, for the portal to read itself (a line
 * sheet's picture), or null when it has none or its first photo lives outside the store.
 */
export function firstThumbnailBlob(media: Record<string, unknown>): string | null {
  const first = orderedMedia(media)[0]
  return first && 'blob' in first.source ? thumbnailPath(first.source.blob) : null
}
