// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).
import type { MaterialColorValue, MaterialTypeKey } from './materials'
import type { AssetProgress, ReferenceModel } from './references'

export interface ReferenceView {
  key: string
  KIND: 'Reference'
  name: string
  /** 'folder', or the file's family (app/features/atelier/style-file-types.ts). */
  type: string
  brand: string
  model: ReferenceModel
  model_id: string | null
  style: string | null
  notes: string
  tags: string[]
  position: number
  /** Ancestor folder keys, root first, comma-joined (atelier.md §3). */
  path: string
  pathname: string | null
  step: string
  kind: string | null
  asset_type: string | null
  archived: boolean
  /** The upload carrying the file; null for a folder. */
  file: string | null
  /** The asset's progress (§3 Asset): -1, 0 or 1; null for a folder. */
  status: AssetProgress | null
  progress: AssetProgress | null
  /** Signed address of the original, once the file is available. */
  download: string | null
  assets: { original: string; thumbnail: string | null; web: string | null } | null
  content_type: string | null
  size: number | null
  width: number | null
  height: number | null
  created: number
  modified: number
}

export interface LibraryImage {
  key: string
  name: string
  thumbnail: string
}

export interface MaterialCard {
  type: MaterialTypeKey
  count: number
  /** "No additional {title}? Click checkmark" is ticked. */
  checked: boolean
  /** Thumbnails of the newest few, for the card. */
  previews: string[]
}

export interface MaterialView {
  key: string
  KIND: 'Material'
  brand: string
  type: MaterialTypeKey
  name: string
  use: string
  colorway: string
  notes: string
  styles: string[]
  colors: MaterialColorValue[]
  assets: { front: MaterialAsset | null; back: MaterialAsset | null }
  created: number
  modified: number
}

/** Where a file of a material points: its key and name, with signed addresses for those who see it. */
export interface MaterialAsset {
  key: string
  name: string
  urls: { original: string; thumbnail: string | null; web: string | null }
}

/** A file of a step that is not listed yet: being uploaded or scanned, or refused by its checks. */
export interface UnsettledReference {
  key: string
  name: string
  file: string
  status: 'scanning' | 'refused'
  /** Why the checks refused it (the aspect ratio of §5, the type, the scan), for a refused one. */
  reason: string | null
  created: number
}

export type FilesView = 'list' | 'slide' | 'upload'

/** One row of the list as the slot draws it. */
export interface FileItem {
  key: string
  name: string
  type: string
  folder: boolean
  size: number | null
  created: string
  thumbnail: string | null
  original: string | null
  image: boolean
  final: boolean
}

/** A file step's upload area and list: what the `$step` loader reads for the slot. */
export interface StepFilesData {
  folder: { key: string; name: string } | null
  /** The folder one level up (the back arrow), '' for the top. */
  parent: string | null
  /** The folders from the top down to the open one, for the breadcrumb. */
  trail: { key: string; name: string }[]
  view: FilesView
  items: FileItem[]
  unsettled: UnsettledReference[]
  open: FileItem | null
  dialog: { kind: 'rename' | 'delete' | 'move'; item: FileItem } | null
  /** Folders of the step a reference can move into, with their path from the top. */
  moveTargets: { key: string; label: string; path: string }[]
}

/** A style as the atelier's list of styles shows it (style-list.server.ts). */
export interface StyleListRow {
  key: string
  name: string
  number: string
  progress: { complete: number; total: number }
  /** Its samples, each series once by its newest version, counted by status. */
  sampleStatuses: { status: string; count: number }[]
  /** Its newest sample, for the card's picture. */
  latestSample: { key: string; name: string; thumbnail: string | null } | null
}

export interface StyleListPage {
  rows: StyleListRow[]
  total: number
  /** From 1. */
  page: number
  pages: number
  search: string
}
