// Endpoints of branding and profile pictures. Images are sent as multipart/form-data: `file`
// (optional when only re-cropping) and the crop as x, y, width, height in percent of the image.
import { AppError } from '#app/platform/errors'
import { CROP_FIELDS_MESSAGE, isBrandImageSlot, parseCropFields, type BrandImageSlot } from '#app/features/files'
import {
  UploadTooLargeError,
  fetchRequestOf,
  withImageUpload,
  type StoredUpload,
} from '#app/features/files/index.server'
import {
  getBranding,
  requireBrandingAccess,
  resetBrandImage,
  setBrandImage,
  updateBranding,
} from '#app/features/brands/branding.server'
import { getProfilePicture, setProfilePicture } from '#app/features/identity/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { CropRect } from '#app/features/files'
import { requireActor, stringField, type ApiCall, type Endpoint } from '#app/platform/api/endpoint'

function brandOf(call: ApiCall): string {
  const brand = stringField(call.query, 'brand') ?? stringField(call.body, 'brand')
  if (!brand) throw new AppError('ValidationError', 'brand: is required.')
  return brand
}

function slotOf(call: ApiCall): BrandImageSlot {
  const slot = stringField(call.query, 'slot') ?? stringField(call.body, 'slot')
  if (!isBrandImageSlot(slot)) {
    throw new AppError('ValidationError', 'slot: one of logo, hero, login_background, image_2 … image_7.')
  }
  return slot
}

/** Reads the upload and crop of an image call and runs `save` with them; the upload is deleted after. */
function withImageChange<T>(
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

export const brandingEndpoints: Endpoint[] = [
  {
    verb: 'GET',
    path: 'brand/method/branding',
    auth: true,
    handle: (deps, call) => getBranding(deps, requireActor(call), brandOf(call)),
  },
  {
    verb: 'PUT',
    path: 'brand/method/branding',
    auth: true,
    handle(deps, call) {
      const actor = requireActor(call)
      const { brand: _brand, ...changes } = (call.body ?? {}) as Record<string, unknown>
      return updateBranding(deps, actor, brandOf(call), changes)
    },
  },
  {
    verb: 'POST',
    path: 'brand/method/image',
    auth: true,
    multipart: true,
    async handle(deps, call) {
      const actor = requireActor(call)
      const brand = brandOf(call)
      const slot = slotOf(call)
      requireBrandingAccess(actor, brand)
      return withImageChange(deps, call, (change) => setBrandImage(deps, actor, brand, slot, change))
    },
  },
  {
    verb: 'POST',
    path: 'brand/method/image_reset',
    auth: true,
    handle: (deps, call) => resetBrandImage(deps, requireActor(call), brandOf(call), slotOf(call)),
  },
  {
    verb: 'GET',
    path: 'account/method/profile_picture',
    auth: true,
    handle: (deps, call) => getProfilePicture(deps, requireActor(call)),
  },
  {
    verb: 'POST',
    path: 'account/method/profile_picture',
    auth: true,
    multipart: true,
    async handle(deps, call) {
      const actor = requireActor(call)
      return withImageChange(deps, call, (change) => setProfilePicture(deps, actor, change))
    },
  },
]
