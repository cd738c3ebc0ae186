// Product media (catalogue.md §2 media steps, §4 Media upload and association, §7 media calls).
// A photo's name is reserved before its upload (the batch preflight) and matched against the
// brand's listings by the naming convention; it is attached once its file is clean. The media
// rows are the truth; each listing's `media` map is rewritten from them in the same transaction
// (docs/decisions/095), so lists and the listing page read one column.
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import { files, listings, media, styles } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import {
  compareViews,
  mediaNameError,
  parseMediaName,
  positionRank,
  UNMATCHED,
  type ParsedMediaName,
} from '#app/features/media/media-names'
import { thumbnailPath } from '#app/features/files/thumbnail'
import { MEDIA_EVENTS, rooms, type MediaChangedEvent } from '#realtime/protocol'
import type { Actor } from '#app/features/identity/accounts.server'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'

export type MediaRow = typeof media.$inferSelect
type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
type Db = ServiceDeps['db'] | Tx

/** Names one preflight may reserve: a batch of 200 photos fits, a runaway list does not. */
export const MAX_BATCH_NAMES = 500
/** Positions one save may carry. */
export const MAX_POSITIONS = 2000
export const MAX_POSITION = 100_000
export const POOL_PAGE_SIZE = 60

export type MediaStatus = 'reserved' | 'uploading' | 'scanning' | 'available' | 'quarantined'

/** A photo as pages and the API show it (catalogue.md §3 Media item). */
export interface MediaView {
  key: string
  name: string
  type: 'image'
  status: MediaStatus
  /** Unix seconds. */
  created: number
  modified: number
  position: number
  shot: string
  /** The listing it is attached to, or null in the pool. */
  listing: string | null
  /** Why its name matched no listing. */
  unmatched: string | null
  /** The upload carrying it (its `file:status` events name this key). */
  file: string | null
  /** Signed addresses, once the file is clean. */
  src: string | null
  thumbnail: string | null
  /** The spec's other names for the photo's address (catalogue.md §3 Media item). */
  assetUrl: string | null
  original: string | null
  urls: { signed: { download: string | null } }
  /** Upload progress as the spec counts it: -1 before any byte, 100 once the file is in. */
  progress: number
  /** The listing it is attached to (the spec's name for it). */
  reference_model_id: string | null
}

export interface ReservedName {
  name: string
  /** The reserved media key; absent with a filename error. */
  key?: string
  /** The Filename error: this name cannot be uploaded. */
  error?: string
  /** The listing the photo will be attached to once it is clean. */
  listing?: { key: string; listingUniqueId: string; styleName: string; styleNumber: string; sku: string | null }
  unmatched?: string
  shot?: string
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

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

function announce(deps: ServiceDeps, brandKey: string, listingKeys: (string | null)[], mediaKeys: string[]): void {
  const payload: MediaChangedEvent = {
    brand: brandKey,
    listings: [...new Set(listingKeys.filter((key): key is string => key !== null))],
    media: mediaKeys,
  }
  deps.events.publish(rooms.brand(brandKey), MEDIA_EVENTS.changed, payload)
}

function brandKeyOf(value: unknown): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new AppError('ValidationError', 'brand: name the brand.')
  }
  return value
}

function keyOf(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) {
    throw new AppError('ValidationError', `${field}: name the photo.`)
  }
  return value
}

/** A photo of the brand the actor may change, or NotFound (an outsider cannot probe keys). */
async function requireMedia(deps: ServiceDeps, actor: Actor, key: string, brandKey?: string): Promise<MediaRow> {
  await requireAbility(deps, actor, 'media.arrange', { model: 'Media', key })
  const [row] = await deps.db.select().from(media).where(eq(media.key, key))
  if (!row || (brandKey !== undefined && row.brandKey !== brandKey)) throw notFound('Media')
  return row
}

// ---------------------------------------------------------------------------------------------
// Preflight: reserve names and match them to listings

/**
 * POST /api/media/method/batch: reserves each name for an upload and says where its photo will
 * go. A name that cannot be uploaded (bad type, too long, taken in the brand, twice in the
 * batch) gets a Filename error and no key; a good name that matches no listing is reserved for
 * the pool with the reason. Matched photos take positions after the listing's own, in view order.
 */
export async function reserveMedia(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand: unknown; names: unknown },
): Promise<ReservedName[]> {
  const brandKey = brandKeyOf(input.brand)
  requireBrandAbility(actor, 'listing.edit', brandKey)
  const names = namesOf(input.names)
  const results: ReservedName[] = names.map((name) => ({ name }))
  const seen = new Map<string, number>()
  names.forEach((name, index) => {
    const error = mediaNameError(name)
    if (error) return void (results[index]!.error = error)
    const folded = name.trim().toLowerCase()
    if (seen.has(folded)) results[index]!.error = 'This file is selected twice.'
    else seen.set(folded, index)
  })
  const candidates = results.filter((result) => !result.error)
  if (candidates.length === 0) return results

  const taken = await deps.db
    .select({ name: sql<string>`lower(${media.name})` })
    .from(media)
    .where(
      and(
        eq(media.brandKey, brandKey),
        inArray(
          sql`lower(${media.name})`,
          candidates.map((result) => result.name.trim().toLowerCase()),
        ),
      ),
    )
  const takenNames = new Set(taken.map((row) => row.name))
  for (const result of candidates) {
    if (takenNames.has(result.name.trim().toLowerCase())) {
      result.error = 'A photo with this name is already in the brand. Delete it first, or rename the file.'
    }
  }
  const free = candidates.filter((result) => !result.error)
  if (free.length === 0) return results

  const parsed = new Map(free.map((result) => [result, parseMediaName(result.name.trim())]))
  await matchListings(deps, brandKey, parsed)

  // Positions after what each listing holds, in view order within the batch.
  const byListing = new Map<string, ReservedName[]>()
  for (const result of free) {
    if (!result.listing) continue
    const list = byListing.get(result.listing.key) ?? []
    byListing.set(result.listing.key, list.concat(result))
  }
  const highest = await highestPositions(deps.db, [...byListing.keys()])
  const positions = new Map<ReservedName, number>()
  for (const [listingKey, list] of byListing) {
    list.sort((a, b) => compareViews(a.shot!, b.shot!) || a.name.localeCompare(b.name))
    list.forEach((result, index) => positions.set(result, (highest.get(listingKey) ?? 0) + index + 1))
  }

  const rows = free.map((result) => ({
    key: newKey(),
    brandKey,
    name: result.name.trim(),
    listingKey: result.listing?.key ?? null,
    shot: result.shot ?? '',
    position: positions.get(result) ?? 0,
    unmatched: result.unmatched ?? null,
    uploadedBy: actor.key,
  }))
  // A name reserved a moment ago by someone else loses here, not in a unique-index error.
  const inserted = await deps.db
    .insert(media)
    .values(rows)
    .onConflictDoNothing()
    .returning({ key: media.key, name: media.name })
  const keys = new Map(inserted.map((row) => [row.name, row.key]))
  free.forEach((result, index) => {
    const key = keys.get(rows[index]!.name)
    if (key) result.key = key
    else {
      result.error = 'A photo with this name is already in the brand. Delete it first, or rename the file.'
      delete result.listing
      delete result.unmatched
      delete result.shot
    }
  })
  return results
}

function namesOf(value: unknown): string[] {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',').filter((name) => name.trim() !== '')
      : null
  if (!list || list.length === 0) throw new AppError('ValidationError', 'names: list the files to upload.')
  if (list.length > MAX_BATCH_NAMES) {
    throw new AppError('ValidationError', `names: at most ${MAX_BATCH_NAMES} files in one batch.`)
  }
  if (!list.every((name) => typeof name === 'string')) throw new AppError('ValidationError', 'names: file names only.')
  return list as string[]
}

/** Fills in each name's listing (or why none), shot, from one query for the whole batch. */
async function matchListings(
  deps: ServiceDeps,
  brandKey: string,
  parsed: Map<ReservedName, ParsedMediaName>,
): Promise<void> {
  const numbers = [
    ...new Set([...parsed.values()].flatMap((name) => (name.ok ? [name.styleNumber.toLowerCase()] : []))),
  ]
  const found =
    numbers.length === 0
      ? []
      : await deps.db
          .select({
            key: listings.key,
            listingUniqueId: listings.listingUniqueId,
            styleName: listings.styleName,
            styleNumber: listings.styleNumber,
            sku: listings.sku,
          })
          .from(listings)
          .where(and(eq(listings.brandKey, brandKey), inArray(sql`lower(${listings.styleNumber})`, numbers)))
  const knownStyles =
    numbers.length === 0
      ? []
      : await deps.db
          .select({ number: sql<string>`lower(${styles.number})` })
          .from(styles)
          .where(and(eq(styles.brandKey, brandKey), inArray(sql`lower(${styles.number})`, numbers)))
  const styleNumbers = new Set([
    ...found.map((row) => row.styleNumber.toLowerCase()),
    ...knownStyles.map((s) => s.number),
  ])
  for (const [result, name] of parsed) {
    if (!name.ok) {
      result.unmatched = UNMATCHED.pattern
      result.shot = result.name.slice(0, Math.max(0, result.name.lastIndexOf('.'))) || result.name
      continue
    }
    result.shot = name.view
    const number = name.styleNumber.toLowerCase()
    if (!styleNumbers.has(number)) {
      result.unmatched = UNMATCHED.style(name.styleNumber)
      continue
    }
    const listing = found.find(
      (row) => row.styleNumber.toLowerCase() === number && row.sku?.toLowerCase() === name.sku.toLowerCase(),
    )
    if (!listing) result.unmatched = UNMATCHED.sku(name.sku, name.styleNumber)
    else result.listing = listing
  }
}

async function highestPositions(db: Db, listingKeys: string[]): Promise<Map<string, number>> {
  if (listingKeys.length === 0) return new Map()
  const rows = await db
    .select({ listing: media.listingKey, highest: sql<number>`max(${media.position})::int` })
    .from(media)
    .where(inArray(media.listingKey, listingKeys))
    .groupBy(media.listingKey)
  return new Map(rows.map((row) => [row.listing!, Number(row.highest ?? 0)]))
}

// ---------------------------------------------------------------------------------------------
// The file pipeline's side

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

// ---------------------------------------------------------------------------------------------
// The listing's media map

/**
 * Rewrites the media map of these listings from their attached, clean photos. Entries that came
 * from elsewhere (no `mediaKey`: photos of the demo's bulk listings, older data) are kept.
 * Each listing row is locked first, so two changes to one listing write one after the other.
 */
export async function syncListingMedia(tx: Db, listingKeys: (string | null)[]): Promise<void> {
  const keys = [...new Set(listingKeys.filter((key): key is string => key !== null))].sort()
  if (keys.length === 0) return
  const current = await tx
    .select({ key: listings.key, media: listings.media })
    .from(listings)
    .where(inArray(listings.key, keys))
    .orderBy(asc(listings.key))
    .for('update')
  const attached = await tx
    .select()
    .from(media)
    .where(and(inArray(media.listingKey, keys), isNotNull(media.path)))
  for (const listing of current) {
    const map: Record<string, unknown> = {}
    for (const [shot, value] of Object.entries(listing.media ?? {})) {
      if (value && typeof value === 'object' && 'mediaKey' in value) continue
      map[shot] = value
    }
    const own = attached
      .filter((row) => row.listingKey === listing.key)
      .sort((a, b) => positionRank(a.position) - positionRank(b.position) || a.name.localeCompare(b.name))
    for (const row of own) {
      const base = row.shot || row.key
      let shot = base
      for (let n = 2; shot in map; n++) shot = `${base}-${n}`
      map[shot] = mediaItem(row)
    }
    await tx.update(listings).set({ media: map }).where(eq(listings.key, listing.key))
  }
}

/** A photo as the listing's media map holds it (catalogue.md §3 Media item). */
function mediaItem(row: MediaRow): Record<string, unknown> {
  return {
    key: row.key,
    mediaKey: row.key,
    name: row.name,
    type: 'image',
    status: 'active',
    created: seconds(row.created),
    modified: seconds(row.modified),
    position: row.position,
    path: row.path,
    original: row.path,
    progress: 100,
    assets: { image: { path: row.path } },
    shot: row.shot,
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /api/media/query/brand: the brand's photos, newest first, a page at a time. */
export async function brandMedia(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand: unknown; pool?: boolean; before?: unknown; limit?: number },
): Promise<{ data: MediaView[]; cursor: string | null; more: boolean }> {
  const brandKey = brandKeyOf(input.brand)
  requireBrandAbility(actor, 'listing.view', brandKey)
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? 50), 1), 200)
  const before = cursorOf(input.before)
  const where = [eq(media.brandKey, brandKey)]
  // The pool: clean photos on no listing.
  if (input.pool) where.push(isNull(media.listingKey), isNotNull(media.path))
  if (before) {
    where.push(
      or(lt(media.created, before.created), and(eq(media.created, before.created), lt(media.key, before.key)))!,
    )
  }
  const rows = await deps.db
    .select({ row: media, fileStatus: files.status })
    .from(media)
    .leftJoin(files, eq(files.key, media.fileKey))
    .where(and(...where))
    .orderBy(desc(media.created), desc(media.key))
    .limit(limit + 1)
  const page = rows.slice(0, limit)
  const last = page.at(-1)?.row
  return {
    data: page.map(({ row, fileStatus }) => toMediaView(deps, row, fileStatus)),
    cursor: last ? `${last.created.toISOString()}~${last.key}` : null,
    more: rows.length > limit,
  }
}

function cursorOf(value: unknown): { created: Date; key: string } | null {
  if (typeof value !== 'string' || value === '') return null
  const [time, key] = value.split('~')
  const created = new Date(time ?? '')
  if (Number.isNaN(created.getTime()) || !key || !/^[A-Za-z0-9_-]{1,64}$/.test(key)) {
    throw new AppError('ValidationError', 'cursor: use the cursor of the previous page.')
  }
  return { created, key }
}

/** The photos attached to these listings, each listing's in order (position ascending, 0 last). */
export async function mediaOfListings(deps: ServiceDeps, listingKeys: string[]): Promise<Map<string, MediaView[]>> {
  const found = new Map<string, MediaView[]>()
  if (listingKeys.length === 0) return found
  const rows = await deps.db
    .select()
    .from(media)
    .where(and(inArray(media.listingKey, listingKeys), isNotNull(media.path)))
  rows.sort((a, b) => positionRank(a.position) - positionRank(b.position) || a.name.localeCompare(b.name))
  for (const row of rows) {
    const list = found.get(row.listingKey!) ?? []
    found.set(row.listingKey!, list.concat(toMediaView(deps, row)))
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// Arranging

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
