// Starting an import: the upload streamed in, parsed and staged in a worker thread, the dry run
// stored; a new mapping parses it again.
import { IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { IMPORT_MESSAGES } from '#app/features/imports/messages'
import { CsvFormatError } from '#app/features/imports/reader'
import { StagingError, type ParseOutcome } from '#app/features/imports/staging'
import { duplicateIssue, type ImportRefs } from '#app/features/imports/validate'
import { isBlobRefused } from '#app/infra/blob-store.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { cleanFileName } from '#app/platform/text-rule'
import { withBackgroundConnection } from '#db/background-connection'
import { connectionStringOf } from '#db/client'
import { EMPTY_IMPORT_COUNTS, importMappings, importRows, imports } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { loadImport, requireOnScope } from './import-access.server'
import { SPREADSHEET_TYPES, spreadsheetExtension } from './spreadsheet-files'
import { parseInWorker } from './import-parse.server'
import { computeDryRun, countRows, listingsStamp, markDuplicates } from './import-staging.server'
import {
  BATCH_ROWS,
  ImportCancelledError,
  ImportTooLargeError,
  UploadInterruptedError,
  MAX_FILENAME,
  MAX_IMPORT_BYTES,
  fileError,
  loadRefs,
  publishProgress,
  setProgress,
  viewOf,
  type ImportRecord,
  type ImportScope,
  type ImportView,
  type RowIssue,
  type StartImportInput,
} from './import-views.server'
import type { Actor } from '#app/platform/access/actor'

export const SKU_CASE_ISSUE: RowIssue = {
  field: 'SKU',
  message: IMPORT_MESSAGES.skuCase,
  level: 'warning',
  // Each row's detail names the other spellings and where they are (markDuplicates).
  detail: '',
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
  sheet: string | null,
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
      sheet,
      workbook: record.blobKey.endsWith('.xlsx'),
      databaseUrl,
      lowerPriority: databaseIsLocal(deps),
    },
    source,
    async (rows) => {
      parsed += rows
      await setProgress(deps, record, 'parsing', { rowsParsed: parsed, rowsWritten: parsed })
      // Cancelled by its uploader, on this process or another: the reading stops here.
      if (!(await stillParsing(deps, record.key))) throw new ImportCancelledError()
    },
  )
}

async function stillParsing(deps: ServiceDeps, key: string): Promise<boolean> {
  const [row] = await deps.db.select({ status: imports.status }).from(imports).where(eq(imports.key, key))
  return row?.status === 'parsing'
}

/**
 * How long an upload may send nothing before it counts as interrupted: a network that drops
 * without closing the connection would otherwise hold the import at "Reading" until the request
 * times out, minutes later.
 */
export const UPLOAD_IDLE_MS = 45_000

/**
 * The upload's chunks, refused with UploadInterruptedError once none has come for `idleMs` or when
 * the body breaks off.
 */
export async function* withIdleLimit(body: AsyncIterable<Uint8Array>, idleMs: number): AsyncGenerator<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]()
  for (;;) {
    let timer: NodeJS.Timeout | undefined
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new UploadInterruptedError()), idleMs)
    })
    try {
      const next = await Promise.race([chunks.next(), idle])
      if (next.done) return
      yield next.value
    } catch (error) {
      // The stalled body is let go; its connection ends with the request.
      if (error instanceof UploadInterruptedError) void chunks.return?.()?.catch(() => undefined)
      // The body itself broke off (the tab closed, the connection was reset): the same story for
      // its uploader as bytes that stopped coming. Refusals of ours (AppError) keep their words.
      if (!(error instanceof AppError)) throw new UploadInterruptedError()
      throw error
    } finally {
      clearTimeout(timer)
    }
  }
}

/**
 * The portal started the database server, so its processes are this machine's: an import's heavy
 * statements may run at background priority (db/background-connection.ts).
 */
export const databaseIsLocal = (deps: ServiceDeps) => !deps.env.DATABASE_URL

/** After the rows are staged: duplicates marked, the dry run computed, the counts stored. */
async function finishParse(deps: ServiceDeps, record: ImportRecord, outcome: ParseOutcome): Promise<void> {
  if (outcome.kind === 'needs_mapping') {
    const [moved] = await deps.db
      .update(imports)
      .set({
        status: 'needs_mapping',
        headers: outcome.headers,
        mapping: outcome.mapping,
        unmatchedHeaders: outcome.unmatched,
        format: outcome.format ? { ...outcome.format } : {},
        modified: new Date(),
      })
      .where(and(eq(imports.key, record.key), eq(imports.status, 'parsing')))
      .returning({ key: imports.key })
    if (!moved) throw new ImportCancelledError()
    publishProgress(deps, record, { status: 'needs_mapping', rowsParsed: 0, rowsWritten: 0 })
    return
  }
  const { counts, stamp } = await withBackgroundConnection(deps.db, databaseIsLocal(deps), async (db) => {
    await markDuplicates(db, record.key, { duplicate: duplicateIssue(), skuCase: SKU_CASE_ISSUE })
    await computeDryRun(db, record.key, record.brandKey)
    return { counts: await countRows(db, record.key, false), stamp: await listingsStamp(db, record.brandKey) }
  })
  const [moved] = await deps.db
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
    .where(and(eq(imports.key, record.key), eq(imports.status, 'parsing')))
    .returning({ key: imports.key })
  // Cancelled while its dry run was computed: its rows go, the cancel stands.
  if (!moved) throw new ImportCancelledError()
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
export async function savedMapping(deps: ServiceDeps, brandKey: string): Promise<Record<string, string | null>> {
  const rows = await deps.db.select().from(importMappings).where(eq(importMappings.brandKey, brandKey))
  return Object.fromEntries(rows.map((row) => [row.headerKey, row.field]))
}

function cleanFilename(filename: string): string {
  const name = cleanFileName(filename).replace(/[/\\]/g, '').trim()
  // A cut may part a surrogate pair: the half left alone goes too.
  return name.length > MAX_FILENAME ? cleanFileName(name.slice(name.length - MAX_FILENAME)) : name
}

export function checkMapping(mapping: unknown): Record<string, string | null> {
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
  const body = withIdleLimit(toChunks(input.body), input.idleMs ?? UPLOAD_IDLE_MS)
  // A CSV or an .xlsx workbook (docs/decisions/177); which one is told by the bytes.
  const extension = spreadsheetExtension(filename)
  if (!extension) {
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
      blobKey: `imports/${scope.brandKey}/${key}-${randomBytes(6).toString('hex')}.${extension}`,
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
  const stored = deps.blobs.put(record!.blobKey, toBlob, {
    contentType: SPREADSHEET_TYPES[extension],
    maxBytes: MAX_IMPORT_BYTES,
  })
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
    const sheet = typeof input.sheet === 'string' && input.sheet.trim() ? input.sheet.trim() : null
    outcome = await parseInto(deps, record!, source, { ...remembered, ...mapping }, refs, sheet)
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
    if (failed instanceof UploadInterruptedError || failed instanceof ImportCancelledError) {
      // Kept in History as what happened to it (its rows and bytes go): interrupted, or cancelled,
      // which its uploader's cancel has already written.
      await deps.db.delete(importRows).where(eq(importRows.importKey, key))
      if (failed instanceof UploadInterruptedError) {
        await markFailed(deps, record!, { type: 'interrupted', message: IMPORT_MESSAGES.uploadInterrupted })
      }
    } else {
      await deps.db.delete(imports).where(eq(imports.key, key))
    }
    // The client waits for its answer until the body is read; a file too large is cut off, and a
    // stalled one sends nothing more.
    if (!(failed instanceof ImportTooLargeError || failed instanceof UploadInterruptedError)) {
      await drainIterable(source)
    }
    throw asImportError(failed)
  }
  try {
    await deps.db.update(imports).set({ size }).where(eq(imports.key, key))
    await finishParse(deps, record!, outcome!)
  } catch (error) {
    if (error instanceof ImportCancelledError) {
      await deps.db.delete(importRows).where(eq(importRows.importKey, key))
      throw error
    }
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

/** The sheet a workbook import was read from (null: a CSV, or the workbook's first sheet). */
export function sheetOf(record: ImportRecord): string | null {
  return record.format.kind === 'xlsx' && typeof record.format.sheet === 'string' ? record.format.sheet : null
}

/**
 * Reads an import's original file again into a fresh staging: after a new mapping, or from
 * another sheet of its workbook (`sheet`; by default the one read before).
 */
export async function reparse(
  deps: ServiceDeps,
  record: ImportRecord,
  mapping: Record<string, string | null>,
  sheet: string | null = sheetOf(record),
) {
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
    const outcome = await parseInto(deps, record, file.stream, mapping, await loadRefs(deps, record), sheet)
    await finishParse(deps, record, outcome)
  } catch (error) {
    if (error instanceof ImportCancelledError) {
      await deps.db.delete(importRows).where(eq(importRows.importKey, record.key))
      return
    }
    const known = asImportError(error)
    const message = known instanceof AppError ? known.message : IMPORT_MESSAGES.uploadError
    await markFailed(deps, record, { type: 'unreadable', message })
    if (!(known instanceof AppError)) throw error
  }
}
