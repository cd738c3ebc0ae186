// Pure rules of the atelier's references (atelier.md §3 Reference, §5, §7): folder paths as the
// API sends them, the update_positions payload, which wizard step a reference counts for, and the
// image aspect ratios the upload area accepts. Shared by the services, the API and the pages.
import type { StyleStep } from './style-steps'
import { SAMPLE_ASSET_TYPE } from './sample-status'

/** Keys are the portal's record keys (app/platform/ids.ts) or other URL-safe ids. */
const KEY = /^[A-Za-z0-9_-]{1,64}$/

export function isKey(value: unknown): value is string {
  return typeof value === 'string' && KEY.test(value)
}

/** How deep folders may nest: deeper trees are refused rather than slowing every path rewrite. */
export const MAX_FOLDER_DEPTH = 20

/** The default name of a new folder (atelier.md §9). */
export const DEFAULT_FOLDER_NAME = 'untitled folder'

export type PathResult = { ok: true; path: string[] } | { ok: false; message: string }

/**
 * A folder path as the API sends it (ancestor keys joined by commas, root first) or as a list:
 * blanks around keys and empty segments are dropped ("a, b," → [a, b]); a key may not repeat.
 */
export function parsePath(value: unknown): PathResult {
  if (value === undefined || value === null) return { ok: true, path: [] }
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null
  if (!parts) return { ok: false, message: 'path: folder keys joined by commas.' }
  const path: string[] = []
  for (const part of parts) {
    if (typeof part !== 'string') return { ok: false, message: 'path: folder keys joined by commas.' }
    const key = part.trim()
    if (key === '') continue
    if (!KEY.test(key)) return { ok: false, message: `path: "${key.slice(0, 40)}" is not a folder key.` }
    if (path.includes(key)) return { ok: false, message: `path: the folder ${key} appears twice.` }
    path.push(key)
  }
  if (path.length > MAX_FOLDER_DEPTH) {
    return { ok: false, message: `path: folders nest at most ${MAX_FOLDER_DEPTH} deep.` }
  }
  return { ok: true, path }
}

/** The path as the API answers it: comma-joined. */
export function joinPath(path: readonly string[]): string {
  return path.join(',')
}

/** Whether `path` lies within the folder at `folderPath` + `folderKey` (or is that folder's own content). */
export function isWithin(path: readonly string[], folderPath: readonly string[], folderKey: string): boolean {
  const prefix = [...folderPath, folderKey]
  return prefix.length <= path.length && prefix.every((key, i) => path[i] === key)
}

/**
 * A descendant's path after its folder moved: the part up to and including the folder is replaced
 * by the folder's new path (and the folder itself).
 */
export function rebasePath(
  path: readonly string[],
  folderKey: string,
  oldFolderPath: readonly string[],
  newFolderPath: readonly string[],
): string[] {
  if (!isWithin(path, oldFolderPath, folderKey)) return [...path]
  return [...newFolderPath, folderKey, ...path.slice(oldFolderPath.length + 1)]
}

export const MAX_POSITIONS = 500

export type PositionsResult =
  { ok: true; positions: { key: string; position: number }[] } | { ok: false; message: string }

/**
 * `update_positions` (atelier.md §7): "key:index" pairs joined by semicolons, e.g. "a:1;b:2".
 * Indexes are whole numbers from 0; a key may appear once; a trailing semicolon is fine.
 */
export function parsePositions(value: unknown): PositionsResult {
  if (typeof value !== 'string' || value.trim() === '') {
    return { ok: false, message: 'positions: key:index pairs joined by semicolons, e.g. "a1:1;b2:2".' }
  }
  const positions: { key: string; position: number }[] = []
  for (const raw of value.split(';')) {
    const pair = raw.trim()
    if (pair === '') continue
    const match = /^([A-Za-z0-9_-]{1,64})\s*:\s*(\d{1,6})$/.exec(pair)
    if (!match) return { ok: false, message: `positions: "${pair.slice(0, 40)}" is not a key:index pair.` }
    const key = match[1]!
    if (positions.some((entry) => entry.key === key)) {
      return { ok: false, message: `positions: ${key} appears twice.` }
    }
    positions.push({ key, position: Number(match[2]) })
  }
  if (positions.length === 0) return { ok: false, message: 'positions: name at least one key:index pair.' }
  if (positions.length > MAX_POSITIONS) return { ok: false, message: `positions: at most ${MAX_POSITIONS} pairs.` }
  return { ok: true, positions }
}

export const REFERENCE_MODELS = ['Style', 'Techpack', 'Graphics'] as const
export type ReferenceModel = (typeof REFERENCE_MODELS)[number]

export function isReferenceModel(value: unknown): value is ReferenceModel {
  return typeof value === 'string' && (REFERENCE_MODELS as readonly string[]).includes(value)
}

/** The only tag of atelier.md §3: final. Unfiled references have none. */
export const FINAL_TAG = 'final'

/** The wizard steps that hold files (materials has its own records). */
export type FileStep = Exclude<StyleStep, 'materials'>

export const GRAPHIC_KINDS = ['graphic', 'print'] as const
export type GraphicKind = (typeof GRAPHIC_KINDS)[number]

/**
 * Where a style's virtual samples sit (asset_type 'virtual-sample', decision 134): reviewed on
 * their own page, in no wizard step and counting for none.
 */
export const SAMPLES_STEP = 'samples'

/** asset_type values that put a style's file in the patterns step (2D pattern, 3D CAD pattern). */
export const PATTERN_ASSET_TYPES = ['pattern', '3d-cad-pattern'] as const

/**
 * Which step a new reference counts for (docs/decisions/110): a Techpack's file is the tech pack,
 * a Graphics container's the graphics (a print when asset_type says "print", else a graphic). A
 * style's own file is a pattern when asset_type names one, a final file when tagged final, and an
 * additional reference otherwise.
 */
export function referenceStep(input: { model: ReferenceModel; tags: readonly string[]; assetType?: string | null }): {
  step: FileStep | typeof SAMPLES_STEP
  kind: GraphicKind | null
} {
  if (input.model === 'Techpack') return { step: 'techpack', kind: null }
  if (input.model === 'Graphics') return { step: 'graphics', kind: input.assetType === 'print' ? 'print' : 'graphic' }
  if (input.assetType && (PATTERN_ASSET_TYPES as readonly string[]).includes(input.assetType)) {
    return { step: 'patterns', kind: null }
  }
  if (input.assetType === SAMPLE_ASSET_TYPE) return { step: SAMPLES_STEP, kind: null }
  if (input.tags.includes(FINAL_TAG)) return { step: 'final', kind: null }
  return { step: 'references', kind: null }
}

/** Tags as sent: [], ['final'], 'final', '' or a comma-joined text; anything else is refused. */
export function parseTags(value: unknown): { ok: true; tags: string[] } | { ok: false; message: string } {
  if (value === undefined || value === null || value === '') return { ok: true, tags: [] }
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null
  if (!list || list.some((tag) => typeof tag !== 'string')) {
    return { ok: false, message: 'tags: "final" or none.' }
  }
  const tags = [...new Set((list as string[]).map((tag) => tag.trim().toLowerCase()).filter(Boolean))]
  if (tags.some((tag) => tag !== FINAL_TAG)) return { ok: false, message: 'tags: "final" or none.' }
  return { ok: true, tags }
}

/** atelier.md §5: the only image aspect ratios the atelier takes, width-height. */
export const ASPECT_RATIOS = ['1-1', '2-3', '1-2', '3-4', '16-9', '9-16', '16-7'] as const

/**
 * How far an image may be from a ratio and still count as it, relative to the ratio: 2 %, so a
 * 1080 × 1350 export (4:5) is refused as 3-4 is 0.75 against its 0.8, while a 1200 × 1799 crop of
 * a 2-3 still counts (docs/decisions/111).
 */
export const ASPECT_TOLERANCE = 0.02

/** The §5 ratio an image of these pixels has, or null when it has none of them. */
export function aspectRatioOf(width: number, height: number): (typeof ASPECT_RATIOS)[number] | null {
  if (!(width > 0) || !(height > 0)) return null
  const actual = width / height
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split('-').map(Number) as [number, number]
    if (Math.abs(actual - w / h) / (w / h) <= ASPECT_TOLERANCE) return ratio
  }
  return null
}

export const ASPECT_RATIO_MESSAGE = `Images must have one of the aspect ratios ${ASPECT_RATIOS.join(', ')}.`

/** The progress of a reference's asset (atelier.md §3 Asset, §4 Upload and scan flow). */
export type AssetProgress = -1 | 0 | 1

/**
 * The server sets progress from the file's status (docs/decisions/113): 0 while uploading or
 * being scanned, 1 once available (with its download address), -1 when it will never be (refused
 * by the scan, or its file is gone). Folders have no asset.
 */
export function assetProgress(status: string | null | undefined): AssetProgress {
  if (status === 'available') return 1
  if (status === 'uploading' || status === 'scanning') return 0
  return -1
}

/** What the atelier says after a change (atelier.md §8). */
export const REFERENCE_TEXTS = {
  renamed: 'Reference name updated',
  saved: 'Change saved successfully',
  archived: 'Asset has been archived successfully.',
  deleted: 'Asset has been deleted successfully.',
  patternDeleted: 'Pattern reference has been deleted successfully',
  confirmDelete: "Deleting assets can't be undone. Are you sure you want to delete?",
} as const

/** §8 Archive failure: the text, then the cause. */
export function archiveFailureMessage(cause: string): string {
  return `Error occured while archiving asset: ${cause}`
}
