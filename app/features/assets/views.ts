// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).
import type { AssetEntryKind } from '#db/schema'

/** atelier.md §9 page sizes; 12 unless asked. */
export const ASSET_PAGE_SIZES = [8, 12, 24] as const
export const DEFAULT_ASSET_PAGE_SIZE = 12
export const ASSET_SORTS = ['name', 'date', 'size'] as const

export interface AssetEntryView {
  key: string
  KIND: 'AssetEntry'
  name: string
  /** 'folder', or 'file' with its content type beside it. */
  type: AssetEntryKind
  /** The whole path in the library; a folder's ends with '/'. */
  path: string
  /** The folder it is in, as a path ending with '/' ('' at the top). */
  folder: string
  size: number
  content_type: string | null
  /** A file's scan status (atelier.md §4); null for folders. */
  status: string | null
  message: string | null
  time_created: number
  modified: number
  /** Signed addresses of a clean file: the original (download), its thumbnail and web size. */
  urls: { original: string; thumbnail: string | null; web: string | null } | null
}

export interface FolderPage {
  bucket: BucketView
  /** The folder's path segments, for breadcrumbs ([] at the top). */
  segments: string[]
  entries: AssetEntryView[]
  total: number
  page: number
  perPage: number
  pages: number
  sort: AssetSort
  order: 'asc' | 'desc'
  search: string
}

export interface BucketView {
  key: string
  KIND: 'Bucket'
  name: string
  brand: string
  created: number
}

export type AssetSort = (typeof ASSET_SORTS)[number]

export interface TreeFolder {
  name: string
  segments: string[]
  /** The folders inside, when this folder is on the open path (or at the top); null otherwise. */
  children: TreeFolder[] | null
}

/** A style a library file is used on, for the file's preview. */
export interface StyleUse {
  key: string
  name: string
}
