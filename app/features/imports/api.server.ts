// The spreadsheet upload's calls of catalogue.md §7: `POST /api/listing/method/batch` (the upload
// itself: a multipart file, or the spreadsheet's text in JSON), the upload history and the
// download of an earlier upload. The service checks every permission (docs/decisions/084).
import { Readable } from 'node:stream'
import {
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import { AppError } from '#app/platform/errors'
import { fetchRequestOf } from '#app/features/files/index.server'
import { API_VERSION } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import {
  ImportTooLargeError,
  MAX_IMPORT_BYTES,
  commitImport,
  getImport,
  templateColumns,
  importResult,
  listImportRows,
  listImports,
  originalFile,
  startImport,
  type ImportScope,
  type ImportView,
} from '#app/features/imports/imports.server'
import {
  FileReply,
  paged,
  requireActor,
  stringField,
  type ApiCall,
  type Endpoint,
} from '#app/platform/api/endpoint.server'
import type { Actor } from '#app/platform/access/actor'

/** Room for the text fields and boundaries beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024
/** Row errors answered by one call; the rest are counted in context.counts. */
const MAX_ERRORS = 1000

const invalid = (message: string) => new AppError('ValidationError', message)

function required(source: unknown, name: string): string {
  const value = stringField(source, name)
  if (!value) throw invalid(`${name}: is required.`)
  if (value.length > 128) throw invalid(`${name}: at most 128 characters.`)
  return value
}

function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value
  return typeof value === 'string' && ['true', '1', 'on', 'yes'].includes(value.trim().toLowerCase())
}

function cursorOf(query: Record<string, string>): number {
  const raw = query.cursor?.trim() ?? ''
  if (raw === '') return 0
  if (!/^\d{1,9}$/.test(raw)) throw invalid('cursor: must be a whole number from 0.')
  return Number(raw)
}

function scopeOf(source: Record<string, unknown>): ImportScope {
  const brandKey = required(source, 'brand')
  const line = stringField(source, 'line')
  const collection = stringField(source, 'collection')
  return { brandKey, ...(line && { lineKey: line }), ...(collection && { collectionKey: collection }) }
}

function mappingOf(value: unknown): Record<string, string | null> | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as Record<string, string | null>
    } catch {
      throw invalid('mapping: malformed JSON.')
    }
  }
  return value as Record<string, string | null>
}

/** The §7 answer: created, updated, errors, context. A preflight answers what a commit would do. */
async function batchAnswer(deps: ServiceDeps, actor: Actor, view: ImportView, preflight: boolean) {
  const errors = (await listImportRows(deps, actor, view.key, { only: 'errors', limit: 500 })).rows
  if (errors.length === 500 && view.counts.errors > 500) {
    errors.push(...(await listImportRows(deps, actor, view.key, { only: 'errors', cursor: 500, limit: 500 })).rows)
  }
  const rowErrors = errors
    .flatMap((row) =>
      row.issues
        .filter((issue) => issue.level === 'error')
        .map((issue) => ({
          row: row.rowNumber,
          listing_unique_id: row.listingUniqueId,
          field: issue.field,
          message: issue.message,
          ...(issue.detail && { detail: issue.detail }),
        })),
    )
    .slice(0, MAX_ERRORS)
  const lists = await changeLists(deps, actor, view, preflight, { created: 0, updated: 0 })
  return {
    created: lists.created.data,
    updated: lists.updated.data,
    errors: rowErrors,
    context: {
      key: view.key,
      KIND: 'ParsedSpreadsheet',
      status: view.status,
      preflight,
      filename: view.filename,
      addition: view.addition,
      counts: view.counts,
      headers: view.headers,
      mapping: view.mapping,
      unmatched_headers: view.unmatchedHeaders,
      // Each list holds its first page; `total` counts all of it, and a cursor asks for the rest
      // from GET parsedspreadsheets/query/changes (null once the page held the last).
      lists: {
        created: { total: lists.created.total, next_cursor: lists.created.more ? lists.created.cursor : null },
        updated: { total: lists.updated.total, next_cursor: lists.updated.more ? lists.updated.cursor : null },
      },
    },
  }
}

/** Entries of the created and updated lists answered at once. */
const LIST_PAGE = 500

interface ChangePage {
  data: unknown[]
  cursor: number
  more: boolean
  total: number
}

/**
 * One page of the listings an upload created and updated, from `cursor` on in file order: what a
 * commit did, or, for a preflight, what it would do (each row's changes).
 */
async function changeLists(
  deps: ServiceDeps,
  actor: Actor,
  view: ImportView,
  preflight: boolean,
  cursors: { created: number; updated: number },
): Promise<{ created: ChangePage; updated: ChangePage }> {
  const none = (cursor: number): ChangePage => ({ data: [], cursor, more: false, total: 0 })
  if (preflight || view.status === 'previewed') {
    const would = async (only: 'create' | 'update', cursor: number): Promise<ChangePage> => {
      const page = await listImportRows(deps, actor, view.key, { only, cursor, limit: LIST_PAGE })
      return {
        data: page.rows.map((row) => ({
          key: row.listingKey,
          listing_unique_id: row.listingUniqueId,
          row: row.rowNumber,
          changes: row.changes,
        })),
        cursor: page.cursor,
        more: page.more,
        total: page.total,
      }
    }
    const [created, updated] = await Promise.all([would('create', cursors.created), would('update', cursors.updated)])
    return { created, updated }
  }
  if (view.status !== 'committed') return { created: none(cursors.created), updated: none(cursors.updated) }
  const result = await importResult(deps, actor, view.key, {
    limit: LIST_PAGE,
    createdOffset: cursors.created,
    updatedOffset: cursors.updated,
  })
  const page = (list: typeof result.created): ChangePage => ({
    data: list.items.map((listing) => ({
      key: listing.key,
      listing_unique_id: listing.listingUniqueId,
      style_name: listing.name,
      row: listing.rowNumber,
    })),
    cursor: list.offset + list.items.length,
    more: list.offset + list.items.length < list.total,
    total: list.total,
  })
  return { created: page(result.created), updated: page(result.updated) }
}

/** A multipart upload: text fields first (or in the query), then `file`, streamed to the service. */
async function multipartBatch(deps: ServiceDeps, actor: Actor, call: ApiCall) {
  const declared = Number(call.req.headers['content-length'] ?? '0')
  if (declared > MAX_IMPORT_BYTES + FORM_OVERHEAD_BYTES) throw new ImportTooLargeError()
  const fields: Record<string, string> = { ...call.query }
  const textPart = unstable_createMemoryUploadHandler({ maxPartSize: FORM_OVERHEAD_BYTES })
  let view: ImportView | null = null
  let failure: unknown = null
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== 'string') {
      const value = await textPart(part)
      if (typeof value === 'string') fields[part.name] = value
      return value
    }
    if (part.name !== 'file' || view || failure) {
      for await (const _chunk of part.data) void _chunk
      return undefined
    }
    try {
      view = await startImport(deps, actor, scopeOf(fields), {
        filename: fields.filename?.trim() || part.filename,
        addition: flag(fields.addition),
        body: part.data,
        mapping: mappingOf(fields.mapping),
        // A workbook's sheet (its first when not given), named in a field before the file.
        sheet: fields.sheet ?? null,
      })
    } catch (error) {
      failure = error
      for await (const _chunk of part.data) void _chunk
    }
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(fetchRequestOf(call.req), handler)
  } catch (error) {
    if (failure) throw failure
    if (error instanceof AppError) throw error
    throw invalid('The upload could not be read. Try again.')
  }
  if (failure) throw failure
  if (!view) throw invalid('file: is required (multipart/form-data with a "file" field after brand).')
  return { view: view as ImportView, preflight: flag(fields.preflight) }
}

export const importEndpoints: Endpoint[] = [
  {
    verb: 'POST',
    path: 'listing/method/batch',
    auth: true,
    handle: async (deps, call) => {
      const actor = requireActor(call)
      const type = String(call.req.headers['content-type'] ?? '').toLowerCase()
      let view: ImportView
      let preflight: boolean
      if (type.startsWith('multipart/form-data')) {
        ;({ view, preflight } = await multipartBatch(deps, actor, call))
      } else {
        const body = (call.body ?? {}) as Record<string, unknown>
        if (typeof body !== 'object' || Array.isArray(body)) throw invalid('body: an object expected.')
        const scope = scopeOf(body)
        if (flag(body.spreadsheet_columns)) {
          // Only the template's columns: checked against the scope like an upload.
          return { columns: await templateColumns(deps, actor, scope), brand: scope.brandKey }
        }
        if (typeof body.spreadsheet !== 'string' || body.spreadsheet.trim() === '') {
          throw invalid('spreadsheet: the CSV text is required (or send a multipart file).')
        }
        const filename = typeof body.filename === 'string' && body.filename.trim() ? body.filename : 'spreadsheet.csv'
        view = await startImport(deps, actor, scope, {
          filename,
          addition: flag(body.addition),
          body: Readable.from([Buffer.from(body.spreadsheet, 'utf8')]),
          mapping: mappingOf(body.mapping),
        })
        preflight = flag(body.preflight)
      }
      if (!preflight && view.status === 'previewed') view = await commitImport(deps, actor, view.key)
      return batchAnswer(deps, actor, view, preflight)
    },
  },
  {
    verb: 'GET',
    path: 'parsedspreadsheets/query/brand',
    auth: true,
    handle: async (deps, call) => {
      const actor = requireActor(call)
      const brand = required(call.query, 'brand')
      // The history exists from API version 3 on (catalogue.md §2); a client on another asks in vain.
      const version = call.query.version?.trim()
      if (version && version !== String(API_VERSION)) {
        throw invalid(`version: the upload history needs API version ${API_VERSION}.`)
      }
      const page = await listImports(deps, actor, brand, { cursor: cursorOf(call.query) })
      return paged({
        ...page,
        data: page.data.map((entry) => ({
          key: entry.key,
          KIND: 'ParsedSpreadsheet',
          brand: entry.brandKey,
          created: entry.createdAt,
          spreadsheet_id: entry.key,
          filename: entry.filename,
          uploaded_by: entry.uploadedBy,
          status: entry.status,
          counts: entry.counts,
          addition: entry.addition,
          size: entry.size,
        })),
      })
    },
  },
  {
    // The rest of an upload's created or updated list, as its batch answer's context.lists point.
    verb: 'GET',
    path: 'parsedspreadsheets/query/changes',
    auth: true,
    handle: async (deps, call) => {
      const actor = requireActor(call)
      const list = required(call.query, 'list')
      if (list !== 'created' && list !== 'updated') throw invalid('list: created or updated.')
      const view = await getImport(deps, actor, required(call.query, 'key'))
      const cursor = cursorOf(call.query)
      const lists = await changeLists(deps, actor, view, false, { created: cursor, updated: cursor })
      return paged({ ...lists[list], cursor: lists[list].more ? lists[list].cursor : null })
    },
  },
  {
    verb: 'GET',
    path: 'parsedspreadsheets/method/download',
    auth: true,
    handle: async (deps, call) => {
      const file = await originalFile(deps, requireActor(call), required(call.query, 'key'))
      return new FileReply(file.filename, file.contentType, file.body)
    },
  },
]
