// Product photo names (catalogue.md §5 Media): `style-number_sku_view.extension`. Pure: which
// listing a name points at and in which view order; the media service looks the listing up.

/** The types a product photo may be, as the file picker filters them (catalogue.md §5). */
export const MEDIA_ACCEPT = ['image/jpeg', 'image/webp', 'image/png', 'image/jpg'] as const
export const MEDIA_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const

export const MEDIA_TEXTS = {
  noSupportedFiles: 'Files selected did not meet supported file types. Please select files from the allowed types.',
  batchFailed: 'Please ensure all files have supported file extensions PNG, JPG, or GIF.',
  empty: 'No product asset has been uploaded.',
  detached: 'Image has been disassociated',
  detachFailed: 'Error disassociating image',
  associated: (style: string) => `Image is now associated with ${style}`,
  associateFailed: (style: string) => `Error associating image with ${style}`,
  associationRemoved: 'Media association has been removed from this listing.',
  associationNotRemoved: 'Media association could not be removed from this listing.',
  positionsSaved: 'Media positions updated.',
  deleteConfirm: 'Are you sure you would like to delete this image?',
  leaveConfirm: 'Any unsaved data will be lost, are you sure you want to leave this page?',
} as const

/** Why a name did not attach its photo to a listing, shown beside it in the pool. */
export const UNMATCHED = {
  pattern: 'The name does not follow style-number_sku_view.extension.',
  style: (number: string) => `No style numbered ${number} in this brand.`,
  sku: (sku: string, number: string) => `No listing with SKU ${sku} in style ${number}.`,
} as const

export const MAX_MEDIA_NAME_LENGTH = 200

export type ParsedMediaName =
  { ok: true; styleNumber: string; sku: string; view: string; extension: string } | { ok: false }

/**
 * Splits a photo name into style number, SKU and view. Style numbers and SKUs may hold hyphens
 * but not underscores, which separate the three parts; the extension must be an image's.
 */
export function parseMediaName(name: string): ParsedMediaName {
  const dot = name.lastIndexOf('.')
  if (dot <= 0) return { ok: false }
  const extension = name.slice(dot + 1).toLowerCase()
  if (!(MEDIA_EXTENSIONS as readonly string[]).includes(extension)) return { ok: false }
  const parts = name.slice(0, dot).split('_')
  if (parts.length !== 3) return { ok: false }
  const [styleNumber, sku, view] = parts.map((part) => part.trim()) as [string, string, string]
  if (!styleNumber || !sku || !view) return { ok: false }
  return { ok: true, styleNumber, sku, view, extension }
}

/** Views photographers name, in the order a listing shows them; other views follow, by name. */
export const VIEW_ORDER = ['front', 'back', 'side', 'left', 'right', 'detail', 'flat', 'model', 'lifestyle'] as const

/**
 * Sort rank of a view: numbered views (1, 2, 01) by their number, then the named views of
 * VIEW_ORDER, then any other view.
 */
export function viewRank(view: string): [number, number, string] {
  const lower = view.toLowerCase()
  if (/^\d{1,4}$/.test(lower)) return [0, Number(lower), lower]
  const named = (VIEW_ORDER as readonly string[]).indexOf(lower)
  if (named >= 0) return [1, named, lower]
  return [2, 0, lower]
}

export function compareViews(a: string, b: string): number {
  const [ga, na, sa] = viewRank(a)
  const [gb, nb, sb] = viewRank(b)
  return ga - gb || na - nb || sa.localeCompare(sb)
}

/** What makes a name unusable before any upload: the Filename error of the upload list. */
export function mediaNameError(name: string): string | null {
  if (name.trim() === '') return 'Name the file.'
  if (name.length > MAX_MEDIA_NAME_LENGTH) return `File names are at most ${MAX_MEDIA_NAME_LENGTH} characters.`
  // eslint-disable-next-line no-control-regex
  if (/[\\/\u0000-\u001f\u007f]/.test(name)) return 'File names cannot hold slashes or control characters.'
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  if (!(MEDIA_EXTENSIONS as readonly string[]).includes(extension)) return MEDIA_TEXTS.batchFailed
  return null
}

/** Names compare as the brand keeps them unique: without case or surrounding spaces. */
export function sameMediaName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** Media positions sort ascending with 0 treated as last (catalogue.md §4 Media association). */
export function positionRank(position: number): number {
  return position <= 0 ? Number.POSITIVE_INFINITY : position
}
