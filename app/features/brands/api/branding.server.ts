// Endpoints of branding. Images are sent as multipart/form-data: `file` (optional when only
// re-cropping) and the crop as x, y, width, height in percent of the image (withImageCall).
import { AppError } from '#app/platform/errors'
import { isBrandImageSlot, type BrandImageSlot } from '#app/features/files'
import { withImageCall } from '#app/features/files/index.server'
import {
  getBranding,
  requireBrandingAccess,
  resetBrandImage,
  setBrandImage,
  updateBranding,
} from '#app/features/brands/branding.server'
import { requireActor, stringField, type ApiCall, type Endpoint } from '#app/platform/api/endpoint.server'

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
      return withImageCall(deps, call, (change) => setBrandImage(deps, actor, brand, slot, change))
    },
  },
  {
    verb: 'POST',
    path: 'brand/method/image_reset',
    auth: true,
    handle: (deps, call) => resetBrandImage(deps, requireActor(call), brandOf(call), slotOf(call)),
  },
]
