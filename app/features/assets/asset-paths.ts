// Paths of the asset library (atelier.md §2 Asset library, §7 bucket calls). A path names a folder
// or a file by the folder names above it: `Tech Packs/SS27/front.pdf`. Paths are only ever looked
// up in the library's own table, never joined onto a disk or bucket address, and anything that
// could mean "somewhere else" is refused rather than cleaned: `..`, `.`, a leading slash, a
// backslash, empty segments, control characters (docs/decisions/132).

import { isForbiddenText, withoutBidiControls } from '#app/platform/text-rule'

/** The longest name of one folder or file, as most file systems allow. */
export const MAX_NAME_LENGTH = 255
/** Folders within folders, at most. */
export const MAX_DEPTH = 32

/** atelier.md §9: the folders a new bucket starts with, and the name a new folder gets. */
export const DEFAULT_FOLDERS = ['Blocks', 'Carry Forward', 'Tech Packs', 'Materials', 'Graphics', 'Prints', 'Branding']
export const DEFAULT_FOLDER_NAME = 'untitled folder'

export type PathResult = { ok: true; segments: string[] } | { ok: false; message: string }
export type NameResult = { ok: true; name: string } | { ok: false; message: string }

// C0 and C1 control characters, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * A folder or file name as it is stored: trimmed, in Unicode NFC (so a name typed on one system
 * finds the same name typed on another), and refused when it could not be a single path segment.
 */
export function checkName(value: unknown): NameResult {
  if (typeof value !== 'string') return { ok: false, message: 'A name is required.' }
  const name = value.normalize('NFC').trim()
  if (name === '') return { ok: false, message: 'A name is required.' }
  if (name === '.' || name === '..') return { ok: false, message: `"${name}" cannot be a name.` }
  if (name.includes('/') || name.includes('\\')) return { ok: false, message: 'A name cannot contain / or \\.' }
  if (CONTROL.test(name) || isForbiddenText(name)) {
    return { ok: false, message: 'A name cannot contain control characters.' }
  }
  if ([...name].length > MAX_NAME_LENGTH) {
    return { ok: false, message: `A name can be at most ${MAX_NAME_LENGTH} characters long.` }
  }
  return { ok: true, name }
}

/**
 * The name a person gives a new folder or a renamed entry: checkName's, without bidirectional
 * controls (they reorder what a reader sees; docs/decisions/165). Paths that look an entry up
 * keep them, so an entry named with one before stays within reach.
 */
export function newName(value: unknown): NameResult {
  return checkName(typeof value === 'string' ? withoutBidiControls(value) : value)
}

/**
 * A path of the library as its segments. The empty path (or a lone `/`-free empty string) is the
 * bucket's top. One trailing slash is allowed (`prefix` in the spec's calls ends with one).
 */
export function parsePath(value: unknown): PathResult {
  if (value === undefined || value === null || value === '') return { ok: true, segments: [] }
  if (typeof value !== 'string') return { ok: false, message: 'The path must be text.' }
  if (value.length > MAX_DEPTH * (MAX_NAME_LENGTH + 1)) return { ok: false, message: 'The path is too long.' }
  if (value.startsWith('/')) return { ok: false, message: 'The path must be relative to the library.' }
  if (value.includes('\\')) return { ok: false, message: 'The path cannot contain \\.' }
  const trimmed = value.endsWith('/') ? value.slice(0, -1) : value
  const parts = trimmed.split('/')
  if (parts.length > MAX_DEPTH) return { ok: false, message: `Folders can be at most ${MAX_DEPTH} deep.` }
  const segments: string[] = []
  for (const part of parts) {
    if (part === '') return { ok: false, message: 'The path has an empty folder name.' }
    if (part === '.' || part === '..') return { ok: false, message: 'The path cannot contain . or .. segments.' }
    // A segment is taken as written: surrounding spaces make it another name, never trimmed away.
    if (part !== part.trim()) return { ok: false, message: 'A folder name cannot start or end with a space.' }
    const checked = checkName(part)
    if (!checked.ok) return checked
    segments.push(checked.name)
  }
  return { ok: true, segments }
}

/** The path of segments as the calls write it, folders ending with `/`. */
export function joinPath(segments: readonly string[], folder = true): string {
  if (segments.length === 0) return ''
  return segments.join('/') + (folder ? '/' : '')
}

/**
 * The page address of a folder: each segment URL-encoded on its own, so a name with spaces, `%`,
 * `?`, `#` or emoji survives the round trip and an encoded slash can never split a name.
 */
export function folderHref(brandKey: string, segments: readonly string[]): string {
  const base = `/brand/${encodeURIComponent(brandKey)}/assets_library`
  return segments.length === 0 ? base : `${base}/${segments.map(encodeURIComponent).join('/')}`
}

/** What follows /assets_library/ in a page address, still percent-encoded as it was sent. */
export function splatOfAddress(url: string): string | undefined {
  const { pathname } = new URL(url)
  const at = pathname.indexOf('/assets_library/')
  return at < 0 ? undefined : pathname.slice(at + '/assets_library/'.length)
}

/**
 * The segments of a page address's splat (what follows /assets_library/), decoded one by one.
 * A segment that decodes to something with a slash (an encoded `%2F`) is refused, as is any
 * malformed escape.
 */
export function segmentsOfSplat(splat: string | undefined): PathResult {
  if (!splat) return { ok: true, segments: [] }
  const decoded: string[] = []
  for (const raw of splat.replace(/\/$/, '').split('/')) {
    let part: string
    try {
      part = decodeURIComponent(raw)
    } catch {
      return { ok: false, message: 'The address has a malformed folder name.' }
    }
    if (part.includes('/') || part.includes('\\')) return { ok: false, message: 'A name cannot contain / or \\.' }
    decoded.push(part)
  }
  return parsePath(decoded.join('/'))
}

/** Whether `inner` is `outer` or lies below it (a folder cannot move into itself). */
export function isWithin(inner: readonly string[], outer: readonly string[]): boolean {
  if (inner.length < outer.length) return false
  return outer.every((segment, i) => sameName(segment, inner[i]!))
}

/** Names compare without regard to letter case, as on the systems designers save from. */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

/**
 * The n-th name for an item whose name is taken: `name`, then `name (2)`, `name (3)`…, a file's
 * number going before its extension (`front (2).pdf`).
 */
export function numberedName(name: string, n: number, isFile: boolean): string {
  if (n <= 1) return name
  const dot = isFile ? name.lastIndexOf('.') : -1
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`
}

/**
 * Whether an entry dragged in the library may be dropped into a folder (given by its segments,
 * [] for the top). Not into the folder it is already in, and a folder not into itself or below.
 */
export function mayDropInto(
  entry: { type: 'file' | 'folder'; path: string; folder: string },
  target: readonly string[],
): boolean {
  const current = entry.folder.split('/').filter(Boolean)
  if (current.length === target.length && isWithin(target, current)) return false
  if (entry.type === 'folder') {
    const own = entry.path.split('/').filter(Boolean)
    if (isWithin(target, own)) return false
  }
  return target.length < MAX_DEPTH
}
