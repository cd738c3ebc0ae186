// Changing the library: folders created, files added, renamed, moved and removed.
import { DEFAULT_FOLDER_NAME, MAX_DEPTH, numberedName } from '#app/features/assets/asset-paths'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { rowsOf } from '#db/rows'
import { assetEntries, files, materials, media, references, type AssetEntryKind } from '#db/schema'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { requireBucket } from './asset-buckets.server'
import { requireEntry, requireFolder } from './asset-path-lookup.server'
import { entryView, escapeLike, withFiles } from './asset-reading.server'
import {
  ASSET_TEXTS,
  conflict,
  invalid,
  isUniqueViolation,
  nameOf,
  pathOf,
  text,
  type AssetEntryView,
  type EntryRow,
  type Executor,
  type Tx,
} from './asset-views.server'
import type { Actor } from '#app/platform/access/actor'

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
      { ...row, status: null, originalKey: null, thumbnailKey: null, webKey: null, fileType: null },
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
  // The last segment is the name given, the others look the folder up.
  const name = nameOf(to[to.length - 1], 'new_path')
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
