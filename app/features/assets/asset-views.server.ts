// The library's shapes and input: a bucket, an entry and a folder's page as the API and the page
// show them, page sizes and sorts, texts, and the checks of names, paths and page options.
import { newName, parsePath } from '#app/features/assets/asset-paths'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { type assetEntries, type buckets } from '#db/schema'
import { ASSET_PAGE_SIZES, ASSET_SORTS, DEFAULT_ASSET_PAGE_SIZE, type AssetSort } from './views'
export type { AssetEntryView, AssetSort, BucketView, FolderPage } from './views'

export type BucketRow = typeof buckets.$inferSelect
export type EntryRow = typeof assetEntries.$inferSelect
export type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
export type Executor = ServiceDeps['db'] | Tx

export { ASSET_PAGE_SIZES, ASSET_SORTS, DEFAULT_ASSET_PAGE_SIZE } from './views'

export const ASSET_TEXTS = {
  bucketRequired: 'A brand bucket is required to use the Asset Library.',
  bucketCreated: 'The bucket has been created and the Asset Library is now available.',
  deleteConfirm: "Deleting assets can't be undone. Are you sure you want to delete?",
  deleted: 'Asset has been deleted successfully.',
  folderDeleted: 'Folder has been deleted successfully.',
  folderCreated: (name: string) => `Folder ${name} has been created.`,
  moved: (name: string) => `${name} has been moved.`,
  renamed: (name: string) => `${name} has been renamed.`,
  notPreviewable: "This file can't be previewed.",
  empty: 'Library is currently empty',
  noResults: 'No results',
  noAssets: 'No assets are available',
} as const

export const invalid = (message: string) => new AppError('ValidationError', message)
export const conflict = (message: string) => new AppError('Conflict', message)

export function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${field}: is required.`)
  if (value.length > 200) throw invalid(`${field}: is not a key.`)
  return value.trim()
}

export function pathOf(value: unknown, field: string): string[] {
  const parsed = parsePath(value)
  if (!parsed.ok) throw invalid(`${field}: ${parsed.message}`)
  return parsed.segments
}

/** A name given to a new or renamed entry (never one looked up). */
export function nameOf(value: unknown, field: string): string {
  const checked = newName(value)
  if (!checked.ok) throw invalid(`${field}: ${checked.message}`)
  return checked.name
}

/** Page options as the page and the calls send them; anything odd falls back to the default. */
export function pageOptions(input: { page?: unknown; per_page?: unknown; sort?: unknown; order?: unknown }) {
  const perPage = Number(input.per_page)
  const page = Math.floor(Number(input.page))
  return {
    perPage: (ASSET_PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_ASSET_PAGE_SIZE,
    page: Number.isFinite(page) && page >= 1 && page <= 1_000_000 ? page : 1,
    sort: (ASSET_SORTS as readonly unknown[]).includes(input.sort) ? (input.sort as AssetSort) : 'name',
    order: input.order === 'desc' ? ('desc' as const) : ('asc' as const),
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}
