// Listing photos are stored with a 300 × 400 thumbnail next to them, named by the suffix `_300x400`
// before the extension (catalogue.md §3, §9): lists show the thumbnail, the detail page the photo.
export const THUMBNAIL_WIDTH = 300
export const THUMBNAIL_HEIGHT = 400
export const THUMBNAIL_SUFFIX = `_${THUMBNAIL_WIDTH}x${THUMBNAIL_HEIGHT}`

/** `brands/k/a.jpg` → `brands/k/a_300x400.jpg` (a path without extension gets the suffix at the end). */
export function thumbnailPath(path: string): string {
  const slash = path.lastIndexOf('/')
  const dot = path.lastIndexOf('.')
  return dot > slash ? `${path.slice(0, dot)}${THUMBNAIL_SUFFIX}${path.slice(dot)}` : `${path}${THUMBNAIL_SUFFIX}`
}
