// The file pipeline's side: a reserved photo tied to its upload, and its settling.
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { media } from '#db/schema'
import { and, eq, isNull } from 'drizzle-orm'
import { syncListingMedia } from './media-map.server'
import { announce, keyOf, type Db } from './media-views.server'
import type { Actor } from '#app/platform/access/actor'

/**
 * Ties a reserved photo to the upload about to carry it. Only its reserver may, once, and only
 * within the brand the upload is for; anything else reads as not found.
 */
export async function linkUpload(
  db: Db,
  actor: Actor,
  mediaKey: unknown,
  brandKey: string,
  fileKey: string,
): Promise<void> {
  const key = keyOf(mediaKey, 'media')
  const linked = await db
    .update(media)
    .set({ fileKey, modified: new Date() })
    .where(
      and(eq(media.key, key), eq(media.brandKey, brandKey), eq(media.uploadedBy, actor.key), isNull(media.fileKey)),
    )
    .returning({ key: media.key })
  if (linked.length === 0) throw notFound('Media')
}

/**
 * The file carrying a photo has its final status. A clean one takes its place: on its listing
 * (the listing's map is rewritten) or in the pool. A refused one stays off every listing.
 */
export async function mediaFileSettled(
  deps: ServiceDeps,
  file: { key: string; status: string; originalKey: string | null },
): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    const rows = await tx.select().from(media).where(eq(media.fileKey, file.key))
    if (rows.length === 0) return []
    if (file.status === 'available' && file.originalKey) {
      await tx.update(media).set({ path: file.originalKey, modified: new Date() }).where(eq(media.fileKey, file.key))
      await syncListingMedia(
        tx,
        rows.map((row) => row.listingKey),
      )
    }
    return rows
  })
  for (const row of changed) announce(deps, row.brandKey, [row.listingKey], [row.key])
}
