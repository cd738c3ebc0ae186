// The asset library (atelier.md §2 Asset library, §3 Bucket and storage entries, §4 Brand storage,
// §7 bucket calls): one bucket per brand holding nested folders and files. Members of the brand
// browse and download; owners and editors (`asset.manage`) create, upload, rename, move and
// delete. Paths name folders by their names (app/features/assets/asset-paths.ts) and are only ever resolved
// in this bucket's own rows, so no path can reach another brand's files (docs/decisions/132).
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  assetEntries,
  buckets,
  files,
  materials,
  materialStyles,
  media,
  references,
  styles,
  type AssetEntryKind,
} from '#db/schema'
import { rowsOf } from '#db/rows'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import {
  checkName,
  DEFAULT_FOLDER_NAME,
  DEFAULT_FOLDERS,
  joinPath,
  MAX_DEPTH,
  numberedName,
  parsePath,
} from '#app/features/assets/asset-paths'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import type { Actor } from '#app/features/identity/accounts.server'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { registerModel } from '#app/platform/access/model-registry.server'

/** A bucket hangs off its brand; its entries are reached through it. */
registerModel('Bucket', { table: buckets, key: buckets.key, brand: buckets.brandKey, grantable: false })

type BucketRow = typeof buckets.$inferSelect
type EntryRow = typeof assetEntries.$inferSelect
type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
type Executor = ServiceDeps['db'] | Tx

/** atelier.md §9 page sizes; 12 unless asked. */
export const ASSET_PAGE_SIZES = [8, 12, 24] as const
export const DEFAULT_ASSET_PAGE_SIZE = 12
export const ASSET_SORTS = ['name', 'date', 'size'] as const
export type AssetSort = (typeof ASSET_SORTS)[number]

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

export interface BucketView {
  key: string
  KIND: 'Bucket'
  name: string
  brand: string
  created: number
}

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

// ---------------------------------------------------------------------------------------------
// Input

const invalid = (message: string) => new AppError('ValidationError', message)
const conflict = (message: string) => new AppError('Conflict', message)

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${field}: is required.`)
  if (value.length > 200) throw invalid(`${field}: is not a key.`)
  return value.trim()
}

function pathOf(value: unknown, field: string): string[] {
  const parsed = parsePath(value)
  if (!parsed.ok) throw invalid(`${field}: ${parsed.message}`)
  return parsed.segments
}

function nameOf(value: unknown, field: string): string {
  const checked = checkName(value)
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

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}

// ---------------------------------------------------------------------------------------------
// Bucket

function bucketView(row: BucketRow): BucketView {
  return { key: row.key, KIND: 'Bucket', name: row.name, brand: row.brandKey, created: seconds(row.created) }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** §7 `GET /api/bucket/query/brand`: the brand's bucket, or BucketNotFound when it has none yet. */
export async function bucketOfBrand(deps: ServiceDeps, actor: Actor, brandValue: unknown): Promise<BucketView> {
  const brandKey = text(brandValue, 'brand')
  requireBrandAbility(actor, 'brand.view', brandKey)
  const [row] = await deps.db.select().from(buckets).where(eq(buckets.brandKey, brandKey))
  if (!row) throw new AppError('BucketNotFound', ASSET_TEXTS.bucketRequired)
  return bucketView(row)
}

/** The brand's bucket or null, for pages that offer to create it. */
export async function findBucketOfBrand(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<BucketView | null> {
  try {
    return await bucketOfBrand(deps, actor, brandKey)
  } catch (error) {
    if (error instanceof AppError && error.type === 'BucketNotFound') return null
    throw error
  }
}

/** §7 `POST /api/bucket/model/`: creates the brand's bucket with the default folders of §9. */
export async function createBucket(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand?: unknown; name?: unknown },
): Promise<BucketView & { message: string }> {
  const brandKey = text(input.brand, 'brand')
  requireBrandAbility(actor, 'asset.manage', brandKey)
  const name = input.name === undefined || input.name === '' ? 'Asset Library' : nameOf(input.name, 'name')
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [bucket] = await tx
        .insert(buckets)
        .values({ key: newKey(), brandKey, name, createdBy: actor.key })
        .returning()
      await tx.insert(assetEntries).values(
        DEFAULT_FOLDERS.map((folder) => ({
          key: newKey(),
          bucketKey: bucket!.key,
          brandKey,
          kind: 'folder' as const,
          name: folder,
          createdBy: actor.key,
        })),
      )
      return bucket!
    })
    return { ...bucketView(row), message: ASSET_TEXTS.bucketCreated }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('This brand has a bucket already.')
    throw error
  }
}

async function requireBucket(
  deps: ServiceDeps,
  actor: Actor,
  ability: 'brand.view' | 'asset.manage',
  bucketValue: unknown,
): Promise<BucketRow> {
  const key = text(bucketValue, 'bucket')
  await requireAbility(deps, actor, ability, { model: 'Bucket', key })
  const [row] = await deps.db.select().from(buckets).where(eq(buckets.key, key))
  if (!row) throw notFound('Bucket')
  return row
}

// ---------------------------------------------------------------------------------------------
// Paths

/**
 * The entries a path names, top first, looked up name by name in this bucket (letter case
 * ignored). Null when a segment does not exist, or a file stands where a folder is needed.
 */
async function resolve(db: Executor, bucketKey: string, segments: readonly string[]): Promise<EntryRow[] | null> {
  const chain: EntryRow[] = []
  let parent = ''
  for (const [i, segment] of segments.entries()) {
    const [row] = await db
      .select()
      .from(assetEntries)
      .where(
        and(
          eq(assetEntries.bucketKey, bucketKey),
          eq(assetEntries.parentKey, parent),
          eq(assetEntries.nameKey, sql`lower(${segment})`),
        ),
      )
    if (!row) return null
    if (row.kind !== 'folder' && i < segments.length - 1) return null
    chain.push(row)
    parent = row.key
  }
  return chain
}

/** The folder a path names: its key ('' for the top) and its entries from the top. */
async function requireFolder(db: Executor, bucketKey: string, segments: readonly string[], field: string) {
  const chain = await resolve(db, bucketKey, segments)
  const last = chain?.[chain.length - 1]
  if (!chain || (last && last.kind !== 'folder')) throw notFound(`Folder ${field}`)
  return { key: last?.key ?? '', chain }
}

/** The folder or file a path names (not the top). */
async function requireEntry(db: Executor, bucketKey: string, segments: readonly string[], kind?: AssetEntryKind) {
  if (segments.length === 0) throw invalid('path: names the top of the library, which cannot change.')
  const chain = await resolve(db, bucketKey, segments)
  const entry = chain?.[chain.length - 1]
  if (!chain || !entry) throw notFound(kind === 'folder' ? 'Folder' : kind === 'file' ? 'File' : 'Asset')
  if (kind && entry.kind !== kind) {
    throw invalid(`path: names a ${entry.kind}, not a ${kind}.`)
  }
  return { entry, chain }
}

// ---------------------------------------------------------------------------------------------
// Reading

interface EntryWithFile extends EntryRow {
  status: string | null
  originalKey: string | null
  thumbnailKey: string | null
  webKey: string | null
}

function entryView(deps: Pick<ServiceDeps, 'blobs'>, row: EntryWithFile, folder: readonly string[]): AssetEntryView {
  const clean = row.kind === 'file' && row.status === 'available' && row.originalKey
  return {
    key: row.key,
    KIND: 'AssetEntry',
    name: row.name,
    type: row.kind,
    path: joinPath([...folder, row.name], row.kind === 'folder'),
    folder: joinPath(folder),
    size: Number(row.size),
    content_type: row.contentType,
    status: row.kind === 'file' ? (row.status ?? 'removed') : null,
    message:
      row.kind === 'file' && (row.status === 'scanning' || row.status === 'quarantined')
        ? SCAN_MESSAGES[row.status]
        : null,
    time_created: seconds(row.created),
    modified: seconds(row.modified),
    urls: clean
      ? {
          original: deps.blobs.signedUrl(row.originalKey!),
          thumbnail: row.thumbnailKey ? deps.blobs.signedUrl(row.thumbnailKey) : null,
          web: row.webKey ? deps.blobs.signedUrl(row.webKey) : null,
        }
      : null,
  }
}

const SORT_COLUMN: Record<AssetSort, string> = { name: 'name_key', date: 'modified', size: 'size' }

/** The entries of `keys`, in that order, with their file's status and blob keys. */
async function withFiles(db: Executor, keys: string[]): Promise<EntryWithFile[]> {
  if (keys.length === 0) return []
  const rows = await db
    .select({
      entry: assetEntries,
      status: files.status,
      originalKey: files.originalKey,
      thumbnailKey: files.thumbnailKey,
      webKey: files.webKey,
    })
    .from(assetEntries)
    .leftJoin(files, eq(files.key, assetEntries.fileKey))
    .where(inArray(assetEntries.key, keys))
  const byKey = new Map(rows.map((row) => [row.entry.key, { ...row.entry, ...row, entry: undefined }]))
  return keys.map((key) => byKey.get(key)!).filter(Boolean) as EntryWithFile[]
}

/**
 * The keys of one window of a folder's entries of one kind, in the page's order. Each kind is
 * walked on its own ordered index (bucket, parent, kind, column, key), from whichever end is
 * nearer, so the first and the last page cost the same.
 */
async function windowKeys(
  db: Executor,
  where: { bucketKey: string; parentKey: string; kind: AssetEntryKind },
  sort: AssetSort,
  order: 'asc' | 'desc',
  count: number,
  offset: number,
  limit: number,
): Promise<string[]> {
  if (limit <= 0 || offset >= count) return []
  const column = sql.raw(SORT_COLUMN[sort])
  const fromEnd = offset > count / 2
  const direction = (order === 'asc') !== fromEnd ? sql.raw('asc') : sql.raw('desc')
  const take = Math.min(limit, count - offset)
  const skip = fromEnd ? count - offset - take : offset
  const rows = await rowsOf<{ key: string }>(
    db,
    sql`select key from asset_entries
      where bucket_key = ${where.bucketKey} and parent_key = ${where.parentKey} and kind = ${where.kind}
      order by ${column} ${direction}, key ${direction}
      limit ${take} offset ${skip}`,
  )
  const keys = rows.map((row) => row.key)
  return fromEnd ? keys.reverse() : keys
}

/**
 * §7 `GET /api/bucket/method/get_folder`: one page of a folder (`prefix`, '' for the top), folders
 * first, sorted by name, date or size. With `search`, the matching names anywhere in the library.
 */
export async function getFolder(
  deps: ServiceDeps,
  actor: Actor,
  input: {
    bucket?: unknown
    prefix?: unknown
    search?: unknown
    page?: unknown
    per_page?: unknown
    sort?: unknown
    order?: unknown
  },
): Promise<FolderPage> {
  const bucket = await requireBucket(deps, actor, 'brand.view', input.bucket)
  const segments = pathOf(input.prefix, 'prefix')
  const options = pageOptions(input)
  const search = typeof input.search === 'string' ? input.search.trim().slice(0, 100) : ''
  if (search !== '') return searchLibrary(deps, bucket, search, options)
  const folder = await requireFolder(deps.db, bucket.key, segments, 'prefix')
  const counts = await rowsOf<{ kind: AssetEntryKind; n: number }>(
    deps.db,
    // Kept by triggers (migration 0018): counting a large folder costs more than its page.
    sql`select kind, total as n from asset_folder_counts
      where bucket_key = ${bucket.key} and parent_key = ${folder.key}`,
  )
  const folders = counts.find((row) => row.kind === 'folder')?.n ?? 0
  const filesCount = counts.find((row) => row.kind === 'file')?.n ?? 0
  const total = folders + filesCount
  const pages = Math.max(1, Math.ceil(total / options.perPage))
  const page = Math.min(options.page, pages)
  const start = (page - 1) * options.perPage
  const end = start + options.perPage
  const where = { bucketKey: bucket.key, parentKey: folder.key }
  const keys = [
    ...(await windowKeys(
      deps.db,
      { ...where, kind: 'folder' },
      options.sort,
      options.order,
      folders,
      start,
      Math.min(end, folders) - start,
    )),
    ...(await windowKeys(
      deps.db,
      { ...where, kind: 'file' },
      options.sort,
      options.order,
      filesCount,
      Math.max(0, start - folders),
      end - Math.max(start, folders),
    )),
  ]
  const rows = await withFiles(deps.db, keys)
  const names = folder.chain.map((entry) => entry.name)
  return {
    bucket: bucketView(bucket),
    segments: names,
    entries: rows.map((row) => entryView(deps, row, names)),
    total,
    page,
    perPage: options.perPage,
    pages,
    sort: options.sort,
    order: options.order,
    search: '',
  }
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Search by name within the whole library (the page's search box). */
async function searchLibrary(
  deps: ServiceDeps,
  bucket: BucketRow,
  search: string,
  options: ReturnType<typeof pageOptions>,
): Promise<FolderPage> {
  const match: SQL = sql`bucket_key = ${bucket.key} and name_key like lower(${`%${escapeLike(search)}%`})`
  const [{ total } = { total: 0 }] = await rowsOf<{ total: number }>(
    deps.db,
    sql`select count(*)::int as total from asset_entries where ${match}`,
  )
  const pages = Math.max(1, Math.ceil(total / options.perPage))
  const page = Math.min(options.page, pages)
  const direction = sql.raw(options.order)
  const column = sql.raw(SORT_COLUMN[options.sort])
  const found = await rowsOf<{ key: string }>(
    deps.db,
    sql`select key from asset_entries where ${match}
      order by kind desc, ${column} ${direction}, key ${direction}
      limit ${options.perPage} offset ${(page - 1) * options.perPage}`,
  )
  const rows = await withFiles(
    deps.db,
    found.map((row) => row.key),
  )
  const folders = await folderPaths(deps.db, bucket.key, [...new Set(rows.map((row) => row.parentKey))])
  return {
    bucket: bucketView(bucket),
    segments: [],
    entries: rows.map((row) => entryView(deps, row, folders.get(row.parentKey) ?? [])),
    total,
    page,
    perPage: options.perPage,
    pages,
    sort: options.sort,
    order: options.order,
    search,
  }
}

/** The path (names from the top) of each folder key, in one recursive walk up. */
async function folderPaths(db: Executor, bucketKey: string, keys: string[]): Promise<Map<string, string[]>> {
  const paths = new Map<string, string[]>([['', []]])
  const wanted = keys.filter((key) => key !== '')
  if (wanted.length === 0) return paths
  const rows = await rowsOf<{ start: string; name: string; depth: number }>(
    db,
    sql`with recursive up(start, key, parent_key, name, depth) as (
        select key, key, parent_key, name, 0 from asset_entries
        where bucket_key = ${bucketKey} and key = any(${sql.param(wanted)}::text[])
        union all
        select up.start, e.key, e.parent_key, e.name, up.depth + 1 from asset_entries e
        join up on e.key = up.parent_key and e.bucket_key = ${bucketKey}
        where up.depth < 64
      )
      select start, name, depth from up order by start, depth desc`,
  )
  for (const row of rows) paths.set(row.start, [...(paths.get(row.start) ?? []), row.name])
  return paths
}

// ---------------------------------------------------------------------------------------------
// Changes

/** A name free in the folder: `name`, else `name (2)`, `name (3)`… (before a file's extension). */
async function freeName(db: Executor, bucketKey: string, parentKey: string, name: string, kind: AssetEntryKind) {
  const stem = kind === 'file' ? name.replace(/(.)\.[^.]*$/, '$1') : name
  const taken = await rowsOf<{ name: string }>(
    db,
    sql`select name from asset_entries where bucket_key = ${bucketKey} and parent_key = ${parentKey}
      and name_key like lower(${escapeLike(stem)}) || '%'`,
  )
  const names = new Set(taken.map((row) => row.name.toLowerCase()))
  for (let n = 1; n < 10_000; n++) {
    const candidate = numberedName(name, n, kind === 'file')
    if (!names.has(candidate.toLowerCase())) return candidate
  }
  throw conflict('Too many items with this name in the folder.')
}

/** §7 `POST /api/bucket/method/create_folder`: a folder `name` (default "untitled folder") in `prefix`. */
export async function createFolder(
  deps: ServiceDeps,
  actor: Actor,
  input: { bucket?: unknown; prefix?: unknown; name?: unknown },
): Promise<AssetEntryView & { message: string }> {
  const bucket = await requireBucket(deps, actor, 'asset.manage', input.bucket)
  const segments = pathOf(input.prefix, 'prefix')
  const asked = input.name === undefined || input.name === '' ? null : nameOf(input.name, 'name')
  if (segments.length + 1 > MAX_DEPTH) throw invalid(`prefix: Folders can be at most ${MAX_DEPTH} deep.`)
  try {
    const row = await deps.db.transaction(async (tx) => {
      const folder = await requireFolder(tx, bucket.key, segments, 'prefix')
      const name = asked ?? (await freeName(tx, bucket.key, folder.key, DEFAULT_FOLDER_NAME, 'folder'))
      const [row] = await tx
        .insert(assetEntries)
        .values({
          key: newKey(),
          bucketKey: bucket.key,
          brandKey: bucket.brandKey,
          parentKey: folder.key,
          kind: 'folder',
          name,
          createdBy: actor.key,
        })
        .returning()
      return row!
    })
    const view = entryView(
      deps,
      { ...row, status: null, originalKey: null, thumbnailKey: null, webKey: null },
      segments,
    )
    return { ...view, message: ASSET_TEXTS.folderCreated(row.name) }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`An item named ${asked} already exists in this folder.`)
    throw error
  }
}

/**
 * Puts uploaded files (purpose `asset-library`, the actor's own, of this brand) into a folder.
 * A name already taken there gets a number, as file managers do. Not in §7: the spec's client
 * wrote to cloud storage directly; here the upload goes through the scan pipeline first.
 */
export async function addFiles(
  deps: ServiceDeps,
  actor: Actor,
  input: { bucket?: unknown; prefix?: unknown; files?: unknown },
): Promise<{ data: AssetEntryView[]; message: string }> {
  const bucket = await requireBucket(deps, actor, 'asset.manage', input.bucket)
  const segments = pathOf(input.prefix, 'prefix')
  const raw = typeof input.files === 'string' ? input.files.split(',') : input.files
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 100) throw invalid('files: between 1 and 100 file keys.')
  const keys = [...new Set(raw.map((key) => text(key, 'files')))]
  const rows = await deps.db
    .select()
    .from(files)
    .where(and(inArray(files.key, keys), eq(files.uploadedBy, actor.key), eq(files.brandKey, bucket.brandKey)))
  const usable = rows.filter((row) => row.purpose === 'asset-library' && row.status !== 'uploading')
  if (usable.length !== keys.length) throw notFound('File')
  for (let attempt = 0; ; attempt++) {
    try {
      const placed = await deps.db.transaction(async (tx) => {
        const folder = await requireFolder(tx, bucket.key, segments, 'prefix')
        const already = await tx
          .select({ fileKey: assetEntries.fileKey })
          .from(assetEntries)
          .where(inArray(assetEntries.fileKey, keys))
        if (already.length > 0) throw conflict('This file is in the library already.')
        const made: EntryRow[] = []
        for (const file of usable) {
          const name = await freeName(tx, bucket.key, folder.key, file.originalName, 'file')
          const [row] = await tx
            .insert(assetEntries)
            .values({
              key: newKey(),
              bucketKey: bucket.key,
              brandKey: bucket.brandKey,
              parentKey: folder.key,
              kind: 'file',
              name,
              fileKey: file.key,
              size: file.size,
              contentType: file.contentType,
              createdBy: actor.key,
            })
            .returning()
          made.push(row!)
        }
        return made
      })
      const views = await withFiles(
        deps.db,
        placed.map((row) => row.key),
      )
      return {
        data: views.map((row) => entryView(deps, row, segments)),
        message: placed.length === 1 ? `${placed[0]!.name} has been added.` : `${placed.length} files have been added.`,
      }
    } catch (error) {
      // Someone took the same name meanwhile: pick the names again.
      if (isUniqueViolation(error) && attempt < 3) continue
      throw error
    }
  }
}

/** Deletes the files no record uses any more (the entries pointing at them are gone), then their blobs. */
async function dropUnusedFiles(deps: ServiceDeps, tx: Tx, fileKeys: string[]) {
  if (fileKeys.length === 0) return []
  const stillUsed = new Set<string>()
  for (const [table, column] of [
    [assetEntries, assetEntries.fileKey],
    [references, references.fileKey],
    [media, media.fileKey],
    [materials, materials.frontFileKey],
    [materials, materials.backFileKey],
  ] as const) {
    const used = await tx.select({ key: column }).from(table).where(inArray(column, fileKeys))
    for (const row of used) if (row.key) stillUsed.add(row.key)
  }
  const orphans = fileKeys.filter((key) => !stillUsed.has(key))
  if (orphans.length === 0) return []
  // A quarantined file's record stays for support, as for product photos.
  return tx
    .delete(files)
    .where(and(inArray(files.key, orphans), sql`${files.status} <> 'quarantined'`))
    .returning()
}

async function deleteBlobs(deps: ServiceDeps, gone: (typeof files.$inferSelect)[]) {
  for (const file of gone) {
    for (const blob of [file.originalKey, file.thumbnailKey, file.webKey]) {
      if (blob) await deps.blobs.delete(blob).catch(() => undefined)
    }
  }
}

/** §7 `POST /api/bucket/method/remove_file`: deletes one file of the library. */
export async function removeFile(
  deps: ServiceDeps,
  actor: Actor,
  input: { bucket?: unknown; path?: unknown },
): Promise<{ key: string; message: string }> {
  const bucket = await requireBucket(deps, actor, 'asset.manage', input.bucket)
  const segments = pathOf(input.path, 'path')
  const { key, gone } = await deps.db.transaction(async (tx) => {
    const { entry } = await requireEntry(tx, bucket.key, segments, 'file')
    await tx.delete(assetEntries).where(eq(assetEntries.key, entry.key))
    return { key: entry.key, gone: await dropUnusedFiles(deps, tx, entry.fileKey ? [entry.fileKey] : []) }
  })
  await deleteBlobs(deps, gone)
  return { key, message: ASSET_TEXTS.deleted }
}

/** §7 `POST /api/bucket/method/remove_folder`: deletes a folder with everything below it. */
export async function removeFolder(
  deps: ServiceDeps,
  actor: Actor,
  input: { bucket?: unknown; path?: unknown },
): Promise<{ key: string; deleted: number; message: string }> {
  const bucket = await requireBucket(deps, actor, 'asset.manage', input.bucket)
  const segments = pathOf(input.path, 'path')
  const { key, removed, gone } = await deps.db.transaction(async (tx) => {
    const { entry } = await requireEntry(tx, bucket.key, segments, 'folder')
    const removed = await rowsOf<{ key: string; file_key: string | null }>(
      tx,
      sql`with recursive below(key) as (
          select ${entry.key}::text
          union all
          select e.key from asset_entries e join below on e.parent_key = below.key
          where e.bucket_key = ${bucket.key}
        )
        delete from asset_entries where bucket_key = ${bucket.key} and key in (select key from below)
        returning key, file_key`,
    )
    const fileKeys = removed.map((row) => row.file_key).filter((k): k is string => k !== null)
    return { key: entry.key, removed: removed.length, gone: await dropUnusedFiles(deps, tx, fileKeys) }
  })
  await deleteBlobs(deps, gone)
  return { key, deleted: removed, message: ASSET_TEXTS.folderDeleted }
}

/** How many folder levels lie below a folder (0 when it holds no folder). */
async function depthBelow(db: Executor, bucketKey: string, folderKey: string): Promise<number> {
  const [row] = await rowsOf<{ depth: number | null }>(
    db,
    sql`with recursive below(key, depth) as (
        select key, 1 from asset_entries where bucket_key = ${bucketKey} and parent_key = ${folderKey} and kind = 'folder'
        union all
        select e.key, below.depth + 1 from asset_entries e join below on e.parent_key = below.key
        where e.bucket_key = ${bucketKey} and e.kind = 'folder' and below.depth < 64
      )
      select max(depth)::int as depth from below`,
  )
  return row?.depth ?? 0
}

/**
 * §7 `POST /api/bucket/method/update_file`: renames and moves a file or a folder, `path` → `new_path`
 * (the whole new path, its last segment the new name). A folder moves with everything below it
 * by changing its own row; it cannot move into itself.
 */
export async function updateFile(
  deps: ServiceDeps,
  actor: Actor,
  input: { bucket?: unknown; path?: unknown; new_path?: unknown },
): Promise<AssetEntryView & { message: string }> {
  const bucket = await requireBucket(deps, actor, 'asset.manage', input.bucket)
  const from = pathOf(input.path, 'path')
  const to = pathOf(input.new_path, 'new_path')
  if (to.length === 0) throw invalid('new_path: is required.')
  const name = to[to.length - 1]!
  const targetFolder = to.slice(0, -1)
  try {
    const row = await deps.db.transaction(async (tx) => {
      const { entry } = await requireEntry(tx, bucket.key, from)
      const folder = await requireFolder(tx, bucket.key, targetFolder, 'new_path')
      if (folder.chain.some((above) => above.key === entry.key)) {
        throw invalid('new_path: A folder cannot be moved into itself.')
      }
      if (
        entry.kind === 'folder' &&
        targetFolder.length + 1 + (await depthBelow(tx, bucket.key, entry.key)) > MAX_DEPTH
      ) {
        throw invalid(`new_path: Folders can be at most ${MAX_DEPTH} deep.`)
      }
      const [row] = await tx
        .update(assetEntries)
        .set({ parentKey: folder.key, name, modified: new Date() })
        .where(eq(assetEntries.key, entry.key))
        .returning()
      return { row: row!, moved: folder.key !== entry.parentKey }
    })
    const [full] = await withFiles(deps.db, [row.row.key])
    const view = entryView(deps, full!, targetFolder)
    return { ...view, message: row.moved ? ASSET_TEXTS.moved(name) : ASSET_TEXTS.renamed(name) }
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`An item named ${name} already exists in this folder.`)
    throw error
  }
}

// ---------------------------------------------------------------------------------------------
// The page's extras: one entry by key (its dialogs), the folder tree, folders to move into

/** One entry of the bucket by key, with its whole path (the page's rename, move, delete, preview). */
export async function getEntry(
  deps: ServiceDeps,
  actor: Actor,
  bucketValue: unknown,
  entryValue: unknown,
): Promise<AssetEntryView> {
  const bucket = await requireBucket(deps, actor, 'brand.view', bucketValue)
  const key = text(entryValue, 'item')
  const [row] = await withFiles(deps.db, [key])
  if (!row || row.bucketKey !== bucket.key) throw notFound('Asset')
  const paths = await folderPaths(deps.db, bucket.key, [row.parentKey])
  return entryView(deps, row, paths.get(row.parentKey) ?? [])
}

export interface TreeFolder {
  name: string
  segments: string[]
  /** The folders inside, when this folder is on the open path (or at the top); null otherwise. */
  children: TreeFolder[] | null
}

/** The most folders one level of the tree shows. */
const TREE_LEVEL_LIMIT = 200

/**
 * The folder tree beside the page: the top folders, and the folders inside each folder along
 * the open path, as a file manager's sidebar shows them.
 */
export async function folderTree(
  deps: ServiceDeps,
  actor: Actor,
  bucketValue: unknown,
  open: readonly string[],
): Promise<TreeFolder[]> {
  const bucket = await requireBucket(deps, actor, 'brand.view', bucketValue)
  const chain = (await resolve(deps.db, bucket.key, open)) ?? []
  const parents = ['', ...chain.filter((entry) => entry.kind === 'folder').map((entry) => entry.key)]
  const rows = await rowsOf<{ parent_key: string; name: string }>(
    deps.db,
    sql`select parent_key, name from (
        select parent_key, name, name_key,
          row_number() over (partition by parent_key order by name_key) as n
        from asset_entries
        where bucket_key = ${bucket.key} and kind = 'folder' and parent_key = any(${sql.param(parents)}::text[])
      ) levels where n <= ${TREE_LEVEL_LIMIT} order by parent_key, name_key`,
  )
  const level = (depth: number): TreeFolder[] => {
    const parent = parents[depth]
    if (parent === undefined) return []
    const above = chain.slice(0, depth).map((entry) => entry.name)
    return rows
      .filter((row) => row.parent_key === parent)
      .map((row) => {
        const segments = [...above, row.name]
        const isOpen = chain[depth]?.name === row.name
        return { name: row.name, segments, children: isOpen ? level(depth + 1) : null }
      })
  }
  return level(0)
}

/** Every folder of the library by path (the Move form's choices), at most `limit`. */
export async function libraryFolders(
  deps: ServiceDeps,
  actor: Actor,
  bucketValue: unknown,
  limit = 500,
): Promise<string[][]> {
  const bucket = await requireBucket(deps, actor, 'brand.view', bucketValue)
  const rows = await rowsOf<{ key: string }>(
    deps.db,
    sql`select key from asset_entries where bucket_key = ${bucket.key} and kind = 'folder' limit ${limit}`,
  )
  const paths = await folderPaths(
    deps.db,
    bucket.key,
    rows.map((row) => row.key),
  )
  return [...paths.values()]
    .filter((segments) => segments.length > 0)
    .sort((a, b) => a.join('/').localeCompare(b.join('/')))
}

/** A style a library file is used on, for the file's preview. */
export interface StyleUse {
  key: string
  name: string
}

/**
 * The styles that use a library file: as a file of the style's wizard (a reference) or as a
 * picture of a material on the style. Only the brand's own styles, at most 50, by name.
 */
export async function stylesUsingEntry(
  deps: ServiceDeps,
  actor: Actor,
  bucketValue: unknown,
  entryValue: unknown,
): Promise<StyleUse[]> {
  const bucket = await requireBucket(deps, actor, 'brand.view', bucketValue)
  const [entry] = await deps.db
    .select()
    .from(assetEntries)
    .where(and(eq(assetEntries.bucketKey, bucket.key), eq(assetEntries.key, text(entryValue, 'item'))))
  if (!entry) throw notFound('Asset')
  const fileKey = entry.fileKey
  if (!fileKey) return []
  const viaReferences = await deps.db
    .select({ style: references.styleKey })
    .from(references)
    .where(and(eq(references.brandKey, bucket.brandKey), eq(references.fileKey, fileKey)))
  const viaMaterials = await deps.db
    .select({ style: materialStyles.styleKey })
    .from(materialStyles)
    .innerJoin(materials, eq(materials.key, materialStyles.materialKey))
    .where(
      and(
        eq(materials.brandKey, bucket.brandKey),
        or(eq(materials.frontFileKey, fileKey), eq(materials.backFileKey, fileKey)),
      ),
    )
  const keys = [...new Set([...viaReferences, ...viaMaterials].map((row) => row.style).filter((k): k is string => !!k))]
  if (keys.length === 0) return []
  return deps.db
    .select({ key: styles.key, name: styles.name })
    .from(styles)
    .where(and(eq(styles.brandKey, bucket.brandKey), inArray(styles.key, keys)))
    .orderBy(styles.name)
    .limit(50)
}
