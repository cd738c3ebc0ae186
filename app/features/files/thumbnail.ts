// Listing photos are stored with a 300 × 400 thumbnail next to them, named by the suffix `_300x400`
// before the extension (catalogue.md §3, §9): lists show the thumbnail, the detail page the photo.
export const THUMBNAIL_WIDTH = 300
export const THUMBNAIL_HEIGHT = 400
export const THUMBNAIL_SUFFIX = `_${THUMBNAIL_WIDTH}x${THUMBNAIL_HEIGHT}`

/**
 * `brands/k/a.jpg` → `brands/k/a_300x400.jpg`; a path without extension gets the suffix at the end,
 * and a query or fragment stays after it.
 */
export function thumbnailPath(path: string): string {
  const query = path.search(/[?#]/)
  const base = query === -1 ? path : path.slice(0, query)
  const rest = query === -1 ? '' : path.slice(query)
  const slash = base.lastIndexOf('/')
  const dot = base.lastIndexOf('.')
  if (dot > slash + 1) return `${base.slice(0, dot)}${THUMBNAIL_SUFFIX}${base.slice(dot)}${rest}`
  return `${base}${THUMBNAIL_SUFFIX}${rest}`
}
