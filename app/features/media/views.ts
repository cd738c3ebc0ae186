// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).

export interface ManageListing {
  key: string
  styleName: string
  styleNumber: string
  /** The colour's name (or code), and its swatch. */
  color: { label: string | null; hex: string | null }
  /** The listing's categories (the garment it is), else its style name (docs/decisions/100). */
  garment: string
  sku: string | null
  addition: boolean
  /** Saved order: position ascending, 0 last. */
  photos: ManagePhoto[]
}

export interface ManagePhoto {
  key: string
  name: string
  thumbnail: string | null
  /** Why its name matched no listing (pool photos). */
  unmatched: string | null
}

export interface ReservedName {
  name: string
  /** The reserved media key; absent with a filename error. */
  key?: string
  /** The Filename error: this name cannot be uploaded. */
  error?: string
  /** The listing the photo will be attached to once it is clean. */
  listing?: { key: string; listingUniqueId: string; styleName: string; styleNumber: string; sku: string | null }
  unmatched?: string
  shot?: string
}

/** A photo as pages and the API show it (catalogue.md §3 Media item). */
export interface MediaView {
  key: string
  name: string
  type: 'image'
  status: MediaStatus
  /** Unix seconds. */
  created: number
  modified: number
  position: number
  shot: string
  /** The listing it is attached to, or null in the pool. */
  listing: string | null
  /** Why its name matched no listing. */
  unmatched: string | null
  /** The upload carrying it (its `file:status` events name this key). */
  file: string | null
  /** Signed addresses, once the file is clean. */
  src: string | null
  thumbnail: string | null
  /** The spec's other names for the photo's address (catalogue.md §3 Media item). */
  assetUrl: string | null
  original: string | null
  urls: { signed: { download: string | null } }
  /** Upload progress as the spec counts it: -1 before any byte, 100 once the file is in. */
  progress: number
  /** The listing it is attached to (the spec's name for it). */
  reference_model_id: string | null
}

export type MediaStatus = 'reserved' | 'uploading' | 'scanning' | 'available' | 'quarantined'

export type MediaRowView = Omit<MediaView, 'listing' | 'unmatched'> & MediaPlace

/** Where a photo went: its listing (style name and SKU), or the pool with the reason. */
export interface MediaPlace {
  listing: { key: string; styleName: string; sku: string | null } | null
  unmatched: string | null
}
