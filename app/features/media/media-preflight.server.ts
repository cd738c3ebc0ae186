// Preflight: names reserved for an upload and matched to listings.
import {
  compareViews,
  mediaNameError,
  parseMediaName,
  UNMATCHED,
  type ParsedMediaName,
} from '#app/features/media/media-names'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { cleanFileName } from '#app/platform/text-rule'
import { listings, media, styles } from '#db/schema'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { brandKeyOf, MAX_BATCH_NAMES, type Db, type ReservedName } from './media-views.server'
import type { Actor } from '#app/platform/access/actor'

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
  // A photo keeps the name it is uploaded with, less what no file name holds (docs/decisions/165).
  return (list as string[]).map(cleanFileName)
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
