// An image call of the JSON API (a brand image, a profile picture): multipart/form-data with
// `file` (optional when only re-cropping) and the crop as x, y, width, height in percent.
import { AppError } from '#app/platform/errors'
import type { ServiceDeps } from '#app/platform/context.server'
import type { ApiCall } from '#app/platform/api/endpoint.server'
import { CROP_FIELDS_MESSAGE, parseCropFields, type CropRect } from './crop'
import { UploadTooLargeError, fetchRequestOf, withImageUpload, type StoredUpload } from './upload.server'

/** Reads the upload and crop of an image call and runs `save` with them; the upload is deleted after. */
export function withImageCall<T>(
  deps: ServiceDeps,
  call: ApiCall,
  save: (change: { file: StoredUpload | null; crop: CropRect | null }) => Promise<T>,
): Promise<T> {
  return withImageUpload(fetchRequestOf(call.req), deps.blobs, (upload) => {
    const field = (name: string) => {
      const value = upload.fields.get(name)
      return typeof value === 'string' ? value : null
    }
    const crop = parseCropFields({ x: field('x'), y: field('y'), width: field('width'), height: field('height') })
    if (crop.kind === 'invalid') throw new AppError('ValidationError', CROP_FIELDS_MESSAGE)
    return save({ file: upload.file, crop: crop.kind === 'rect' ? crop.rect : null })
  }).catch((error: unknown) => {
    // The rest of the body is never read: the connection cannot carry another request.
    if (error instanceof UploadTooLargeError) call.req.res?.setHeader('Connection', 'close')
    throw error
  })
}
