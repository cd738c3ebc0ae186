// The server side of customization-image.tsx: what its route loads and does.
import {
  getBranding,
  requireBrandingAccess,
  resetBrandImage,
  setBrandImage,
} from '#app/features/brands/branding.server'
import { isBrandImageSlot } from '#app/features/files'
import { attemptImageChange, refusedUploadHeaders, withCropSubmission } from '#app/features/files/index.server'
import { guard, redirectWithToast, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The Image Crop modal
export const access = brandPage('branding.edit')

function slotOrNotFound(slot: string | undefined) {
  if (!isBrandImageSlot(slot)) throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  return slot
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const slot = slotOrNotFound(params.slot)
  const { images } = await run(() => getBranding(context.deps, actor, params.brandKey!))
  return json({ slot, image: images[slot] ?? null })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const slot = slotOrNotFound(params.slot)
  // Refused before the upload is read.
  await run(async () => requireBrandingAccess(actor, brandKey))
  return withCropSubmission(request, context, async (submission) => {
    if (!submission.ok) {
      const init = { status: submission.status, headers: refusedUploadHeaders(submission.status) }
      return json({ error: submission.message }, init)
    }
    const outcome = await attemptImageChange(() =>
      submission.intent === 'reset'
        ? resetBrandImage(context.deps, actor, brandKey, slot)
        : setBrandImage(context.deps, actor, brandKey, slot, { file: submission.file, crop: submission.crop }),
    )
    if (!outcome.ok) return json({ error: outcome.message }, { status: outcome.status })
    const url = new URL(request.url)
    const target =
      submission.intent === 'save' ? `/brand/${brandKey}/customization${url.search}` : `${url.pathname}${url.search}`
    return redirectWithToast(request, context, target, { kind: 'success', message: 'Brand has been updated' })
  })
}
