// Reading: a brand's photos a page at a time, and the photos of listings.
import { positionRank } from '#app/features/media/media-names'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { files, media } from '#db/schema'
import { and, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { brandKeyOf, toMediaView, type MediaView } from './media-views.server'
import type { Actor } from '#app/platform/access/actor'

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
