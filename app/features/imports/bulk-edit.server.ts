// Bulk edit of selected products (issue 46, docs/decisions/182): the new values of a few list
// fields for the listings ticked on the products list, made into an upload of their own. It goes
// through what an upload goes through — the same checks of each value, the dry run with each
// change before → after, Commit, and Roll back from History — so a bulk edit is shown before it
// applies and can be undone like any import, by one code path.
import { Readable } from 'node:stream'
import { and, eq, inArray } from 'drizzle-orm'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'
import { AppError } from '#app/platform/errors'
import { listings } from '#db/schema'
import { requireOnScope } from './import-access.server'
import { startImport } from './import-start.server'
import { loadRefs } from './import-views.server'
import type { ImportView } from './views'
import { LISTING_STATUSES } from './validate'
import { BULK_EDIT_MAX, BULK_EDIT_TEXTS, bulkEditCsv, type BulkEditField, type BulkEditRow } from './bulk-edit-fields'

/** What the form offers: the brand's lines, collections and statuses, by name as an upload writes them. */
export interface BulkEditChoices {
  lines: string[]
  collections: string[]
  statuses: readonly string[]
}

/**
 * The selected listings of the brand, for an actor who may upload to it (listing.edit on the
 * brand, as an upload asks). Keys of other brands, or of no listing, are left out.
 */
export async function bulkEditSelection(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  keys: readonly string[],
): Promise<{ rows: BulkEditRow[]; choices: BulkEditChoices }> {
  await requireOnScope(deps, actor, 'listing.edit', { brandKey })
  if (keys.length === 0) throw new AppError('ValidationError', BULK_EDIT_TEXTS.nothingSelected)
  if (keys.length > BULK_EDIT_MAX) throw new AppError('ValidationError', BULK_EDIT_TEXTS.tooMany)
  const rows = await deps.db
    .select({
      key: listings.key,
      listingUniqueId: listings.listingUniqueId,
      styleName: listings.styleName,
      styleNumber: listings.styleNumber,
    })
    .from(listings)
    .where(and(eq(listings.brandKey, brandKey), inArray(listings.key, [...keys])))
    .orderBy(listings.listingUniqueId)
  if (rows.length === 0) throw new AppError('ValidationError', BULK_EDIT_TEXTS.nothingSelected)
  const refs = await loadRefs(deps, { brandKey, lineKey: null, collectionKey: null, addition: false })
  const names = (map: Map<string, { name: string }>) =>
    [...map.values()].map((entry) => entry.name).sort((a, b) => a.localeCompare(b))
  return {
    rows,
    choices: { lines: names(refs.lines), collections: names(refs.collections), statuses: LISTING_STATUSES },
  }
}

/**
 * Starts the bulk edit: an upload of the selected listings with the new values, read and checked
 * as any upload; answers its dry run, which changes nothing until committed.
 */
export async function startBulkEdit(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  keys: readonly string[],
  changes: Partial<Record<BulkEditField, string>>,
): Promise<ImportView> {
  const { rows } = await bulkEditSelection(deps, actor, brandKey, keys)
  if (Object.keys(changes).length === 0) throw new AppError('ValidationError', BULK_EDIT_TEXTS.noChange)
  const csv = bulkEditCsv(rows, changes)
  return startImport(
    deps,
    actor,
    { brandKey },
    {
      filename: `Bulk edit of ${rows.length} product${rows.length === 1 ? '' : 's'}.csv`,
      addition: false,
      body: Readable.from([Buffer.from(csv, 'utf8')]),
    },
  )
}
