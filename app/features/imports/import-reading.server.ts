// Reading imports: one import and its rows, the history of a brand, the original file, the failed
// rows, the template's columns; and marking imports interrupted by a restart.
import { failedRowsLines } from '#app/features/imports/failed-rows'
import { spreadsheetType } from '#app/features/imports/spreadsheet-files'
import { IMPORT_FIELDS } from '#app/features/imports/fields'
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import { type Issue } from '#app/features/imports/validate'
import { allows } from '#app/platform/access/abilities'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { accounts, importRows, imports } from '#db/schema'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { Readable } from 'node:stream'
import { importFor, requireOnScope } from './import-access.server'
import {
  fileError,
  loadRefs,
  rowView,
  toView,
  viewOf,
  type ImportRecord,
  type ImportRowView,
  type ImportScope,
  type ImportView,
  type RowFilter,
  type RowRecord,
} from './import-views.server'
import type { Actor } from '#app/platform/access/actor'

export async function getImport(deps: ServiceDeps, actor: Actor, importKey: string): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.view')
  return viewOf(deps, record, access)
}

const FILTERS: Record<RowFilter, string | null> = {
  all: null,
  errors: 'error',
  create: 'create',
  update: 'update',
  unchanged: 'unchanged',
}

export async function listImportRows(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  options: { only?: RowFilter; cursor?: number; limit?: number; withCells?: boolean } = {},
): Promise<{ rows: ImportRowView[]; cursor: number; more: boolean; total: number }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  const only = options.only ?? 'all'
  if (!(only in FILTERS)) throw fileError('only: one of all, errors, create, update, unchanged.')
  const cursor = Math.max(0, Math.floor(Number(options.cursor ?? 0)) || 0)
  const limit = Math.min(500, Math.max(1, Math.floor(Number(options.limit ?? 50)) || 50))
  const action = FILTERS[only]
  const where = and(eq(importRows.importKey, record.key), action ? eq(importRows.action, action) : undefined)
  const [rows, [count]] = await Promise.all([
    deps.db.select().from(importRows).where(where).orderBy(asc(importRows.rowNumber)).limit(limit).offset(cursor),
    deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(importRows)
      .where(where),
  ])
  const refs = await loadRefs(deps, record)
  const total = count?.total ?? 0
  return {
    rows: rows.map((row) => rowView(record, row, refs, options.withCells)),
    cursor: cursor + rows.length,
    more: cursor + rows.length < total,
    total,
  }
}

export async function loadRow(deps: ServiceDeps, record: ImportRecord, rowNumber: number): Promise<RowRecord> {
  if (!Number.isSafeInteger(rowNumber) || rowNumber < 1) throw notFound('Row')
  const [row] = await deps.db
    .select()
    .from(importRows)
    .where(and(eq(importRows.importKey, record.key), eq(importRows.rowNumber, rowNumber)))
  if (!row) throw notFound('Row')
  return row
}

export async function getImportRow(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  rowNumber: number,
): Promise<ImportRowView> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  return rowView(record, await loadRow(deps, record, rowNumber), await loadRefs(deps, record))
}

/** History (§2): the brand's imports, newest first. */
export async function listImports(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  options: { cursor?: number; limit?: number } = {},
): Promise<{ data: ImportView[]; cursor: number; more: boolean }> {
  const access = requireBrandAbility(actor, 'listing.view', brandKey)
  const cursor = Math.max(0, Math.floor(Number(options.cursor ?? 0)) || 0)
  const limit = Math.min(100, Math.max(1, Math.floor(Number(options.limit ?? 20)) || 20))
  const rows = await deps.db
    .select({ record: imports, name: accounts.name, email: accounts.email })
    .from(imports)
    .leftJoin(accounts, eq(accounts.key, imports.uploadedBy))
    .where(eq(imports.brandKey, brandKey))
    .orderBy(desc(imports.created), desc(imports.key))
    .limit(limit + 1)
    .offset(cursor)
  const editor = allows('listing.edit', access.grant)
  const data = rows.slice(0, limit).map(({ record, name, email }) =>
    toView(
      record,
      { key: record.uploadedBy ?? '', name: name || email || '' },
      // Any committed import may be rolled back; its page says first what stands in the way.
      record.status === 'committed' && editor,
    ),
  )
  return { data, cursor: cursor + data.length, more: rows.length > limit }
}

/** The file as it was uploaded (History's download). */
export async function originalFile(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
): Promise<{ filename: string; contentType: string; body: Readable }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  const file = await deps.blobs.get(record.blobKey)
  if (!file) throw notFound('File')
  return { filename: record.filename, contentType: spreadsheetType(record.filename), body: file.stream }
}

/** The rows that failed, as a CSV with an Errors column, to fix and upload again. */
export async function failedRowsCsv(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
): Promise<{ filename: string; body: Readable }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  async function* failedRows() {
    let after = 0
    for (;;) {
      const page = await deps.db
        .select({ rowNumber: importRows.rowNumber, cells: importRows.cells, issues: importRows.issues })
        .from(importRows)
        .where(
          and(
            eq(importRows.importKey, record.key),
            eq(importRows.action, 'error'),
            sql`${importRows.rowNumber} > ${after}`,
          ),
        )
        .orderBy(asc(importRows.rowNumber))
        .limit(1000)
      for (const row of page) yield { rowNumber: row.rowNumber, cells: row.cells, issues: row.issues as Issue[] }
      if (page.length < 1000) return
      after = page.at(-1)!.rowNumber
    }
  }
  const base = record.filename.replace(/\.(csv|xlsx)$/i, '')
  return {
    filename: `${base}-failed-rows.csv`,
    body: Readable.from(failedRowsLines(record.headers, failedRows())),
  }
}

/**
 * At startup: imports that were parsing or committing when the process stopped are marked
 * failed (a commit's transaction was rolled back by the database, so nothing is half-written).
 * With several processes on one Postgres, a commit still running elsewhere holds its row lock
 * and is skipped, and a parse counts as interrupted once it has not moved for two minutes.
 */
export async function markInterruptedImports(deps: Pick<ServiceDeps, 'db'>, singleProcess: boolean): Promise<number> {
  const stale = singleProcess ? sql`true` : sql`modified < now() - interval '2 minutes'`
  const result = (await deps.db.execute(sql`
    update imports set status = 'failed', modified = now(),
      error = jsonb_build_object('type', 'interrupted', 'message',
        ${`${IMPORT_MESSAGES.uploadError}The import was interrupted. ${IMPORT_MESSAGES.reviewAgain}`}::text)
    where key in (
      select key from imports
      where status = 'committing' or (status = 'parsing' and ${stale})
      for update skip locked
    )
    returning key`)) as unknown as { rows: unknown[] }
  return result.rows.length
}

/** Every field of the template, for the batch call's `spreadsheet_columns`. */
export function importColumns() {
  return IMPORT_FIELDS.map((field) => ({ name: field.name, required: field.required, example: field.example }))
}

/** The template's columns for someone who may upload to the scope (as the upload checks it). */
export async function templateColumns(deps: ServiceDeps, actor: Actor, scope: ImportScope) {
  await requireOnScope(deps, actor, 'listing.edit', scope)
  return importColumns()
}
