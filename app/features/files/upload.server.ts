// Reads a multipart upload (one image file and a few text fields) with a hard size limit, for
// pages (Remix actions) and the JSON API alike. The file streams straight into the blob store as
// it arrives (size and type by content checked on the way, nothing held whole in memory); the
// text fields are small and capped; the whole body is counted as it streams, so a client cannot
// send more than the limit whatever it declares in Content-Length.
import { isBlobRefused, type BlobStore } from '#app/infra/blob-store.server'
import { AppError } from '#app/platform/errors'
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import type { Request as ExpressRequest } from 'express'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** Room for the text fields and multipart boundaries beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024
/** The image types an upload may be, told by their bytes. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const

export const UPLOAD_TOO_LARGE_MESSAGE = 'The file is too large: upload an image of at most 10 MB.'
export const NOT_MULTIPART_MESSAGE = 'Send the image as multipart/form-data with a "file" field.'
export const NOT_AN_IMAGE_MESSAGE = 'The file is not a JPEG, PNG or WebP image.'

/** A ValidationError answered with 413 Payload Too Large. */
export class UploadTooLargeError extends AppError {
  override readonly status = 413
  constructor() {
    super('ValidationError', UPLOAD_TOO_LARGE_MESSAGE)
  }
}

/** An uploaded file as it sits in the blob store, waiting for the service that uses it. */
export interface StoredUpload {
  key: string
  contentType: string
  size: number
}

export interface ImageUpload {
  /** The chosen file, or null when the form was sent without one. */
  file: StoredUpload | null
  fields: FormData
}

function countingBody(request: Request, limit: number): { request: Request; exceeded: () => boolean } {
  let seen = 0
  let over = false
  if (!request.body) return { request, exceeded: () => false }
  const limiter = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength
      if (seen > limit) {
        over = true
        controller.error(new UploadTooLargeError())
        return
      }
      controller.enqueue(chunk)
    },
  })
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body.pipeThrough(limiter),
    duplex: 'half',
  } as RequestInit)
  return { request: limited, exceeded: () => over }
}

/**
 * Parses a multipart form whose `file` field is an image of at most `maxBytes`, runs `handle` with
 * it, and then deletes the uploaded file whatever happened: a service that keeps the image makes
 * its own copy (normalised), so an upload never outlives its request.
 */
export async function withImageUpload<T>(
  request: Request,
  blobs: BlobStore,
  handle: (upload: ImageUpload) => Promise<T>,
  maxBytes = MAX_IMAGE_BYTES,
): Promise<T> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError('ValidationError', NOT_MULTIPART_MESSAGE)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw new UploadTooLargeError()
  const counted = countingBody(request, maxBytes + FORM_OVERHEAD_BYTES)
  let file: StoredUpload | null = null
  const discard = async () => {
    if (file) await blobs.delete(file.key).catch(() => undefined)
  }
  const textFields = unstable_createMemoryUploadHandler({ maxPartSize: FORM_OVERHEAD_BYTES })
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== 'string') return textFields(part)
    // Only the first `file` part is kept; other file parts are read past (the body limit holds).
    if (part.name !== 'file' || file) {
      for await (const _chunk of part.data) void _chunk
      return undefined
    }
    const key = `uploads/incoming/${randomBytes(12).toString('hex')}`
    const info = await blobs
      .put(key, Readable.from(part.data), { contentType: IMAGE_TYPES, maxBytes })
      .catch((error: unknown) => {
        // A form sent without choosing a file has an empty `file` part: that is "no file".
        if (isBlobRefused(error) && error.reason === 'empty') return null
        throw error
      })
    if (info) file = { key, ...info }
    return undefined
  }
  let fields: FormData
  try {
    fields = await unstable_parseMultipartFormData(counted.request, handler)
  } catch (error) {
    await discard()
    if (counted.exceeded() || error instanceof MaxPartSizeExceededError || error instanceof UploadTooLargeError) {
      throw new UploadTooLargeError()
    }
    if (isBlobRefused(error)) {
      if (error.reason === 'tooLarge') throw new UploadTooLargeError()
      throw new AppError('ValidationError', NOT_AN_IMAGE_MESSAGE)
    }
    throw new AppError('ValidationError', 'The upload could not be read. Try again.')
  }
  try {
    return await handle({ file, fields })
  } finally {
    await discard()
  }
}

/** The same for the JSON API: Express's request as a Fetch request (its body is still unread). */
export function fetchRequestOf(req: ExpressRequest): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) headers.set(name, value.join(', '))
  }
  return new Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers,
    body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit)
}
