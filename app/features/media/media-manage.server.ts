// The media management page (catalogue.md §2 Media management, step 3): one page of the brand's
// listings with their photos in order, and the brand's pool of unattached photos, newest first.
// Also the page's one change the media calls do not make in one step: moving a photo one place
// left or right on its listing (the forms without JavaScript), saved as the listing's whole order.
import type { ListingFilter } from '#app/features/catalogue'
import { listListings } from '#app/features/catalogue/index.server'
import { thumbnailPath } from '#app/features/files'
import { moveByOne, POOL_MAX, POOL_STEP, positionsFor } from '#app/features/media/media-order'
import { allows, brandGrant } from '#app/platform/access/abilities'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { listings, media } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { brandMedia, mediaOfListings, saveMediaPositions, type MediaView } from './media.server'
import type { ManageListing, ManagePhoto } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { ManageListing, ManagePhoto } from './views'

export interface ManagePage {
  listings: ManageListing[]
  total: number
  totalExact: boolean
  more: boolean
  pool: { photos: ManagePhoto[]; more: boolean; shown: number }
  /** Whether the actor may arrange the brand's photos (drag, Save, the forms). */
  canArrange: boolean
}

const photoOf = (view: MediaView): ManagePhoto => ({
  key: view.key,
  name: view.name,
  thumbnail: view.thumbnail,
  unmatched: view.unmatched,
})

/**
 * The page's data: `filter` is the products list's (search, lines, collections, categories,
 * styles) with this page's cursor and limit; `poolShown` how many pool photos to show.
 */
export async function loadManagePage(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  input: { filter: ListingFilter; poolShown: number },
): Promise<ManagePage> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const poolShown = Math.min(Math.max(input.poolShown, POOL_STEP), POOL_MAX)
  const [page, pool] = await Promise.all([
    listListings(deps, actor, brandKey, input.filter),
    poolPhotos(deps, actor, brandKey, poolShown),
  ])
  const photos = await mediaOfListings(
    deps,
    page.data.map((listing) => listing.key),
  )
  return {
    listings: page.data.map((listing) => ({
      key: listing.key,
      styleName: listing.style_name,
      styleNumber: listing.style_number,
      color: {
        label: listing.color.name || listing.color.code || null,
        hex: listing.color.hexCode ?? null,
      },
      garment: listing.category_names.length > 0 ? listing.category_names.join(', ') : listing.style_name,
      sku: listing.sku,
      addition: listing.addition,
      photos: (photos.get(listing.key) ?? []).map(photoOf),
    })),
    total: page.total,
    totalExact: page.totalExact,
    more: page.more,
    pool: { ...pool, shown: poolShown },
    canArrange: allows('media.arrange', brandGrant(actor.grants, brandKey)),
  }
}

/** The newest `count` photos of the pool, read a keyset page at a time. */
async function poolPhotos(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  count: number,
): Promise<{ photos: ManagePhoto[]; more: boolean }> {
  const photos: ManagePhoto[] = []
  let cursor: string | null = null
  let more = true
  while (more && photos.length < count) {
    const page = await brandMedia(deps, actor, {
      brand: brandKey,
      pool: true,
      before: cursor,
      limit: Math.min(200, count - photos.length),
    })
    photos.push(...page.data.map(photoOf))
    cursor = page.cursor
    more = page.more
  }
  return { photos, more }
}

/**
 * A photo of the brand, for the Delete Image confirmation: only those who may arrange the
 * brand's photos reach it; a photo of another brand is not found.
 */
export async function mediaToDelete(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  mediaKey: string,
): Promise<ManagePhoto & { listing: string | null }> {
  await requireAbility(deps, actor, 'media.arrange', { model: 'Media', key: mediaKey })
  const [row] = await deps.db
    .select()
    .from(media)
    .where(and(eq(media.key, mediaKey), eq(media.brandKey, brandKey)))
  if (!row) throw notFound('Media')
  const thumbnail = row.path ? deps.blobs.signedUrl(thumbnailPath(row.path)) : null
  return { key: row.key, name: row.name, thumbnail, unmatched: row.unmatched, listing: row.listingKey }
}

/**
 * Moves a photo one place left or right on its listing and saves the listing's whole order
 * (positions 1…n) in one call of saveMediaPositions, which checks who may arrange it. At either
 * end nothing moves and nothing is written.
 */
export async function moveMediaByOne(
  deps: ServiceDeps,
  actor: Actor,
  input: { brand: string; media: unknown; direction: unknown },
): Promise<{ moved: boolean; listing: string }> {
  if (typeof input.media !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(input.media)) {
    throw new AppError('ValidationError', 'media: name the photo.')
  }
  if (input.direction !== 'left' && input.direction !== 'right') {
    throw new AppError('ValidationError', 'direction: left or right.')
  }
  await requireAbility(deps, actor, 'media.arrange', { model: 'Media', key: input.media })
  const [row] = await deps.db
    .select({ listingKey: media.listingKey })
    .from(media)
    .where(and(eq(media.key, input.media), eq(media.brandKey, input.brand)))
  if (!row) throw notFound('Media')
  if (!row.listingKey) throw new AppError('ValidationError', 'media: the photo is in the pool, on no listing.')
  const order = ((await mediaOfListings(deps, [row.listingKey])).get(row.listingKey) ?? []).map((view) => view.key)
  const next = moveByOne(order, input.media, input.direction === 'left' ? -1 : 1)
  if (next.every((key, index) => key === order[index])) return { moved: false, listing: row.listingKey }
  await saveMediaPositions(deps, actor, positionsFor(next))
  return { moved: true, listing: row.listingKey }
}

/** The style name of a listing of the brand, for the toast of a failed attach; null if none. */
export async function listingStyleName(
  deps: ServiceDeps,
  brandKey: string,
  listingKey: string,
): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(listingKey)) return null
  const [row] = await deps.db
    .select({ styleName: listings.styleName })
    .from(listings)
    .where(and(eq(listings.key, listingKey), eq(listings.brandKey, brandKey)))
  return row?.styleName ?? null
}
