// Product photos for tests: a clean image in the blob store with its thumbnail beside it, and its
// media row, on a listing or in the brand's pool. The listing's media map is rewritten as the
// media service does it.
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { media } from '#db/schema'
import { newKey } from '#app/platform/ids'
import { thumbnailPath } from '#app/features/files/thumbnail'
import type { ServiceDeps } from '#app/platform/context.server'
import { syncListingMedia } from '#app/features/media/media.server'

type Deps = Pick<ServiceDeps, 'db' | 'blobs'>

/** A small JPEG of one colour. */
export function photoBytes(colour = '#c8b8a6', width = 30, height = 40): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
}

/** A clean photo of the brand; on `listingKey` at `position`, else in the pool. Answers its row. */
export async function createMedia(
  deps: Deps,
  brandKey: string,
  fields: { name?: string; listingKey?: string | null; position?: number; shot?: string; created?: Date } = {},
) {
  const key = newKey()
  const path = `brands/${brandKey}/files/${key}.jpg`
  const bytes = await photoBytes()
  for (const blob of [path, thumbnailPath(path)]) {
    await deps.blobs.put(blob, Readable.from([bytes]), { contentType: 'image/jpeg', maxBytes: bytes.length })
  }
  const [row] = await deps.db
    .insert(media)
    .values({
      key,
      brandKey,
      name: fields.name ?? `photo-${key}.jpg`,
      path,
      listingKey: fields.listingKey ?? null,
      position: fields.position ?? 0,
      shot: fields.shot ?? 'front',
      ...(fields.created && { created: fields.created, modified: fields.created }),
    })
    .returning()
  if (row!.listingKey) await deps.db.transaction((tx) => syncListingMedia(tx, [row!.listingKey]))
  return row!
}
