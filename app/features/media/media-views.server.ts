// A photo as the API and the pages show it, its limits and status, and the checks its calls share.
import { thumbnailPath } from '#app/features/files'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { media } from '#db/schema'
import { MEDIA_EVENTS, rooms, type MediaChangedEvent } from '#app/platform/protocol'
import { eq } from 'drizzle-orm'
import type { MediaStatus, MediaView } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { MediaStatus, MediaView, ReservedName } from './views'

export type MediaRow = typeof media.$inferSelect
type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
export type Db = ServiceDeps['db'] | Tx

/** Names one preflight may reserve: a batch of 200 photos fits, a runaway list does not. */
export const MAX_BATCH_NAMES = 500
/** Positions one save may carry. */
export const MAX_POSITIONS = 2000
export const MAX_POSITION = 100_000
export const POOL_PAGE_SIZE = 60

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

function statusOf(row: MediaRow, fileStatus: string | null | undefined): MediaStatus {
  if (row.path) return 'available'
  if (!row.fileKey) return 'reserved'
  if (fileStatus === 'uploading' || fileStatus === 'scanning' || fileStatus === 'quarantined') return fileStatus
  return fileStatus === 'available' ? 'available' : 'reserved'
}

export function toMediaView(deps: Pick<ServiceDeps, 'blobs'>, row: MediaRow, fileStatus?: string | null): MediaView {
  const src = row.path ? deps.blobs.signedUrl(row.path) : null
  const status = statusOf(row, fileStatus)
  return {
    key: row.key,
    name: row.name,
    type: 'image',
    status,
    created: seconds(row.created),
    modified: seconds(row.modified),
    position: row.position,
    shot: row.shot,
    listing: row.listingKey,
    unmatched: row.unmatched,
    file: row.fileKey,
    src,
    thumbnail: row.path ? deps.blobs.signedUrl(thumbnailPath(row.path)) : null,
    assetUrl: src,
    original: src,
    urls: { signed: { download: src } },
    progress: status === 'reserved' ? -1 : status === 'uploading' ? 0 : 100,
    reference_model_id: row.listingKey,
  }
}

export function announce(
  deps: ServiceDeps,
  brandKey: string,
  listingKeys: (string | null)[],
  mediaKeys: string[],
): void {
  const payload: MediaChangedEvent = {
    brand: brandKey,
    listings: [...new Set(listingKeys.filter((key): key is string => key !== null))],
    media: mediaKeys,
  }
  deps.events.publish(rooms.brand(brandKey), MEDIA_EVENTS.changed, payload)
}

export function brandKeyOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new AppError('ValidationError', 'brand: name the brand.')
  }
  return value
}

export function keyOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new AppError('ValidationError', `${field}: name the photo.`)
  }
  return value
}

/** A photo of the brand the actor may change, or NotFound (an outsider cannot probe keys). */
export async function requireMedia(deps: ServiceDeps, actor: Actor, key: string, brandKey?: string): Promise<MediaRow> {
  await requireAbility(deps, actor, 'media.arrange', { model: 'Media', key })
  const [row] = await deps.db.select().from(media).where(eq(media.key, key))
  if (!row || (brandKey !== undefined && row.brandKey !== brandKey)) throw notFound('Media')
  return row
}
