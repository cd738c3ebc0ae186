// Reads a multipart upload (one image file and a few text fields) with a hard size limit, for
// pages (Remix actions) and the JSON API alike. Every part is held in memory and capped, and the
// whole body is counted as it streams, so a client cannot send more than the limit whatever it
// declares in Content-Length.
import { Readable } from 'node:stream'
import type { Request as ExpressRequest } from 'express'
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'
import { AppError } from './errors'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
/** Room for the text fields and multipart boundaries beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

export const UPLOAD_TOO_LARGE_MESSAGE = 'The file is too large: upload an image of at most 10 MB.'
export const NOT_MULTIPART_MESSAGE = 'Send the image as multipart/form-data with a "file" field.'

/** A ValidationError answered with 413 Payload Too Large. */
export class UploadTooLargeError extends AppError {
  override readonly status = 413
  constructor() {
    super('ValidationError', UPLOAD_TOO_LARGE_MESSAGE)
  }
}

export interface ImageUpload {
  /** The chosen file, or null when the form was sent without one. */
  file: Buffer | null
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

/** Parses a multipart form whose `file` field is an image of at most `maxBytes`. */
export async function readImageUpload(request: Request, maxBytes = MAX_IMAGE_BYTES): Promise<ImageUpload> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new AppError('ValidationError', NOT_MULTIPART_MESSAGE)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > maxBytes + FORM_OVERHEAD_BYTES) throw new UploadTooLargeError()
  const counted = countingBody(request, maxBytes + FORM_OVERHEAD_BYTES)
  let formData: FormData
  try {
    formData = await unstable_parseMultipartFormData(
      counted.request,
      unstable_createMemoryUploadHandler({ maxPartSize: maxBytes }),
    )
  } catch (error) {
    if (counted.exceeded() || error instanceof MaxPartSizeExceededError || error instanceof UploadTooLargeError) {
      throw new UploadTooLargeError()
    }
    throw new AppError('ValidationError', 'The upload could not be read. Try again.')
  }
  const file = formData.get('file')
  const bytes = file instanceof Blob && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : null
  return { file: bytes, fields: formData }
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
