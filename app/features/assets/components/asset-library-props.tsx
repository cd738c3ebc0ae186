// What the asset library page receives, its labels, and the helpers its parts share.
import type { AssetEntryView, AssetSort, FolderPage, StyleUse, TreeFolder } from '../views'

export type LibraryView = 'tiles' | 'table'
export type LibraryDialog = 'folder' | 'upload' | 'rename' | 'move' | 'delete' | 'preview'

export interface LibraryPageProps {
  brandKey: string
  folder: FolderPage
  tree: TreeFolder[]
  view: LibraryView
  mayChange: boolean
  /** The page's query as it is, so links keep what they do not change. */
  query: string
  dialog: { kind: LibraryDialog; item: AssetEntryView | null; folders: string[][]; usedBy: StyleUse[] } | null
}

export const SORT_LABELS: Record<AssetSort, string> = { name: 'Name', date: 'Date', size: 'Size' }
export const PAGE_SIZES = [8, 12, 24]

/** The page's address with some of its query changed (null removes a key). */
export function withQuery(base: string, query: string, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(query)
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key)
    else params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `${base}?${text}` : base
}

/** atelier.md §9: 1 margin page and 2 range pages, with null for a gap (1 … 5 6 … 20). */
export function libraryPageNumbers(page: number, pages: number): (number | null)[] {
  const range = page >= pages ? [pages - 1, pages] : [page, page + 1]
  const shown = [...new Set([1, ...range, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of shown) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && n - last > 1) out.push(null)
    out.push(n)
  }
  return out
}

export function typeLabel(entry: AssetEntryView): string {
  if (entry.type === 'folder') return 'Folder'
  const dot = entry.name.lastIndexOf('.')
  return dot > 0 ? entry.name.slice(dot + 1).toUpperCase() : (entry.content_type ?? 'File')
}

/** What the preview can show in the page; PDFs are drawn by pdf.js (docs/decisions/133). */
export function previewKind(entry: AssetEntryView): 'image' | 'video' | 'pdf' | null {
  const type = entry.content_type ?? ''
  if (!entry.urls) return null
  if (type === 'application/pdf') return 'pdf'
  if (type.startsWith('image/') && type !== 'image/svg+xml') return 'image'
  if (type === 'video/mp4' || type === 'video/quicktime' || type === 'video/webm') return 'video'
  return null
}
