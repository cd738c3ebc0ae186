// Paths of names resolved to entries, name by name, letter case ignored.
import { notFound } from '#app/platform/errors'
import { assetEntries, type AssetEntryKind } from '#db/schema'
import { and, eq, sql } from 'drizzle-orm'
import { invalid, type EntryRow, type Executor } from './asset-views.server'

/**
 * The entries a path names, top first, looked up name by name in this bucket (letter case
 * ignored). Null when a segment does not exist, or a file stands where a folder is needed.
 */
export async function resolve(
  db: Executor,
  bucketKey: string,
  segments: readonly string[],
): Promise<EntryRow[] | null> {
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
export async function requireFolder(db: Executor, bucketKey: string, segments: readonly string[], field: string) {
  const chain = await resolve(db, bucketKey, segments)
  const last = chain?.[chain.length - 1]
  if (!chain || (last && last.kind !== 'folder')) throw notFound(`Folder ${field}`)
  return { key: last?.key ?? '', chain }
}

/** The folder or file a path names (not the top). */
export async function requireEntry(
  db: Executor,
  bucketKey: string,
  segments: readonly string[],
  kind?: AssetEntryKind,
) {
  if (segments.length === 0) throw invalid('path: names the top of the library, which cannot change.')
  const chain = await resolve(db, bucketKey, segments)
  const entry = chain?.[chain.length - 1]
  if (!chain || !entry) throw notFound(kind === 'folder' ? 'Folder' : kind === 'file' ? 'File' : 'Asset')
  if (kind && entry.kind !== kind) {
    throw invalid(`path: names a ${entry.kind}, not a ${kind}.`)
  }
  return { entry, chain }
}
