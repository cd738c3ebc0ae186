// Plain form uploads (without JavaScript): one file or several parts of a multipart form, streamed
// to local disk against the limit, then through the same checks.
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { finishUpload, isAppErrorLike } from './file-checks.server'
import {
  EMPTY_FILE_MESSAGE,
  NO_FILE_MESSAGE,
  abandonUpload,
  authorizeUpload,
  beginUpload,
  toFileView,
  uploadName,
  type FileView,
} from './file-uploads.server'
import { FileTooLargeError, holdingDir, type FileRow } from './file-work.server'
import type { Actor } from '#app/platform/access/actor'

const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * A plain multipart form with one `file` field (the path without JavaScript). The target is
 * authorized before the body is read; the file streams to local disk, counted as it arrives (413
 * past the limit, whatever Content-Length said), and then goes through the same pipeline as a
 * resumable upload. Returns the file, now being scanned.
 */
export async function receiveFormUpload(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brand: unknown; purpose: unknown; media?: unknown },
): Promise<FileView> {
  const authorized = authorizeUpload(deps, actor, target)
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('ValidationError', 'Send the file as multipart/form-data with a "file" field.')
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > authorized.maxBytes + FORM_OVERHEAD_BYTES) throw new FileTooLargeError(authorized.maxBytes)
  const dir = holdingDir(deps, 'form')
  await fs.promises.mkdir(dir, { recursive: true })
  let received: { row: FileRow; file: string } | null = null
  let failure: unknown = null
  const textFields = unstable_createMemoryUploadHandler({ maxPartSize: FORM_OVERHEAD_BYTES })
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== 'string') return textFields(part)
    // Only the first `file` part is kept; other file parts are read past.
    if (part.name !== 'file' || received || failure) {
      for await (const _chunk of part.data) void _chunk
      return undefined
    }
    try {
      if (part.filename === '') {
        for await (const _chunk of part.data) void _chunk
        return undefined
      }
      const name = uploadName(part.filename)
      const row = await beginUpload(deps, actor, { ...authorized, name, media: target.media })
      const file = path.join(dir, row.key)
      received = { row, file }
      await writeLimitedPart(part.data, file, authorized.maxBytes)
    } catch (error) {
      failure = error
    }
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    failure ??= error
  }
  const got = received as { row: FileRow; file: string } | null
  if (failure || !got) {
    if (got) {
      await fs.promises.rm(got.file, { force: true })
      await abandonUpload(deps, got.row.key)
    }
    if (!failure) throw new AppError('ValidationError', NO_FILE_MESSAGE)
    if (isAppErrorLike(failure)) throw failure
    if (failure instanceof MaxPartSizeExceededError) throw new AppError('ValidationError', 'A form field is too long.')
    throw new AppError('ValidationError', 'The upload could not be read. Try again.')
  }
  const row = await finishUpload(deps, got.row.key, { file: got.file }, () => fs.promises.rm(got.file, { force: true }))
  return toFileView(deps, row)
}

/** What a form's file part is to carry, decided before its bytes are read. */
export interface PreparedPart {
  /** The reserved product photo the file carries (as the `media` tus metadata does). */
  media?: string
  /** Undoes the preparation when the file is refused after all (empty, too large, unreadable). */
  release?: () => Promise<void>
}

/** One file of a multi-file form: its upload, now being scanned, or why it was refused. */
export type FormFileOutcome = { name: string; file: FileView } | { name: string; error: string }

/**
 * A plain multipart form with several `file` parts (the media upload page without JavaScript;
 * docs/decisions/097).
 * Authorized once before the body is read, like receiveFormUpload; then each file part in turn:
 * `prepare` sees its name and the text fields sent before it (an AppError refuses that file
 * alone; anything else, such as a refused CSRF token, stops the whole form and is thrown), its
 * bytes stream to local disk counted against the purpose's limit, and it goes through the same
 * pipeline. A file past the limit is read through and refused on its own, so the others still
 * count. Past `maxFiles` file parts, the rest are read through and only counted (`leftOut`).
 */
export async function receiveFormUploads(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brand: unknown; purpose: unknown },
  options: { maxFiles: number; prepare?: (name: string, fields: FormData) => Promise<PreparedPart> },
): Promise<{ files: FormFileOutcome[]; leftOut: number; fields: FormData }> {
  const authorized = authorizeUpload(deps, actor, target)
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('ValidationError', 'Send the files as multipart/form-data with "file" fields.')
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  const bound = options.maxFiles * (authorized.maxBytes + FORM_OVERHEAD_BYTES)
  if (declared > bound) throw new FileTooLargeError(authorized.maxBytes)
  const dir = holdingDir(deps, 'form')
  await fs.promises.mkdir(dir, { recursive: true })
  const fields = new FormData()
  const outcomes: FormFileOutcome[] = []
  const started: { row: FileRow; file: string; release?: () => Promise<void> }[] = []
  let leftOut = 0
  let stop: unknown = null
  let fieldBytes = 0

  const handler: UploadHandler = async (part) => {
    const source = part.data[Symbol.asyncIterator]()
    const drain = async () => {
      for (let next = await source.next(); !next.done; next = await source.next()) void next
    }
    if (typeof part.filename !== 'string') {
      const chunks: Uint8Array[] = []
      for (let next = await source.next(); !next.done; next = await source.next()) {
        fieldBytes += next.value.byteLength
        if (fieldBytes > FORM_OVERHEAD_BYTES) {
          stop ??= new AppError('ValidationError', 'A form field is too long.')
          await drain()
          return undefined
        }
        chunks.push(next.value)
      }
      fields.append(part.name, Buffer.concat(chunks).toString('utf8'))
      return undefined
    }
    // Not a file of ours, an empty file input, or past the point where the form was refused.
    if (part.name !== 'file' || part.filename === '' || stop) {
      await drain()
      return undefined
    }
    if (outcomes.length >= options.maxFiles) {
      leftOut++
      await drain()
      return undefined
    }
    let name = part.filename
    let prepared: PreparedPart = {}
    let row: FileRow | null = null
    const file = () => path.join(dir, row!.key)
    try {
      name = uploadName(part.filename)
      if (options.prepare) prepared = await options.prepare(name, fields)
      row = await beginUpload(deps, actor, { ...authorized, name, media: prepared.media })
      let size = 0
      let tooLarge = false
      // Read by hand so a refused file can still be read through to the next part.
      const counted = Readable.from(
        (async function* () {
          for (let next = await source.next(); !next.done; next = await source.next()) {
            size += next.value.byteLength
            if (size > authorized.maxBytes) tooLarge = true
            if (!tooLarge) yield next.value
          }
        })(),
      )
      await pipeline(counted, fs.createWriteStream(file()))
      if (tooLarge) throw new FileTooLargeError(authorized.maxBytes)
      if (size === 0) throw new AppError('ValidationError', EMPTY_FILE_MESSAGE)
      started.push({ row, file: file(), release: prepared.release })
      outcomes.push({ name, file: toFileView(deps, row) })
    } catch (error) {
      if (row) {
        await fs.promises.rm(file(), { force: true })
        await abandonUpload(deps, row.key)
      }
      await prepared.release?.().catch(() => undefined)
      await drain().catch(() => undefined)
      if (isAppErrorLike(error)) outcomes.push({ name, error: error.message })
      else stop ??= error
    }
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    stop ??= error
  }
  if (stop) {
    // Nothing of a refused form goes on: files read before the refusal are dropped too.
    for (const got of started) {
      await fs.promises.rm(got.file, { force: true })
      await abandonUpload(deps, got.row.key)
      await got.release?.().catch(() => undefined)
    }
    if (stop instanceof Response || isAppErrorLike(stop)) throw stop
    if (stop instanceof MaxPartSizeExceededError) throw new AppError('ValidationError', 'A form field is too long.')
    throw new AppError('ValidationError', 'The upload could not be read. Try again.')
  }
  // Only now: a file is scanned once the whole form has been accepted.
  const byKey = new Map<string, FileView>()
  for (const got of started) {
    const row = await finishUpload(deps, got.row.key, { file: got.file }, () =>
      fs.promises.rm(got.file, { force: true }),
    )
    byKey.set(row.key, toFileView(deps, row))
  }
  return {
    files: outcomes.map((outcome) =>
      'file' in outcome ? { name: outcome.name, file: byKey.get(outcome.file.key) ?? outcome.file } : outcome,
    ),
    leftOut,
    fields,
  }
}

/**
 * Streams one form part to `file`, counting as it arrives: past `maxBytes` it stops with 413
 * (whatever Content-Length said), and an empty part is refused.
 */
export async function writeLimitedPart(data: AsyncIterable<Uint8Array>, file: string, maxBytes: number): Promise<void> {
  let size = 0
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of data) {
        size += chunk.byteLength
        if (size > maxBytes) throw new FileTooLargeError(maxBytes)
        yield chunk
      }
    })(),
  )
  await pipeline(counted, fs.createWriteStream(file))
  if (size === 0) throw new AppError('ValidationError', EMPTY_FILE_MESSAGE)
}
