// One listing, and removing listings: who may, the answers per key, the spec's outcome messages
// and the names a confirmation shows.
import { parseKeys } from '#app/features/catalogue/listing-filter'
import { allows, brandGrant } from '#app/platform/access/abilities'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { countOf } from '#app/platform/format'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { collections, lines, listings } from '#db/schema'
import { and, eq, inArray } from 'drizzle-orm'
import { type Choice } from './filter-choices.server'
import { namesOfCategories, toListingView, type ListingView } from './listing-list.server'
import type { Actor } from '#app/platform/access/actor'

/**
 * One listing of the brand in the address (quick view). A listing of another brand, or one the
 * actor cannot see, is not found.
 */
export async function getListing(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  listingKey: string,
): Promise<ListingView> {
  const access = await requireAbility(deps, actor, 'listing.view', { model: 'Listing', key: listingKey })
  if (access.brandKey !== brandKey) throw notFound('Listing')
  const [row] = await deps.db
    .select({ listing: listings, lineName: lines.name, collectionName: collections.name })
    .from(listings)
    .leftJoin(lines, eq(lines.key, listings.lineKey))
    .leftJoin(collections, eq(collections.key, listings.collectionKey))
    .where(and(eq(listings.key, listingKey), eq(listings.brandKey, brandKey)))
  if (!row) throw notFound('Listing')
  return toListingView(deps, row.listing, {
    line: row.lineName,
    collection: row.collectionName,
    categories: await namesOfCategories(deps, brandKey, row.listing.categories),
  })
}

/** Whether the actor may edit and delete every listing of the brand (row menus, checkboxes). */
export function mayEditListings(actor: Actor, brandKey: string): boolean {
  return allows('listing.edit', brandGrant(actor.grants, brandKey))
}

/**
 * Which of these listings the actor may edit and delete: all of them for an editor of the whole
 * brand; for anyone else, those their grant on a line, collection or style reaches (a line team's
 * editor), asked of the access module like any other write. Someone with no grant that could give
 * the right (a read member) costs no query.
 */
export async function editableListingKeys(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  keys: readonly string[],
): Promise<Set<string>> {
  if (mayEditListings(actor, brandKey)) return new Set(keys)
  const narrower = actor.grants.some((grant) => grant.model !== 'Brand' && allows('listing.edit', grant.type))
  if (!narrower) return new Set()
  const answers = await Promise.all(
    keys.map(async (key) => {
      try {
        const access = await requireAbility(deps, actor, 'listing.edit', { model: 'Listing', key })
        return access.brandKey === brandKey ? key : null
      } catch (error) {
        if (error instanceof AppError && (error.type === 'NotFound' || error.type === 'PermissionError')) return null
        throw error
      }
    }),
  )
  return new Set(answers.filter((key): key is string => key !== null))
}

export interface RemoveResult {
  key: string
  /** The listing's style name, for "Error while deleting; {names}" (the key when unknown). */
  name: string
  error: boolean
  message?: string
}

/**
 * POST /api/listing/method/remove: deletes listings of one brand, answering per key. Keys the
 * actor cannot see, or of another brand, answer "not found" and touch nothing; a key the actor
 * sees but may not edit answers a permission error. The brand itself must be visible (else 404).
 */
export async function removeListings(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  keys: readonly string[],
): Promise<RemoveResult[]> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const unique = [...new Set(keys)]
  if (unique.length === 0) throw new AppError('ValidationError', 'keys: at least one listing key is required.')
  const found = await deps.db
    .select({ key: listings.key, name: listings.styleName })
    .from(listings)
    .where(and(eq(listings.brandKey, brandKey), inArray(listings.key, unique)))
  const names = new Map(found.map((row) => [row.key, row.name]))
  // Editors of the whole brand may delete any of its listings; anyone else is asked per listing,
  // since an editor grant on a line or collection reaches its listings (docs/decisions/034).
  const brandWide = mayEditListings(actor, brandKey)
  const allowed: string[] = []
  const results = new Map<string, RemoveResult>()
  for (const key of unique) {
    const name = names.get(key)
    if (name === undefined) {
      results.set(key, { key, name: key, error: true, message: 'Listing not found.' })
      continue
    }
    if (!brandWide) {
      try {
        await requireAbility(deps, actor, 'listing.edit', { model: 'Listing', key })
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        results.set(key, { key, name, error: true, message: error.message })
        continue
      }
    }
    allowed.push(key)
  }
  // Someone who may edit none of the listings they named (a read member) is refused outright,
  // as every other write of the portal refuses them, rather than answered key by key.
  const refused = [...results.values()].filter((result) => result.message !== 'Listing not found.')
  if (allowed.length === 0 && refused.length > 0) throw permissionError(refused[0]!.message)
  const deleted = new Set<string>()
  if (allowed.length > 0) {
    const rows = await deps.db
      .delete(listings)
      .where(and(eq(listings.brandKey, brandKey), inArray(listings.key, allowed)))
      .returning({ key: listings.key })
    for (const row of rows) deleted.add(row.key)
  }
  for (const key of allowed) {
    const name = names.get(key)!
    // Gone between the read and the delete (another person deleted it first).
    results.set(
      key,
      deleted.has(key) ? { key, name, error: false } : { key, name, error: true, message: 'Listing not found.' },
    )
  }
  return unique.map((key) => results.get(key)!)
}

/** Comma-joined keys of the remove call; bad input names the field. */
export function parseRemoveKeys(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : typeof raw === 'string' ? raw : undefined
  const keys = parseKeys(text, 'keys')
  if (!keys.ok) throw new AppError('ValidationError', `${keys.field}: ${keys.message}`)
  if (keys.value.length === 0) throw new AppError('ValidationError', 'keys: at least one listing key is required.')
  return keys.value
}

/** The spec's outcome messages of deleting listings (catalogue.md §8). */
export const LISTING_MESSAGES = {
  deleted: 'Product has been deleted successfully.',
  bulkDeleted: 'Products have been deleted successfully.',
  bulkFailed: (names: string[]) => `Error while deleting; ${names.join(', ')}.`,
} as const

/**
 * The toast for a remove call's results: all deleted, or the names of those that were not, after
 * how many went. A key that names no listing (deleted by someone else first, or never one) is
 * counted, not shown as a key nobody can read.
 */
export function removeOutcome(results: readonly RemoveResult[], single = false) {
  const failed = results.filter((result) => result.error)
  if (failed.length === 0) {
    return { kind: 'success' as const, message: single ? LISTING_MESSAGES.deleted : LISTING_MESSAGES.bulkDeleted }
  }
  const unknown = failed.filter((result) => result.name === result.key).length
  const names = [
    ...failed.filter((result) => result.name !== result.key).map((result) => result.name),
    ...(unknown > 0 ? [`${countOf(unknown, 'product')} no longer here`] : []),
  ]
  const went = results.length - failed.length
  const done = went > 0 ? `${countOf(went, 'product')} deleted. ` : ''
  return { kind: 'error' as const, message: `${done}${LISTING_MESSAGES.bulkFailed(names)}` }
}

/** Style names of some listings of the brand, for a confirmation; unknown keys are left out. */
export async function listingNames(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  keys: readonly string[],
): Promise<Choice[]> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  if (keys.length === 0) return []
  const rows = await deps.db
    .select({ key: listings.key, name: listings.styleName })
    .from(listings)
    .where(and(eq(listings.brandKey, brandKey), inArray(listings.key, [...keys])))
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return keys.map((key) => byKey.get(key)).filter((row) => row !== undefined)
}
