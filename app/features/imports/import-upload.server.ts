// Reads the product upload form (multipart) and hands the file to the import service while it
// streams in: the service parses it as it arrives, so the page never holds the whole file. The
// form's small fields (CSRF token, MARK AS ADDITION, scope) come before the file part; they are
// read first, checked, and then the file part's bytes go to `startImport` as they are received.
import { Readable } from 'node:stream'
import type { AppLoadContext } from '@remix-run/node'
import { unstable_parseMultipartFormData, type UploadHandler } from '@remix-run/node'
import { getImport, startImport, type ImportScope, type ImportView } from '#app/features/imports/imports.server'
import { getCollection } from '#app/features/catalogue/index.server'
import { getLine } from '#app/features/catalogue/index.server'
import { AppError, isAppError, notFound } from '#app/platform/errors'
import { requireCsrf } from '#app/platform/session.server'
import type { Actor } from '#app/platform/access/actor'

/** A text field longer than this is not one of ours. */
const MAX_FIELD_BYTES = 4 * 1024

export const NOT_MULTIPART = 'Send the file as multipart/form-data with a "file" field.'
export const NO_FILE = 'Choose a CSV file to upload.'
export const UNREADABLE = 'The upload could not be read. Try again.'
export const FIELDS_AFTER_FILE = 'The form sent its fields after the file. Reload the page and try again.'

export type UploadOutcome = { ok: true; view: ImportView } | { ok: false; message: string; status: number }

/** The import's scope from the page's ?line= / ?collection= (or the form's fields), checked. */
export async function importScope(
  context: AppLoadContext,
  actor: Actor,
  brandKey: string,
  read: (name: 'line' | 'collection') => string | null,
): Promise<{ scope: ImportScope; label: string | null }> {
  const lineKey = read('line') || null
  const collectionKey = read('collection') || null
  if (collectionKey) {
    const collection = await getCollection(context.deps, actor, collectionKey, brandKey)
    return { scope: { brandKey, collectionKey }, label: `Collection ${collection.name}` }
  }
  if (lineKey) {
    const line = await getLine(context.deps, actor, lineKey, brandKey)
    return { scope: { brandKey, lineKey }, label: `Line ${line.name}` }
  }
  return { scope: { brandKey }, label: null }
}

async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of data) {
    size += chunk.byteLength
    if (size > MAX_FIELD_BYTES) throw new AppError('ValidationError', 'A form field is too long.')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Parses the upload form and starts the import with the file's byte stream. A refused upload
 * (not CSV, no id column, no file, a scope of another brand) comes back as a message; a missing
 * CSRF token is thrown as the 403 reply every page action gives.
 */
export async function receiveUpload(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  brandKey: string,
): Promise<UploadOutcome> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) return { ok: false, message: NOT_MULTIPART, status: 400 }
  const fields = new FormData()
  let view: ImportView | null = null
  let sawFile = false
  /**
   * Why the file was refused. The form is still read to its end (the service reads a refused
   * file through; the closing boundary follows), so the connection can carry the next request.
   */
  let refusal: unknown = null
  // A connection that closes mid-way (the tab closed, the network gone) breaks the file off at
  // once: the import is kept as interrupted instead of waiting for bytes that never come. Each
  // read gets its own promise: racing every chunk against one long-lived promise kept every
  // chunk reachable until the request ended.
  let breakOff: ((error: Error) => void) | null = null
  request.signal.addEventListener('abort', () => breakOff?.(new Error('The connection closed during the upload.')), {
    once: true,
  })
  const readOrBreak = <T>(read: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      if (request.signal.aborted) return reject(new Error('The connection closed during the upload.'))
      breakOff = reject
      read().then(resolve, reject)
    }).finally(() => (breakOff = null))
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== 'string') {
      fields.append(part.name, await readText(part.data))
      return undefined
    }
    const source = part.data[Symbol.asyncIterator]()
    let finished = false
    const skipRest = async () => {
      // Nothing more comes on a closed connection: the rest is not waited for.
      while (!finished) {
        const next = await readOrBreak(() => source.next()).catch(() => ({ done: true }))
        if (next.done) finished = true
      }
    }
    // Only the first `file` part is read; any other file part is skipped as it streams past.
    if (part.name !== 'file' || sawFile) {
      await skipRest()
      return undefined
    }
    sawFile = true
    try {
      await requireCsrf(request, context, fields)
      if (part.filename === '') throw new AppError('ValidationError', NO_FILE)
      const { scope } = await importScope(context, actor, brandKey, (name) => {
        const value = fields.get(name)
        return typeof value === 'string' ? value : null
      })
      // The service reads the bytes as they arrive; it gets an iterator it cannot close, so the
      // rest of the part stays readable here.
      const body: AsyncIterable<Uint8Array> = {
        [Symbol.asyncIterator]: () => ({
          next: async () => {
            const next = await readOrBreak(() => source.next())
            if (next.done) finished = true
            return next
          },
          return: async () => ({ done: true, value: undefined }),
        }),
      }
      view = await startImport(context.deps, actor, scope, {
        filename: part.filename,
        addition: fields.get('addition') === 'true',
        body,
      })
    } catch (error) {
      // A file too large is not read on: the reply goes out at once and closes the connection.
      if (isAppError(error) && error.status === 413) throw error
      refusal = error
    }
    await skipRest()
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message, status: error.status }
    // The parser's own errors: the body is not a form it can read.
    if (error instanceof TypeError || /multipart|boundary/i.test(String(error))) {
      return { ok: false, message: UNREADABLE, status: 400 }
    }
    throw error
  }
  if (refusal instanceof Response) throw refusal
  if (isAppError(refusal)) return { ok: false, message: refusal.message, status: refusal.status }
  if (refusal) throw refusal
  if (!sawFile) {
    // A form without a file part: still refused without its token first.
    await requireCsrf(request, context, fields)
    return { ok: false, message: NO_FILE, status: 400 }
  }
  if (!view) return { ok: false, message: FIELDS_AFTER_FILE, status: 400 }
  return { ok: true, view }
}

/** The import named in a page's address, refused as not found when it belongs to another brand. */
export async function importOfBrand(
  context: AppLoadContext,
  actor: Actor,
  brandKey: string,
  importKey: string,
): Promise<ImportView> {
  const view = await getImport(context.deps, actor, importKey)
  if (view.brandKey !== brandKey) throw notFound('Import')
  return view
}

/** A download answer whose body streams from the service (never read whole here). */
export function downloadResponse(filename: string, contentType: string, body: Readable): Response {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
