// The Image Crop form's submission (brand images and the profile picture): the upload read with
// its size limit, the CSRF check, the button pressed and the crop fields.
import type { AppLoadContext } from '@remix-run/node'
import { AppError, isAppError } from './errors'
import { CROP_FIELDS_MESSAGE, SELECT_CROP_AREA, parseCropFields, type CropRect } from './crop'
import { requireCsrf } from './session.server'
import { readImageUpload } from './upload.server'

export type CropIntent = 'save' | 'crop' | 'reset'

export type CropSubmission =
  | { ok: true; intent: CropIntent; file: Buffer | null; crop: CropRect | null }
  | { ok: false; message: string; status: number }

export async function readCropSubmission(request: Request, context: AppLoadContext): Promise<CropSubmission> {
  let upload
  try {
    upload = await readImageUpload(request)
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message, status: error.status }
    throw error
  }
  await requireCsrf(request, context, upload.fields)
  const field = (name: string) => {
    const value = upload.fields.get(name)
    return typeof value === 'string' ? value : null
  }
  const intentField = field('intent')
  const intent: CropIntent = intentField === 'crop' || intentField === 'reset' ? intentField : 'save'
  const crop = parseCropFields({ x: field('x'), y: field('y'), width: field('width'), height: field('height') })
  if (intent !== 'reset' && crop.kind === 'invalid') return { ok: false, message: CROP_FIELDS_MESSAGE, status: 400 }
  if (intent === 'crop' && crop.kind === 'none') return { ok: false, message: SELECT_CROP_AREA, status: 400 }
  return { ok: true, intent, file: upload.file, crop: crop.kind === 'rect' ? crop.rect : null }
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
