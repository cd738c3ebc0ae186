// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).
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
