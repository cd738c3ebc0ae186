// Reading the library: a folder's page, search, one entry by key, the folder tree, the folders to
// move into, the styles that use an entry.
import { joinPath } from '#app/features/assets/asset-paths'
import { SCAN_MESSAGES } from '#app/features/files'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { rowsOf } from '#db/rows'
import { assetEntries, files, materials, materialStyles, references, styles, type AssetEntryKind } from '#db/schema'
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { bucketView, requireBucket, seconds } from './asset-buckets.server'
import { requireFolder, resolve } from './asset-path-lookup.server'
import {
  pageOptions,
  pathOf,
  text,
  type AssetEntryView,
  type AssetSort,
  type BucketRow,
  type EntryRow,
  type Executor,
  type FolderPage,
} from './asset-views.server'
import type { StyleUse, TreeFolder } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { StyleUse, TreeFolder } from './views'

interface EntryWithFile extends EntryRow {
  status: string | null
  originalKey: string | null
  thumbnailKey: string | null
  webKey: string | null
  /** The file's type as its checks found it: known only once the upload was checked. */
  fileType: string | null
}

export function entryView(
  deps: Pick<ServiceDeps, 'blobs'>,
  row: EntryWithFile,
  folder: readonly string[],
): AssetEntryView {
  const clean = row.kind === 'file' && row.status === 'available' && row.originalKey
  return {
    key: row.key,
    KIND: 'AssetEntry',
    name: row.name,
    type: row.kind,
    path: joinPath([...folder, row.name], row.kind === 'folder'),
    folder: joinPath(folder),
    size: Number(row.size),
    // The entry copied the file's type when it was placed, which is null for a file placed while
    // its checks still ran; the file's own type, once known, is the one to trust.
    content_type: row.fileType ?? row.contentType,
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
export async function withFiles(db: Executor, keys: string[]): Promise<EntryWithFile[]> {
  if (keys.length === 0) return []
  const rows = await db
    .select({
      entry: assetEntries,
      status: files.status,
      originalKey: files.originalKey,
      thumbnailKey: files.thumbnailKey,
      webKey: files.webKey,
      fileType: files.contentType,
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

export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`)

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
