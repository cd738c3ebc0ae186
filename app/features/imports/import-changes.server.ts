// Changing an import: fixing a row, the mapping, commit, its result, and rollback.
import { IMPORT_FIELD_NAMES, LISTING_UNIQUE_ID, headerKey } from '#app/features/imports/fields'
import { normalizeId } from '#app/features/imports/identifiers'
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import { ROLLBACK_TEXTS } from '#app/features/imports/import-texts'
import { duplicateIssue, hasErrors, matchHeaders, rowValues, validateRow } from '#app/features/imports/validate'
import type { ServiceDeps } from '#app/platform/context.server'
import { permissionError } from '#app/platform/errors'
import { withBackgroundConnection } from '#db/background-connection'
import { type Database } from '#db/client'
import { importMappings, importRows, imports, listings } from '#db/schema'
import { and, asc, eq, sql } from 'drizzle-orm'
import { importFor, loadImport } from './import-access.server'
import { loadRow } from './import-reading.server'
import { computeDryRun, countRows, listingsStamp, markDuplicates, mergeRows } from './import-staging.server'
import { NO_BLOCKERS, isBlocked, rollbackBlockers, undoRows, type RollbackBlockers } from './import-undo.server'
import { SKU_CASE_ISSUE, checkMapping, databaseIsLocal, reparse, savedMapping } from './import-start.server'
import {
  MAX_CELL_EDIT,
  columnsOf,
  conflict,
  fileError,
  loadRefs,
  publishProgress,
  rowStatus,
  rowView,
  viewOf,
  type ImportRowView,
  type ImportView,
  type ResultListing,
} from './import-views.server'
import type { Actor } from '#app/platform/access/actor'

/**
 * Cancels an upload still being read (issue 46), by the person who uploaded it: the import is
 * marked cancelled at once, and the reading, wherever it runs, stops at its next batch and drops
 * what it staged (import-start.server.ts). History keeps it as cancelled.
 */
export async function cancelImport(deps: ServiceDeps, actor: Actor, importKey: string): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.edit')
  if (record.uploadedBy !== actor.key) throw permissionError('Only the person who uploaded this file can cancel it.')
  const [cancelled] = await deps.db
    .update(imports)
    .set({
      status: 'failed',
      error: { type: 'cancelled', message: IMPORT_MESSAGES.uploadCancelled },
      modified: new Date(),
    })
    .where(and(eq(imports.key, record.key), eq(imports.status, 'parsing')))
    .returning({ key: imports.key })
  if (!cancelled) {
    throw conflict(`Only an upload still being read can be cancelled; this one is ${record.status.replace('_', ' ')}.`)
  }
  publishProgress(deps, record, { status: 'failed', rowsParsed: 0, rowsWritten: 0 })
  return viewOf(deps, await loadImport(deps, record.key), access)
}

/**
 * Reads another sheet of an uploaded workbook (docs/decisions/177): before the commit, the rows
 * read so far are dropped and the chosen sheet is read in their place, with the columns mapped as
 * before (a column the sheet does not have is simply not there).
 */
export async function chooseImportSheet(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  sheet: unknown,
): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.edit')
  if (record.status !== 'needs_mapping' && record.status !== 'previewed') {
    throw conflict(`A sheet can be chosen before the commit; this import is ${record.status.replace('_', ' ')}.`)
  }
  const sheets = record.format.kind === 'xlsx' && Array.isArray(record.format.sheets) ? record.format.sheets : []
  if (sheets.length === 0) throw fileError('sheet: this upload is a CSV file, which has no sheets.')
  if (typeof sheet !== 'string' || !sheets.includes(sheet)) {
    throw fileError(`sheet: the workbook has no sheet named "${typeof sheet === 'string' ? sheet.slice(0, 100) : ''}".`)
  }
  const mapping = { ...(await savedMapping(deps, record.brandKey)), ...record.mapping }
  await reparse(deps, record, mapping, sheet)
  return viewOf(deps, await loadImport(deps, record.key), access)
}

/**
 * A row opened, edited and saved (§4): validated again. Before the commit the dry run follows;
 * after it a clean row is written at once (created or updated) and marked completed, while a row
 * that still fails keeps its errors (the page shows the error toast).
 */
export async function updateImportRow(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  rowNumber: number,
  values: Record<string, string>,
): Promise<ImportRowView> {
  const { record } = await importFor(deps, actor, importKey, 'listing.edit')
  if (record.status !== 'previewed' && record.status !== 'committed') {
    throw conflict(
      `Rows can be fixed in a previewed or committed import; this one is ${record.status.replace('_', ' ')}.`,
    )
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) throw fileError('values: an object.')
  for (const [field, value] of Object.entries(values)) {
    if (!IMPORT_FIELD_NAMES.includes(field)) throw fileError(`${field}: not a field of the template.`)
    if (typeof value !== 'string') throw fileError(`${field}: text expected.`)
    if (value.length > MAX_CELL_EDIT) throw fileError(`${field}: at most ${MAX_CELL_EDIT} characters.`)
  }
  const row = await loadRow(deps, record, rowNumber)
  if (rowStatus(record, row) === 'completed') throw conflict('This row is already written.')

  const columns = columnsOf(record)
  const cells = [...row.cells]
  const edits: Record<string, string> = { ...(row.edits ?? {}) }
  for (const [field, value] of Object.entries(values)) {
    const column = columns.indexOf(field)
    if (column === -1) {
      // A field the file never had, left blank on the form, is no edit (and no "is empty" warning).
      const trimmed = value.trim()
      if (trimmed !== '' || field in edits) edits[field] = trimmed
    } else {
      while (cells.length <= column) cells.push('')
      cells[column] = value
    }
  }
  const current = { ...rowValues(cells, columns), ...edits }
  const filled = Object.keys(edits).filter((field) => edits[field] !== '')
  const present = new Set([...columns.filter((f): f is string => f !== null), ...filled])
  const refs = await loadRefs(deps, record)
  const check = validateRow(current, present, refs)
  const id = current[LISTING_UNIQUE_ID] ?? ''
  const oldNorm = row.normId
  const newNorm = normalizeId(id)

  const apply = async (db: Pick<ServiceDeps['db'], 'execute' | 'update'>) => {
    await db
      .update(importRows)
      .set({
        cells,
        edits: Object.keys(edits).length ? edits : null,
        issues: check.issues,
        target: check.target as Record<string, unknown>,
        listingUniqueId: id,
        normId: newNorm,
        action: hasErrors(check.issues) ? 'error' : 'pending',
        status: 'pending',
      })
      .where(and(eq(importRows.importKey, record.key), eq(importRows.rowNumber, rowNumber)))
    const norms = [...new Set([oldNorm, newNorm].filter(Boolean))]
    await markDuplicates(db, record.key, { duplicate: duplicateIssue(), skuCase: SKU_CASE_ISSUE }, norms)
    // The rows sharing the old or new id may change action too.
    const affected = await db.execute(
      sql`select row_number from import_rows where import_key = ${record.key} and norm_id = any(${sql.param(norms)}::text[])`,
    )
    const numbers = [
      rowNumber,
      ...((affected as unknown as { rows: { row_number: number }[] }).rows ?? []).map((r) => r.row_number),
    ]
    await computeDryRun(db, record.key, record.brandKey, {
      rows: numbers,
      pendingOnly: record.status === 'committed',
    })
    if (record.status === 'committed') {
      await mergeRows(db, record.key, record.brandKey, { rows: [rowNumber] })
    }
    const counts = await countRows(db, record.key, record.status === 'committed')
    await db.update(imports).set({ counts, modified: new Date() }).where(eq(imports.key, record.key))
  }
  await deps.db.transaction(async (tx) => apply(tx))
  return rowView(record, await loadRow(deps, record, rowNumber), refs)
}

/**
 * The mapping step: headers the template does not know, each mapped to a field or ignored. The
 * choice is remembered for the brand, and the file is read again with it.
 */
export async function setImportMapping(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  mapping: Record<string, string | null>,
): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.edit')
  const given = checkMapping(mapping)
  if (record.status !== 'needs_mapping' && record.status !== 'previewed') {
    throw conflict(`The columns can be mapped before the commit; this import is ${record.status.replace('_', ' ')}.`)
  }
  const known = new Set(record.headers.map(headerKey))
  const unknown = Object.keys(given).find((header) => !known.has(headerKey(header)))
  if (unknown !== undefined) throw fileError(`mapping: the file has no column "${unknown}".`)
  // A column still unmatched was never chosen (its null in the stored mapping means "no field
  // found"): it stays unmatched unless this call chooses for it, so a wide file is mapped in parts.
  const waiting = new Set(record.unmatchedHeaders.map(headerKey))
  const chosenBefore = Object.fromEntries(
    Object.entries(record.mapping).filter(([header]) => !waiting.has(headerKey(header))),
  )
  const merged = { ...(await savedMapping(deps, record.brandKey)), ...chosenBefore, ...given }
  const match = matchHeaders(record.headers, merged)
  if (!match.hasId) throw fileError(IMPORT_MESSAGES.missingIdColumn)
  const remember = Object.entries(given).map(([header, field]) => ({
    brandKey: record.brandKey,
    headerKey: headerKey(header),
    field,
    modified: new Date(),
  }))
  if (remember.length > 0) {
    await deps.db
      .insert(importMappings)
      .values(remember)
      .onConflictDoUpdate({
        target: [importMappings.brandKey, importMappings.headerKey],
        set: { field: sql`excluded.field`, modified: sql`excluded.modified` },
      })
  }
  await reparse(deps, record, merged)
  return viewOf(deps, await loadImport(deps, record.key), access)
}

/**
 * Writes every valid row of the dry run into listings in one transaction: all of them or, if
 * anything fails (or the process dies), none. The dry run is computed again inside the
 * transaction, so listings changed since the preview are compared as they are now.
 */
export async function commitImport(deps: ServiceDeps, actor: Actor, importKey: string): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.edit')
  if (record.status !== 'previewed') {
    throw conflict(`Only a previewed import can be committed; this one is ${record.status.replace('_', ' ')}.`)
  }
  // Claimed first, so two commits of one import cannot both run.
  const claimed = await deps.db
    .update(imports)
    .set({ status: 'committing', modified: new Date() })
    .where(and(eq(imports.key, record.key), eq(imports.status, 'previewed')))
    .returning({ key: imports.key })
  if (claimed.length === 0) throw conflict('This import is already being committed.')
  publishProgress(deps, record, { status: 'committing', rowsParsed: record.counts.rows, rowsWritten: 0 })
  try {
    const transaction = (db: Database) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select key from imports where key = ${record.key} for update`)
        // Listings changed since the preview: compare again, as they are now.
        if ((await listingsStamp(tx, record.brandKey)) !== record.listingsStamp) {
          await computeDryRun(tx, record.key, record.brandKey)
        }
        let written = 0
        await mergeRows(tx, record.key, record.brandKey, {
          onStep: async (_step, count) => {
            written += count
            publishProgress(deps, record, {
              status: 'committing',
              rowsParsed: record.counts.rows,
              rowsWritten: written,
            })
            // Let the socket write the progress now, not after the transaction.
            await new Promise((resolve) => setImmediate(resolve))
          },
        })
        const counts = await countRows(tx, record.key, true)
        await tx
          .update(imports)
          .set({ status: 'committed', counts, committedAt: new Date(), modified: new Date() })
          .where(eq(imports.key, record.key))
      })
    await withBackgroundConnection(deps.db, databaseIsLocal(deps), transaction)
  } catch (error) {
    await deps.db.update(imports).set({ status: 'previewed', modified: new Date() }).where(eq(imports.key, record.key))
    publishProgress(deps, record, { status: 'previewed', rowsParsed: record.counts.rows, rowsWritten: 0 })
    throw error
  }
  const committed = await loadImport(deps, record.key)
  publishProgress(deps, committed, {
    status: 'committed',
    rowsParsed: committed.counts.rows,
    rowsWritten: committed.counts.created + committed.counts.updated,
  })
  return viewOf(deps, committed, access)
}

/** One page of the listings an import created or updated, and how many there are in all. */
export interface ResultPage {
  items: ResultListing[]
  /** Exact: every row of that action, counted in the database. */
  total: number
  /** Rows skipped before this page. */
  offset: number
}

/**
 * The review modal (§2, §4): the listings the import created and updated, a page of each in file
 * order, with exact totals (an import of 100,000 rows lists by pages, never all at once).
 */
export async function importResult(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  options: { limit?: number; createdOffset?: number; updatedOffset?: number } = {},
): Promise<{ created: ResultPage; updated: ResultPage }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  const empty = { items: [], total: 0, offset: 0 }
  if (record.status !== 'committed' && record.status !== 'rolled_back') return { created: empty, updated: empty }
  const limit = Math.min(10_000, Math.max(1, Math.floor(options.limit ?? 1000)))
  const offsetOf = (value: number | undefined) =>
    Number.isSafeInteger(value) && value! > 0 ? Math.min(value!, 10_000_000) : 0
  // The page's rows in file order are taken before the listings are joined: the join then looks
  // up `limit` listings, not the 100,000 a large import wrote.
  const of = async (action: 'create' | 'update', offset: number) => {
    const first = deps.db
      .select({
        listingKey: importRows.listingKey,
        listingUniqueId: importRows.listingUniqueId,
        rowNumber: importRows.rowNumber,
        styleName: sql<string | null>`${importRows.target}->>'style_name'`.as('row_style_name'),
      })
      .from(importRows)
      .where(and(eq(importRows.importKey, record.key), eq(importRows.action, action)))
      .orderBy(asc(importRows.rowNumber))
      .limit(limit)
      .offset(offset)
      .as('first')
    return deps.db
      .select({
        key: first.listingKey,
        listingUniqueId: first.listingUniqueId,
        rowNumber: first.rowNumber,
        name: sql<string>`coalesce(${listings.styleName}, ${first.styleName}, '')`,
      })
      .from(first)
      .leftJoin(listings, eq(listings.key, first.listingKey))
      .orderBy(asc(first.rowNumber))
  }
  const createdOffset = offsetOf(options.createdOffset)
  const updatedOffset = offsetOf(options.updatedOffset)
  const [created, updated, totals] = await Promise.all([
    of('create', createdOffset),
    of('update', updatedOffset),
    deps.db
      .select({
        created: sql<number>`count(*) filter (where ${importRows.action} = 'create')::int`,
        updated: sql<number>`count(*) filter (where ${importRows.action} = 'update')::int`,
      })
      .from(importRows)
      .where(eq(importRows.importKey, record.key)),
  ])
  return {
    created: { items: created, total: totals[0]?.created ?? 0, offset: createdOffset },
    updated: { items: updated, total: totals[0]?.updated ?? 0, offset: updatedOffset },
  }
}

/**
 * What stands in the way of rolling back a committed import (the rollback page shows it before
 * asking): nothing, or the later imports and the edits that changed its rows since.
 */
export async function importRollbackBlockers(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
): Promise<RollbackBlockers> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  if (record.status !== 'committed' || !record.committedAt) return NO_BLOCKERS
  return rollbackBlockers(deps.db, record.key, record.brandKey, record.committedAt)
}

/**
 * Rolls back a committed import, the newest or an older one (issue 46): refused, naming who
 * changed which rows, when a later import or an edit changed a listing it wrote; else what it
 * created goes and what it updated gets its earlier values back, field by field.
 */
export async function rollbackImport(deps: ServiceDeps, actor: Actor, importKey: string): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.edit')
  if (record.status !== 'committed') {
    throw conflict(ROLLBACK_TEXTS.notCommitted(record.status))
  }
  await deps.db.transaction(async (tx) => {
    const [locked] = (
      (await tx.execute(
        sql`select status, committed_at from imports where key = ${record.key} for update`,
      )) as unknown as {
        rows: { status: string; committed_at: string | null }[]
      }
    ).rows
    if (locked?.status !== 'committed') throw conflict(ROLLBACK_TEXTS.noLonger)
    // Its listings held while they are compared and restored: an edit waits for the rollback.
    await tx.execute(sql`
      select 1 from listings l join import_rows t on l.key = t.listing_key
      where t.import_key = ${record.key} and t.action in ('create', 'update') and l.brand_key = ${record.brandKey}
      for update of l`)
    const blockers = await rollbackBlockers(
      tx,
      record.key,
      record.brandKey,
      new Date(locked.committed_at ?? record.created),
    )
    if (isBlocked(blockers)) throw conflict(ROLLBACK_TEXTS.blocked(blockers))
    await undoRows(tx, record.key, record.brandKey)
    await tx
      .update(imports)
      .set({ status: 'rolled_back', rolledBackAt: new Date(), modified: new Date() })
      .where(eq(imports.key, record.key))
  })
  return viewOf(deps, await loadImport(deps, record.key), access)
}
