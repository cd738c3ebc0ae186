// The Image Crop form's submission (brand images and the profile picture): the upload read with
// its size limit, the CSRF check, the button pressed and the crop fields.
import { AppError, isAppError } from '#app/platform/errors'
import { requireCsrf } from '#app/platform/session.server'
import type { AppLoadContext } from '@remix-run/node'
import { CROP_FIELDS_MESSAGE, SELECT_CROP_AREA, parseCropFields, type CropRect } from './crop'
import { withImageUpload, type StoredUpload } from './upload.server'

export type CropIntent = 'save' | 'crop' | 'reset'

export type CropSubmission =
  | { ok: true; intent: CropIntent; file: StoredUpload | null; crop: CropRect | null }
  | { ok: false; message: string; status: number }

/**
 * Reads the form and runs `handle` with it; the uploaded file (stored while the form streamed in)
 * is deleted once `handle` has finished, so `handle` must hand it to the service that keeps it.
 */
export async function withCropSubmission<T>(
  request: Request,
  context: AppLoadContext,
  handle: (submission: CropSubmission) => Promise<T>,
): Promise<T> {
  let started = false
  const run = (submission: CropSubmission) => {
    started = true
    return handle(submission)
  }
  try {
    return await withImageUpload(request, context.deps.blobs, async (upload) => {
      await requireCsrf(request, context, upload.fields)
      const field = (name: string) => {
        const value = upload.fields.get(name)
        return typeof value === 'string' ? value : null
      }
      const intentField = field('intent')
      const intent: CropIntent = intentField === 'crop' || intentField === 'reset' ? intentField : 'save'
      const crop = parseCropFields({ x: field('x'), y: field('y'), width: field('width'), height: field('height') })
      if (intent !== 'reset' && crop.kind === 'invalid')
        return run({ ok: false, message: CROP_FIELDS_MESSAGE, status: 400 })
      if (intent === 'crop' && crop.kind === 'none') return run({ ok: false, message: SELECT_CROP_AREA, status: 400 })
      const file = intent === 'reset' ? null : upload.file
      return run({ ok: true, intent, file, crop: crop.kind === 'rect' ? crop.rect : null })
    })
  } catch (error) {
    // A refused upload (size, type, not multipart) becomes the form's message.
    if (!started && isAppError(error)) return run({ ok: false, message: error.message, status: error.status })
    throw error
  }
}

/** Headers of a refused upload: after a 413 the unread rest of the body makes the connection unusable. */
export function refusedUploadHeaders(status: number): HeadersInit | undefined {
  return status === 413 ? { Connection: 'close' } : undefined
}

/** Runs an image change; a refused image (type, size, pixels) becomes the form's message. */
export async function attemptImageChange(
  change: () => Promise<unknown>,
): Promise<{ ok: true } | { ok: false; message: string; status: number }> {
  try {
    await change()
    return { ok: true }
  } catch (error) {
    if (error instanceof AppError && error.type === 'ValidationError') {
      return { ok: false, message: error.message, status: error.status }
    }
    throw error
  }
}
