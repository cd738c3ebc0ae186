// The listing's media map, rewritten from its attached, clean photos.
import { positionRank } from '#app/features/media/media-names'
import { listings, media } from '#db/schema'
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import { seconds, type Db, type MediaRow } from './media-views.server'

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
