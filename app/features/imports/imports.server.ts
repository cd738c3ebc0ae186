// Spreadsheet import of listings (catalogue.md §2 Product upload, §4 Spreadsheet upload, §5
// Spreadsheet): the file streams into the blob store and, at the same time, through the CSV
// reader and the validator into the staging table (COPY, in batches); a dry run says per row what
// the commit would do; the commit writes all valid rows in one transaction; a row can be fixed
// before or after; History lists imports and rolls one back. Every function takes the actor first
// and checks access here: `listing.view` to read an import, `listing.edit` to start, fix, commit
// or roll back, on the brand or on the line or collection the upload is scoped to.
import { randomBytes } from 'node:crypto'
import { PassThrough, Readable } from 'node:stream'
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  EMPTY_IMPORT_COUNTS,
  accounts,
  categories,
  collections,
  importMappings,
  importRows,
  imports,
  lines,
  listings,
} from '#db/schema'
import { withBackgroundConnection } from '#db/background-connection'
import { connectionStringOf, type Database } from '#db/client'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { isBlobRefused } from '#app/infra/blob-store.server'
import { IMPORT_FIELDS, IMPORT_FIELD_NAMES, LISTING_UNIQUE_ID, headerKey } from '#app/features/imports/fields'
import { normalizeId } from '#app/features/imports/identifiers'
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import { failedRowsLines } from '#app/features/imports/failed-rows'
import { CsvFormatError } from '#app/features/imports/reader'
import { StagingError, type ParseOutcome } from '#app/features/imports/staging'
import {
  FIELD_TARGET,
  TARGET_FIELD,
  duplicateIssue,
  hasErrors,
  matchHeaders,
  rowValues,
  validateRow,
  type ImportRefs,
  type Issue,
} from '#app/features/imports/validate'
import { allows } from '#app/platform/access/abilities'
import { IMPORT_EVENTS, rooms } from '#realtime/protocol'
import type { Actor } from '#app/features/identity/accounts.server'
import { requireAbility, requireBrandAbility, type Access } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { computeDryRun, countRows, listingsStamp, markDuplicates, mergeRows, undoRows } from './import-staging.server'
import { parseInWorker } from './import-parse.server'

export { IMPORT_FIELDS } from '#app/features/imports/fields'

export type ImportScope = { brandKey: string; lineKey?: string; collectionKey?: string }
export type RowIssue = { field: string; message: string; level: 'error' | 'warning'; detail?: string }
export type FieldChange = { field: string; from: string | null; to: string | null }
export type ImportRowView = {
  /** 1-based data row (the header is row 0). */
  rowNumber: number
  listingUniqueId: string
  action: 'create' | 'update' | 'unchanged' | 'error'
  /** By field name of catalogue.md §3 (the template's headers). */
  values: Record<string, string>
  issues: RowIssue[]
  /** For updates: old -> new. */
  changes: FieldChange[]
  status: 'pending' | 'completed' | 'failed'
  /** The listing it updates, or (after the commit) created. */
  listingKey: string | null
}
export type ImportStatus =
  'needs_mapping' | 'parsing' | 'previewed' | 'committing' | 'committed' | 'failed' | 'rolled_back'
export type ImportCounts = typeof EMPTY_IMPORT_COUNTS
export type ImportView = {
  key: string
  brandKey: string
  scope: ImportScope
  filename: string
  status: ImportStatus
  addition: boolean
  /** ISO time. */
  createdAt: string
  uploadedBy: { key: string; name: string }
  counts: ImportCounts
  /** The file's headers as written. */
  headers: string[]
  /** File header -> field (null = ignored). */
  mapping: Record<string, string | null>
  /** Non-empty when status is needs_mapping. */
  unmatchedHeaders: string[]
  /** Whole-file failure, spec §8 wording. */
  error: { type: string; message: string } | null
  canRollBack: boolean
  /** Rows read and written so far (live progress). */
  progress: { rowsParsed: number; rowsWritten: number }
  /** The file's size in bytes. */
  size: number
}
export type ResultListing = { key: string; listingUniqueId: string; name: string; rowNumber: number }
export type RowFilter = 'all' | 'errors' | 'create' | 'update' | 'unchanged'

export interface StartImportInput {
  filename: string
  addition: boolean
  body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream
  mapping?: Record<string, string | null>
}

/** The largest file an import takes (the 1 GB line sheets of big brands fit). */
export const MAX_IMPORT_BYTES = 2 * 1024 ** 3
/** Rows validated and written per COPY. */
const BATCH_ROWS = 2000
const MAX_FILENAME = 255
const MAX_CELL_EDIT = 10_000

/** A ValidationError answered with 413 Payload Too Large. */
export class ImportTooLargeError extends AppError {
  override readonly status = 413
  constructor() {
    super('ValidationError', `${IMPORT_MESSAGES.uploadError}The file is larger than 2 GB.`)
  }
}

type ImportRecord = typeof imports.$inferSelect
type RowRecord = typeof importRows.$inferSelect

const fileError = (message: string) => new AppError('ValidationError', message)
const conflict = (message: string) => new AppError('Conflict', message)

// ---------------------------------------------------------------------------------------------
// Access

/** The record an import's access is decided on: its collection, its line, or its brand. */
async function requireOnScope(
  deps: ServiceDeps,
  actor: Actor,
  ability: 'listing.view' | 'listing.edit',
  scope: { brandKey: string; lineKey?: string | null; collectionKey?: string | null },
): Promise<Access> {
  const target = scope.collectionKey
    ? { model: 'Collection', key: scope.collectionKey }
    : scope.lineKey
      ? { model: 'Line', key: scope.lineKey }
      : null
  if (!target) return requireBrandAbility(actor, ability, scope.brandKey)
  const access = await requireAbility(deps, actor, ability, target)
  // A line or collection of another brand is not found here.
  if (access.brandKey !== scope.brandKey) throw notFound(target.model)
  return access
}

async function loadImport(deps: ServiceDeps, importKey: string): Promise<ImportRecord> {
  if (typeof importKey !== 'string' || importKey.length === 0 || importKey.length > 64) throw notFound('Import')
  const [row] = await deps.db.select().from(imports).where(eq(imports.key, importKey)).limit(1)
  if (!row) throw notFound('Import')
  return row
}

/** The import, after checking the actor may do `ability` on it (outsiders: NotFound). */
async function importFor(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  ability: 'listing.view' | 'listing.edit',
): Promise<{ record: ImportRecord; access: Access }> {
  const record = await loadImport(deps, importKey)
  const access = await requireOnScope(deps, actor, ability, record).catch((error: unknown) => {
    // Someone who cannot see the scope cannot see the import either.
    if (error instanceof AppError && error.type === 'NotFound') throw notFound('Import')
    throw error
  })
  return { record, access }
}

// ---------------------------------------------------------------------------------------------
// Views

async function uploaderOf(deps: ServiceDeps, key: string | null): Promise<{ key: string; name: string }> {
  if (!key) return { key: '', name: '' }
  const [row] = await deps.db
    .select({ key: accounts.key, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.key, key))
  return row ? { key: row.key, name: row.name || row.email } : { key, name: '' }
}

/** The newest committed import of a brand: the only one that can be rolled back (decision 083). */
async function newestCommitted(deps: ServiceDeps, brandKey: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ key: imports.key })
    .from(imports)
    .where(and(eq(imports.brandKey, brandKey), inArray(imports.status, ['committed', 'committing'])))
    .orderBy(desc(imports.committedAt), desc(imports.created))
    .limit(1)
  return row?.key ?? null
}

function toView(record: ImportRecord, uploadedBy: { key: string; name: string }, canRollBack: boolean): ImportView {
  return {
    key: record.key,
    brandKey: record.brandKey,
    scope: {
      brandKey: record.brandKey,
      ...(record.lineKey && { lineKey: record.lineKey }),
      ...(record.collectionKey && { collectionKey: record.collectionKey }),
    },
    filename: record.filename,
    status: record.status as ImportStatus,
    addition: record.addition,
    createdAt: record.created.toISOString(),
    uploadedBy,
    counts: { ...EMPTY_IMPORT_COUNTS, ...record.counts },
    headers: record.headers,
    mapping: record.mapping,
    unmatchedHeaders: record.status === 'needs_mapping' ? record.unmatchedHeaders : [],
    error: record.error ?? null,
    canRollBack,
    progress: record.progress,
    size: record.size,
  }
}

async function viewOf(deps: ServiceDeps, record: ImportRecord, access: Access): Promise<ImportView> {
  const canRollBack =
    record.status === 'committed' &&
    allows('listing.edit', access.grant) &&
    (await newestCommitted(deps, record.brandKey)) === record.key
  return toView(record, await uploaderOf(deps, record.uploadedBy), canRollBack)
}

/** The brand's lines, collections and categories by lowercased name, for the validator. */
async function loadRefs(
  deps: ServiceDeps,
  record: Pick<ImportRecord, 'brandKey' | 'lineKey' | 'collectionKey' | 'addition'>,
): Promise<ImportRefs> {
  const [lineRows, collectionRows, categoryRows] = await Promise.all([
    deps.db.select({ key: lines.key, name: lines.name }).from(lines).where(eq(lines.brandKey, record.brandKey)),
    deps.db
      .select({ key: collections.key, name: collections.name, lineKey: collections.lineKey })
      .from(collections)
      .where(eq(collections.brandKey, record.brandKey)),
    deps.db
      .select({ key: categories.key, name: categories.name })
      .from(categories)
      .where(eq(categories.brandKey, record.brandKey)),
  ])
  const byName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((row) => [row.name.toLowerCase(), row]))
  const line = lineRows.find((row) => row.key === record.lineKey)
  const collection = collectionRows.find((row) => row.key === record.collectionKey)
  return {
    lines: byName(lineRows),
    collections: byName(collectionRows),
    categories: byName(categoryRows),
    scope: { ...(line && { line }), ...(collection && { collection }) },
    addition: record.addition,
  }
}

/** A listing column's value as a person reads it: names for keys, "45 USD, 40 EUR" for prices. */
function display(key: string, value: unknown, refs: ImportRefs): string | null {
  if (value === null || value === undefined) return null
  const nameOf = (map: Map<string, { key: string; name: string }>, k: unknown) =>
    [...map.values()].find((entry) => entry.key === k)?.name ?? String(k)
  if (key === 'line_key') return nameOf(refs.lines, value)
  if (key === 'collection_key') return nameOf(refs.collections, value)
  if (key === 'categories' && Array.isArray(value)) return value.map((k) => nameOf(refs.categories, k)).join(', ')
  if (key === 'wholesale_prices' && Array.isArray(value)) {
    return (value as { number: number; currency: string }[]).map((p) => `${p.number} ${p.currency}`).join(', ')
  }
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** Changes are listed in the template's column order. */
const TARGET_ORDER: string[] = [...Object.values(FIELD_TARGET), 'addition']

function columnsOf(record: ImportRecord): (string | null)[] {
  return record.headers.map((raw) => {
    const header = raw.replace(/^\uFEFF/, '').trim()
    return Object.hasOwn(record.mapping, header) ? (record.mapping[header] ?? null) : null
  })
}

/** A row is written when its import was committed (or it was fixed after), failed if it could not be. */
function rowStatus(record: ImportRecord, row: RowRecord): ImportRowView['status'] {
  if (row.status === 'completed') return 'completed'
  if (record.status !== 'committed' && record.status !== 'rolled_back') return 'pending'
  return row.action === 'error' || row.action === 'pending' ? 'failed' : 'completed'
}

function rowView(record: ImportRecord, row: RowRecord, refs: ImportRefs): ImportRowView {
  const values = { ...rowValues(row.cells, columnsOf(record)), ...(row.edits ?? {}) }
  return {
    rowNumber: row.rowNumber,
    listingUniqueId: row.listingUniqueId,
    action: row.action as ImportRowView['action'],
    values,
    issues: row.issues as RowIssue[],
    changes: Object.entries(row.changes)
      .sort(([a], [b]) => TARGET_ORDER.indexOf(a) - TARGET_ORDER.indexOf(b))
      .map(([key, [from, to]]) => ({
        field: TARGET_FIELD[key] ?? key,
        from: display(key, from, refs),
        to: display(key, to, refs),
      })),
    status: rowStatus(record, row),
    listingKey: row.action === 'create' && rowStatus(record, row) !== 'completed' ? null : row.listingKey,
  }
}

// ---------------------------------------------------------------------------------------------
// Progress

function publishProgress(deps: ServiceDeps, record: Pick<ImportRecord, 'key' | 'uploadedBy'>, payload: object) {
  if (!record.uploadedBy) return
  deps.events.publish(rooms.account(record.uploadedBy), IMPORT_EVENTS.progress, { key: record.key, ...payload })
}

async function setProgress(
  deps: ServiceDeps,
  record: Pick<ImportRecord, 'key' | 'uploadedBy'>,
  status: ImportStatus,
  progress: { rowsParsed: number; rowsWritten: number },
) {
  await deps.db.update(imports).set({ progress, modified: new Date() }).where(eq(imports.key, record.key))
  publishProgress(deps, record, { status, ...progress })
}

// ---------------------------------------------------------------------------------------------
// Parsing

const SKU_CASE_ISSUE: RowIssue = {
  field: 'SKU',
  message: IMPORT_MESSAGES.parseError('SKU'),
  level: 'warning',
  detail: 'Another row has the same SKU in different letter case.',
}

/**
 * Reads the file's records into the staging table, in a worker thread: headers matched (through
 * `mapping`), each row validated and each batch written by COPY as it comes. Stops early when
 * headers need a mapping.
 */
async function parseInto(
  deps: ServiceDeps,
  record: ImportRecord,
  source: AsyncIterable<Uint8Array>,
  mapping: Record<string, string | null>,
  refs: ImportRefs,
): Promise<ParseOutcome> {
  let parsed = 0
  const databaseUrl = connectionStringOf(deps.db)
  return parseInWorker(
    {
      importKey: record.key,
      brandKey: record.brandKey,
      mapping,
      refs,
      batchRows: BATCH_ROWS,
      databaseUrl,
      lowerPriority: databaseIsLocal(deps),
    },
    source,
    async (rows) => {
      parsed += rows
      await setProgress(deps, record, 'parsing', { rowsParsed: parsed, rowsWritten: parsed })
    },
  )
}

/**
 * The portal started the database server, so its processes are this machine's: an import's heavy
 * statements may run at background priority (db/background-connection.ts).
 */
const databaseIsLocal = (deps: ServiceDeps) => !deps.env.DATABASE_URL

/** After the rows are staged: duplicates marked, the dry run computed, the counts stored. */
async function finishParse(deps: ServiceDeps, record: ImportRecord, outcome: ParseOutcome): Promise<void> {
  if (outcome.kind === 'needs_mapping') {
    await deps.db
      .update(imports)
      .set({
        status: 'needs_mapping',
        headers: outcome.headers,
        mapping: outcome.mapping,
        unmatchedHeaders: outcome.unmatched,
        modified: new Date(),
      })
      .where(eq(imports.key, record.key))
    publishProgress(deps, record, { status: 'needs_mapping', rowsParsed: 0, rowsWritten: 0 })
    return
  }
  const { counts, stamp } = await withBackgroundConnection(deps.db, databaseIsLocal(deps), async (db) => {
    await markDuplicates(db, record.key, { duplicate: duplicateIssue(), skuCase: SKU_CASE_ISSUE })
    await computeDryRun(db, record.key, record.brandKey)
    return { counts: await countRows(db, record.key, false), stamp: await listingsStamp(db, record.brandKey) }
  })
  await deps.db
    .update(imports)
    .set({
      status: 'previewed',
      listingsStamp: stamp,
      headers: outcome.headers,
      mapping: outcome.mapping,
      unmatchedHeaders: [],
      format: outcome.format ? { ...outcome.format } : {},
      counts,
      error: null,
      modified: new Date(),
    })
    .where(eq(imports.key, record.key))
  publishProgress(deps, record, { status: 'previewed', rowsParsed: counts.rows, rowsWritten: counts.rows })
}

async function markFailed(deps: ServiceDeps, record: ImportRecord, error: { type: string; message: string }) {
  await deps.db
    .update(imports)
    .set({ status: 'failed', error, modified: new Date() })
    .where(eq(imports.key, record.key))
  publishProgress(deps, record, { status: 'failed', rowsParsed: 0, rowsWritten: 0 })
}

function toChunks(body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream): AsyncIterable<Uint8Array> {
  return body as AsyncIterable<Uint8Array>
}

/** The brand's remembered mapping of headers that matched no field. */
async function savedMapping(deps: ServiceDeps, brandKey: string): Promise<Record<string, string | null>> {
  const rows = await deps.db.select().from(importMappings).where(eq(importMappings.brandKey, brandKey))
  return Object.fromEntries(rows.map((row) => [row.headerKey, row.field]))
}

function cleanFilename(filename: string): string {
  // eslint-disable-next-line no-control-regex
  const name = filename.replace(/[\u0000-\u001f\u007f/\\]/g, '').trim()
  return name.length > MAX_FILENAME ? name.slice(name.length - MAX_FILENAME) : name
}

function checkMapping(mapping: unknown): Record<string, string | null> {
  if (mapping === undefined || mapping === null) return {}
  if (typeof mapping !== 'object' || Array.isArray(mapping)) throw fileError('mapping: an object of header → field.')
  const entries = Object.entries(mapping as Record<string, unknown>)
  if (entries.length > 500) throw fileError('mapping: at most 500 headers.')
  for (const [header, field] of entries) {
    if (header.length > 500) throw fileError('mapping: a header is longer than 500 characters.')
    if (field !== null && (typeof field !== 'string' || !IMPORT_FIELD_NAMES.includes(field))) {
      throw fileError(`mapping: "${String(field)}" is not a field of the template.`)
    }
  }
  return mapping as Record<string, string | null>
}

/**
 * The upload (§4 Spreadsheet upload): stores the original bytes and, as they arrive, reads,
 * validates and stages the rows, then computes the dry run. Listings are not touched. A file
 * that is not CSV or has no Listing Unique Id column is refused with the spec's text and leaves
 * nothing behind.
 */
export async function startImport(
  deps: ServiceDeps,
  actor: Actor,
  scope: ImportScope,
  input: StartImportInput,
): Promise<ImportView> {
  const access = await requireOnScope(deps, actor, 'listing.edit', scope)
  const mapping = checkMapping(input.mapping)
  const filename = cleanFilename(typeof input.filename === 'string' ? input.filename : '')
  const body = toChunks(input.body)
  if (!/\.csv$/i.test(filename)) {
    await drain(body)
    throw fileError(IMPORT_MESSAGES.notCsv)
  }
  const key = newKey()
  const [record] = await deps.db
    .insert(imports)
    .values({
      key,
      brandKey: scope.brandKey,
      lineKey: scope.lineKey ?? null,
      collectionKey: scope.collectionKey ?? null,
      filename,
      blobKey: `imports/${scope.brandKey}/${key}-${randomBytes(6).toString('hex')}.csv`,
      uploadedBy: actor.key,
      status: 'parsing',
      addition: Boolean(input.addition),
    })
    .returning()
  const refs = await loadRefs(deps, record!)
  const remembered = await savedMapping(deps, scope.brandKey)

  // The bytes go to the blob store and to the reader at once; the slower of the two sets the pace.
  const toBlob = new PassThrough({ highWaterMark: 1024 * 1024 })
  // Abandoned on a failure (below) after the store may have finished with it: no one else listens.
  toBlob.on('error', () => undefined)
  const stored = deps.blobs.put(record!.blobKey, toBlob, { contentType: 'text/csv', maxBytes: MAX_IMPORT_BYTES })
  const storeFailed = stored.then(
    () => new Promise<never>(() => undefined),
    (error: unknown) => Promise.reject(error instanceof Error ? error : new Error(String(error))),
  )
  storeFailed.catch(() => undefined)
  let size = 0
  let discard = false
  const chunks = (async function* () {
    try {
      for await (const chunk of body) {
        size += chunk.byteLength
        if (size > MAX_IMPORT_BYTES) throw new ImportTooLargeError()
        if (!discard && !toBlob.write(chunk)) {
          await Promise.race([new Promise((resolve) => toBlob.once('drain', resolve)), storeFailed])
        }
        yield chunk
      }
    } catch (error) {
      if (error instanceof AppError || isBlobRefused(error)) throw error
      throw fileError(`${IMPORT_MESSAGES.uploadError}The upload could not be read. Try again.`)
    }
    toBlob.end()
  })()
  // The reader may stop early (a mapping is needed); it must not close the upload, whose rest
  // still goes to the blob store. So it gets an iterator without `return`.
  const source: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: () => chunks.next() }) }

  let outcome: ParseOutcome | null = null
  let failed: unknown = null
  try {
    outcome = await parseInto(deps, record!, source, { ...remembered, ...mapping }, refs)
    for await (const _chunk of source) void _chunk
    await stored
  } catch (error) {
    failed = error ?? new Error('upload failed')
  }
  if (failed) {
    discard = true
    toBlob.destroy(new Error('upload abandoned'))
    await stored.catch(() => undefined)
    await deps.blobs.delete(record!.blobKey).catch(() => undefined)
    await deps.db.delete(imports).where(eq(imports.key, key))
    // The client waits for its answer until the body is read; a file too large is cut off.
    if (!(failed instanceof ImportTooLargeError)) await drainIterable(source)
    throw asImportError(failed)
  }
  try {
    await deps.db.update(imports).set({ size }).where(eq(imports.key, key))
    await finishParse(deps, record!, outcome!)
  } catch (error) {
    await markFailed(deps, record!, { type: 'unexpected', message: IMPORT_MESSAGES.uploadError })
    throw error
  }
  return viewOf(deps, await loadImport(deps, key), access)
}

async function drainIterable(body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    for await (const _chunk of body) void _chunk
  } catch {
    // the client went away, or the body failed: nothing more to read
  }
}

async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    for await (const _chunk of body) void _chunk
  } catch {
    // the client went away: nothing more to read
  }
}

function asImportError(error: unknown): unknown {
  if (error instanceof AppError) return error
  if (error instanceof StagingError) return fileError(error.message)
  if (error instanceof CsvFormatError) {
    return fileError(
      error.message === IMPORT_MESSAGES.notCsv ? error.message : IMPORT_MESSAGES.uploadError + error.message,
    )
  }
  if (isBlobRefused(error))
    return error.reason === 'tooLarge' ? new ImportTooLargeError() : fileError(IMPORT_MESSAGES.notCsv)
  return error
}

/** Reads an import's original file again (after a new mapping) into a fresh staging. */
async function reparse(deps: ServiceDeps, record: ImportRecord, mapping: Record<string, string | null>) {
  await deps.db.delete(importRows).where(eq(importRows.importKey, record.key))
  await deps.db
    .update(imports)
    .set({ status: 'parsing', counts: EMPTY_IMPORT_COUNTS, error: null, modified: new Date() })
    .where(eq(imports.key, record.key))
  const file = await deps.blobs.get(record.blobKey)
  if (!file) {
    await markFailed(deps, record, { type: 'unexpected', message: `${IMPORT_MESSAGES.uploadError}The file is gone.` })
    return
  }
  try {
    const outcome = await parseInto(deps, record, file.stream, mapping, await loadRefs(deps, record))
    await finishParse(deps, record, outcome)
  } catch (error) {
    const known = asImportError(error)
    const message = known instanceof AppError ? known.message : IMPORT_MESSAGES.uploadError
    await markFailed(deps, record, { type: 'unreadable', message })
    if (!(known instanceof AppError)) throw error
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

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
  options: { only?: RowFilter; cursor?: number; limit?: number } = {},
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
    rows: rows.map((row) => rowView(record, row, refs)),
    cursor: cursor + rows.length,
    more: cursor + rows.length < total,
    total,
  }
}

async function loadRow(deps: ServiceDeps, record: ImportRecord, rowNumber: number): Promise<RowRecord> {
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

// ---------------------------------------------------------------------------------------------
// Changing

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
    if (column === -1) edits[field] = value.trim()
    else {
      while (cells.length <= column) cells.push('')
      cells[column] = value
    }
  }
  const current = { ...rowValues(cells, columns), ...edits }
  const present = new Set([...columns.filter((f): f is string => f !== null), ...Object.keys(edits)])
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

/** The review modal (§2, §4): the listings the import created and updated. */
export async function importResult(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
  options: { limit?: number } = {},
): Promise<{ created: ResultListing[]; updated: ResultListing[] }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  if (record.status !== 'committed' && record.status !== 'rolled_back') return { created: [], updated: [] }
  const limit = Math.min(10_000, Math.max(1, options.limit ?? 1000))
  // The first rows in file order are taken before the listings are joined: the join then looks
  // up `limit` listings, not the 100,000 a large import wrote.
  const of = async (action: 'create' | 'update') => {
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
  const [created, updated] = await Promise.all([of('create'), of('update')])
  return { created, updated }
}

/**
 * Undoes a committed import in one transaction: the listings it created are removed, the
 * listings it updated get the values they had before. Only the brand's newest committed import
 * can be rolled back, so a later import's changes are never overwritten with older ones.
 */
export async function rollbackImport(deps: ServiceDeps, actor: Actor, importKey: string): Promise<ImportView> {
  const { record, access } = await importFor(deps, actor, importKey, 'listing.edit')
  if (record.status !== 'committed') {
    throw conflict(`Only a committed import can be rolled back; this one is ${record.status.replace('_', ' ')}.`)
  }
  if ((await newestCommitted(deps, record.brandKey)) !== record.key) {
    throw conflict('A later import of this brand changed listings after this one: roll that one back first.')
  }
  await deps.db.transaction(async (tx) => {
    const [locked] = (
      (await tx.execute(sql`select status from imports where key = ${record.key} for update`)) as unknown as {
        rows: { status: string }[]
      }
    ).rows
    if (locked?.status !== 'committed') throw conflict('This import is no longer committed.')
    await undoRows(tx, record.key, record.brandKey)
    await tx
      .update(imports)
      .set({ status: 'rolled_back', rolledBackAt: new Date(), modified: new Date() })
      .where(eq(imports.key, record.key))
  })
  return viewOf(deps, await loadImport(deps, record.key), access)
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
  const newest = await newestCommitted(deps, brandKey)
  const editor = allows('listing.edit', access.grant)
  const data = rows
    .slice(0, limit)
    .map(({ record, name, email }) =>
      toView(
        record,
        { key: record.uploadedBy ?? '', name: name || email || '' },
        record.status === 'committed' && editor && record.key === newest,
      ),
    )
  return { data, cursor: cursor + data.length, more: rows.length > limit }
}

/** The file as it was uploaded (History's download). */
export async function originalFile(
  deps: ServiceDeps,
  actor: Actor,
  importKey: string,
): Promise<{ filename: string; contentType: 'text/csv'; body: Readable }> {
  const { record } = await importFor(deps, actor, importKey, 'listing.view')
  const file = await deps.blobs.get(record.blobKey)
  if (!file) throw notFound('File')
  return { filename: record.filename, contentType: 'text/csv', body: file.stream }
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
      for (const row of page) yield { cells: row.cells, issues: row.issues as Issue[] }
      if (page.length < 1000) return
      after = page.at(-1)!.rowNumber
    }
  }
  const base = record.filename.replace(/\.csv$/i, '')
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
