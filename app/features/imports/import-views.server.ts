// What the import shows: its scope, row issues and changes, an import record and its rows as the
// pages and the API read them, and its progress.
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import { FIELD_TARGET, TARGET_FIELD, rowValues, type ImportRefs } from '#app/features/imports/validate'
import { allows } from '#app/platform/access/abilities'
import { type Access } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { EMPTY_IMPORT_COUNTS, accounts, categories, collections, imports, lines, type importRows } from '#db/schema'
import { IMPORT_EVENTS, rooms } from '#app/platform/protocol'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { ImportRowView, ImportStatus, ImportView, RowIssue } from './views'
export type {
  FieldChange,
  ImportCounts,
  ImportRowView,
  ImportScope,
  ImportStatus,
  ImportView,
  ResultListing,
  RowFilter,
  RowIssue,
} from './views'

export { IMPORT_FIELDS } from '#app/features/imports/fields'

export interface StartImportInput {
  filename: string
  addition: boolean
  body: AsyncIterable<Uint8Array> | NodeJS.ReadableStream
  mapping?: Record<string, string | null>
  /** A workbook's sheet to read (its first when not given); a CSV has none. */
  sheet?: string | null
  /** How long the body may send nothing before the upload counts as interrupted (tests shorten it). */
  idleMs?: number
}

/** The largest file an import takes (the 1 GB line sheets of big brands fit). */
export const MAX_IMPORT_BYTES = 2 * 1024 ** 3
/** Rows validated and written per COPY. */
export const BATCH_ROWS = 2000
export const MAX_FILENAME = 255
export const MAX_CELL_EDIT = 10_000

/** A ValidationError answered with 413 Payload Too Large. */
export class ImportTooLargeError extends AppError {
  override readonly status = 413
  constructor() {
    super('ValidationError', `${IMPORT_MESSAGES.uploadError}The file is larger than 2 GB.`)
  }
}

/** The bytes of an upload stopped coming (the network dropped without closing): told, not waited for. */
export class UploadInterruptedError extends AppError {
  constructor() {
    super('ValidationError', IMPORT_MESSAGES.uploadInterrupted)
  }
}

/** Its uploader cancelled the import while it was read (the reading stops at its next batch). */
export class ImportCancelledError extends AppError {
  constructor() {
    super('Conflict', IMPORT_MESSAGES.uploadCancelled)
  }
}

export type ImportRecord = typeof imports.$inferSelect
export type RowRecord = typeof importRows.$inferSelect

export const fileError = (message: string) => new AppError('ValidationError', message)
export const conflict = (message: string) => new AppError('Conflict', message)

async function uploaderOf(deps: ServiceDeps, key: string | null): Promise<{ key: string; name: string }> {
  if (!key) return { key: '', name: '' }
  const [row] = await deps.db
    .select({ key: accounts.key, name: accounts.name, email: accounts.email })
    .from(accounts)
    .where(eq(accounts.key, key))
  return row ? { key: row.key, name: row.name || row.email } : { key, name: '' }
}

/** The newest committed import of a brand: the only one that can be rolled back (decision 083). */
export async function newestCommitted(deps: ServiceDeps, brandKey: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ key: imports.key })
    .from(imports)
    .where(and(eq(imports.brandKey, brandKey), inArray(imports.status, ['committed', 'committing'])))
    .orderBy(desc(imports.committedAt), desc(imports.created))
    .limit(1)
  return row?.key ?? null
}

export function toView(
  record: ImportRecord,
  uploadedBy: { key: string; name: string },
  canRollBack: boolean,
): ImportView {
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
    workbook: workbookOf(record.format),
  }
}

function workbookOf(format: ImportRecord['format']): ImportView['workbook'] {
  if (format.kind !== 'xlsx' || typeof format.sheet !== 'string' || !Array.isArray(format.sheets)) return null
  return { sheet: format.sheet, sheets: format.sheets }
}

export async function viewOf(deps: ServiceDeps, record: ImportRecord, access: Access): Promise<ImportView> {
  // Any committed import may be rolled back; the rollback page says first what stands in the way.
  const canRollBack = record.status === 'committed' && allows('listing.edit', access.grant)
  return toView(record, await uploaderOf(deps, record.uploadedBy), canRollBack)
}

/** The brand's lines, collections and categories by lowercased name, for the validator. */
export async function loadRefs(
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

export function columnsOf(record: ImportRecord): (string | null)[] {
  return record.headers.map((raw) => {
    const header = raw.replace(/^\uFEFF/, '').trim()
    return Object.hasOwn(record.mapping, header) ? (record.mapping[header] ?? null) : null
  })
}

/** A row is written when its import was committed (or it was fixed after), failed if it could not be. */
export function rowStatus(record: ImportRecord, row: RowRecord): ImportRowView['status'] {
  if (row.status === 'completed') return 'completed'
  if (record.status !== 'committed' && record.status !== 'rolled_back') return 'pending'
  return row.action === 'error' || row.action === 'pending' ? 'failed' : 'completed'
}

/** `withCells`: the file's own cells too (up to a thousand a row), for the raw grid. */
export function rowView(record: ImportRecord, row: RowRecord, refs: ImportRefs, withCells = false): ImportRowView {
  const values = { ...rowValues(row.cells, columnsOf(record)), ...(row.edits ?? {}) }
  return {
    rowNumber: row.rowNumber,
    listingUniqueId: row.listingUniqueId,
    action: row.action as ImportRowView['action'],
    values,
    ...(withCells ? { cells: row.cells } : {}),
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

export function publishProgress(deps: ServiceDeps, record: Pick<ImportRecord, 'key' | 'uploadedBy'>, payload: object) {
  if (!record.uploadedBy) return
  deps.events.publish(rooms.account(record.uploadedBy), IMPORT_EVENTS.progress, { key: record.key, ...payload })
}

export async function setProgress(
  deps: ServiceDeps,
  record: Pick<ImportRecord, 'key' | 'uploadedBy'>,
  status: ImportStatus,
  progress: { rowsParsed: number; rowsWritten: number },
) {
  await deps.db.update(imports).set({ progress, modified: new Date() }).where(eq(imports.key, record.key))
  publishProgress(deps, record, { status, ...progress })
}
