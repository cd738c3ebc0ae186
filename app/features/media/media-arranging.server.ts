// Arranging: attaching, detaching, ordering and deleting photos; dropping stale reservations.
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { files, listings, media } from '#db/schema'
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { syncListingMedia } from './media-map.server'
import {
  announce,
  brandKeyOf,
  keyOf,
  MAX_POSITION,
  MAX_POSITIONS,
  requireMedia,
  toMediaView,
  type MediaView,
} from './media-views.server'
import type { Actor } from '#app/platform/access/actor'

export interface AttachResult {
  media: MediaView
  /** The listing's style name, for the toast "Image is now associated with {style}". */
  style: string
  listing: string
  /** False when the photo was already on that listing (nothing changed). */
  changed: boolean
}

/**
 * POST /api/media/method/attach: a photo goes onto a listing, named by key or by its Listing
 * Unique Id. From another listing it is detached first; it lands at `position` or after the
 * listing's photos (count + 1). Onto the listing it is already on, nothing happens.
 */
export async function attachMedia(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand: unknown; media: unknown; listing?: unknown; listingUniqueId?: unknown; position?: unknown },
): Promise<AttachResult> {
  const brandKey = brandKeyOf(input.brand)
  const row = await requireMedia(deps, actor, keyOf(input.media, 'media'), brandKey)
  const target = await findListing(deps, brandKey, input)
  await requireAbility(deps, actor, 'media.arrange', { model: 'Listing', key: target.key })
  if (row.listingKey && row.listingKey !== target.key) {
    await requireAbility(deps, actor, 'media.arrange', { model: 'Listing', key: row.listingKey })
  }
  if (!row.path) throw new AppError('ValidationError', 'media: the photo is not available yet (it is being checked).')
  const requested = positionOf(input.position)
  if (row.listingKey === target.key) {
    return { media: toMediaView(deps, row), style: target.styleName, listing: target.key, changed: false }
  }
  const updated = await deps.db.transaction(async (tx) => {
    // The listing's rows are locked by the sync below; the count is taken under the same lock.
    await tx.select({ key: listings.key }).from(listings).where(eq(listings.key, target.key)).for('update')
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(media)
      .where(and(eq(media.listingKey, target.key), isNotNull(media.path)))) as [{ count: number }]
    const [moved] = await tx
      .update(media)
      .set({ listingKey: target.key, position: requested ?? Number(count) + 1, unmatched: null, modified: new Date() })
      .where(eq(media.key, row.key))
      .returning()
    await syncListingMedia(tx, [row.listingKey, target.key])
    return moved!
  })
  announce(deps, brandKey, [row.listingKey, target.key], [row.key])
  return { media: toMediaView(deps, updated), style: target.styleName, listing: target.key, changed: true }
}

async function findListing(
  deps: ServiceDeps,
  brandKey: string,
  input: { listing?: unknown; listingUniqueId?: unknown },
): Promise<{ key: string; styleName: string }> {
  const byKey = typeof input.listing === 'string' && input.listing !== ''
  const byId = typeof input.listingUniqueId === 'string' && input.listingUniqueId.trim() !== ''
  if (!byKey && !byId) throw new AppError('ValidationError', 'listingUniqueId: name the listing.')
  const [listing] = await deps.db
    .select({ key: listings.key, styleName: listings.styleName })
    .from(listings)
    .where(
      and(
        eq(listings.brandKey, brandKey),
        byKey
          ? eq(listings.key, String(input.listing))
          : eq(listings.listingUniqueId, String(input.listingUniqueId).trim()),
      ),
    )
  if (!listing) throw notFound('Listing')
  return listing
}

function positionOf(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null
  const position = Number(value)
  if (!Number.isInteger(position) || position < 0 || position > MAX_POSITION) {
    throw new AppError('ValidationError', `position: a whole number from 0 to ${MAX_POSITION}.`)
  }
  return position
}

/** POST /api/media/method/detach: the photo goes back to the pool. Already there, nothing changes. */
export async function detachMedia(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand: unknown; media: unknown },
): Promise<{ media: MediaView; changed: boolean }> {
  const brandKey = brandKeyOf(input.brand)
  const row = await requireMedia(deps, actor, keyOf(input.media, 'media'), brandKey)
  if (!row.listingKey) return { media: toMediaView(deps, row), changed: false }
  await requireAbility(deps, actor, 'media.arrange', { model: 'Listing', key: row.listingKey })
  const updated = await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(media)
      .set({ listingKey: null, position: 0, modified: new Date() })
      .where(eq(media.key, row.key))
      .returning()
    await syncListingMedia(tx, [row.listingKey])
    return moved!
  })
  announce(deps, brandKey, [row.listingKey], [row.key])
  return { media: toMediaView(deps, updated), changed: true }
}

/** Parses the two comma-joined lists of `positions` (catalogue.md §7). */
export function parsePositions(keys: unknown, positions: unknown): { key: string; position: number }[] {
  const list = (value: unknown, field: string) => {
    if (Array.isArray(value)) return value.map(String)
    if (typeof value === 'string') return value === '' ? [] : value.split(',')
    throw new AppError('ValidationError', `${field}: a comma-separated list.`)
  }
  const keyList = list(keys, 'keys').map((key) => key.trim())
  const positionList = list(positions, 'positions').map((position) => position.trim())
  if (keyList.length === 0) throw new AppError('ValidationError', 'keys: name the photos to order.')
  if (keyList.length !== positionList.length) {
    throw new AppError('ValidationError', 'positions: one position for each key.')
  }
  if (keyList.length > MAX_POSITIONS) throw new AppError('ValidationError', `keys: at most ${MAX_POSITIONS} at once.`)
  const seen = new Set<string>()
  return keyList.map((key, index) => {
    keyOf(key, 'keys')
    if (seen.has(key)) throw new AppError('ValidationError', 'keys: each photo once.')
    seen.add(key)
    const position = positionOf(positionList[index])
    if (position === null) throw new AppError('ValidationError', 'positions: a whole number for each key.')
    return { key, position }
  })
}

/**
 * POST /api/media/method/positions/: saves the order of photos on their listings, in one
 * transaction. Two saves at once each write a whole order; the later one is the order kept, never
 * a mix of both on one listing.
 */
export async function saveMediaPositions(
  deps: ServiceDeps,
  actor: Actor,
  input: { keys: unknown; positions: unknown },
): Promise<{ saved: number }> {
  const wanted = parsePositions(input.keys, input.positions)
  const rows = await deps.db
    .select({ key: media.key, brandKey: media.brandKey, listingKey: media.listingKey })
    .from(media)
    .where(
      inArray(
        media.key,
        wanted.map((item) => item.key),
      ),
    )
  if (rows.length !== wanted.length) throw notFound('Media')
  const brandKeys = new Set(rows.map((row) => row.brandKey))
  if (brandKeys.size !== 1) throw new AppError('ValidationError', 'keys: photos of one brand at a time.')
  const brandKey = rows[0]!.brandKey
  requireBrandAbility(actor, 'listing.view', brandKey)
  const listingKeys = [...new Set(rows.map((row) => row.listingKey).filter((key): key is string => key !== null))]
  // Arranging is decided per listing: a line's editor orders that line's listings.
  for (const listingKey of listingKeys) {
    await requireAbility(deps, actor, 'media.arrange', { model: 'Listing', key: listingKey })
  }
  if (listingKeys.length === 0) requireBrandAbility(actor, 'media.arrange', brandKey)
  await deps.db.transaction(async (tx) => {
    // Locks the listings first, in key order, so concurrent saves queue instead of interleaving.
    if (listingKeys.length > 0) {
      await tx
        .select({ key: listings.key })
        .from(listings)
        .where(inArray(listings.key, listingKeys))
        .orderBy(asc(listings.key))
        .for('update')
    }
    await tx.execute(sql`
      update media set position = wanted.position, modified = now()
      from unnest(${sql.param(wanted.map((item) => item.key))}::text[], ${sql.param(
        wanted.map((item) => item.position),
      )}::int[]) as wanted(key, position)
      where media.key = wanted.key`)
    await syncListingMedia(tx, listingKeys)
  })
  announce(
    deps,
    brandKey,
    listingKeys,
    wanted.map((item) => item.key),
  )
  return { saved: wanted.length }
}

/**
 * DELETE /api/media/model/{id}: the photo leaves its listing and the brand; an uploaded file's
 * stored sizes go with it. Photos placed by the seed share their files and keep them.
 */
export async function deleteMedia(deps: ServiceDeps, actor: Actor, key: string): Promise<{ key: string }> {
  const row = await requireMedia(deps, actor, keyOf(key, 'media'))
  if (row.listingKey) await requireAbility(deps, actor, 'media.arrange', { model: 'Listing', key: row.listingKey })
  const file = await deps.db.transaction(async (tx) => {
    await tx.delete(media).where(eq(media.key, row.key))
    await syncListingMedia(tx, [row.listingKey])
    if (!row.fileKey) return null
    // A refused file's record stays: support may need to see why it was refused.
    const [gone] = await tx
      .delete(files)
      .where(and(eq(files.key, row.fileKey), sql`${files.status} <> 'quarantined'`))
      .returning()
    return gone ?? null
  })
  if (file) {
    for (const blob of [file.originalKey, file.thumbnailKey, file.webKey]) {
      if (blob) await deps.blobs.delete(blob).catch(() => undefined)
    }
  }
  announce(deps, row.brandKey, [row.listingKey], [row.key])
  return { key: row.key }
}

/**
 * Reserved names whose upload never came (or was abandoned and swept) free their names after a
 * day, as unfinished uploads do. Photos with a file being checked or refused stay.
 */
export async function dropStaleReservations(deps: Pick<ServiceDeps, 'db'>, olderThan: Date): Promise<number> {
  const dropped = await deps.db
    .delete(media)
    .where(and(isNull(media.path), isNull(media.fileKey), lt(media.created, olderThan)))
    .returning({ key: media.key })
  return dropped.length
}
