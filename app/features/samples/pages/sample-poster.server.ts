// `/brand/{id}/style/{style}/samples/{reference}/poster`: a still of a 3D sample (decision 141).
// The sample page's 3D viewer posts it, with the form's CSRF token, when the model first shows to
// someone who may manage the style's files and the sample has none yet. There is no form for it:
// without JavaScript there is no viewer to take it from.
import { refusedUploadHeaders } from '#app/features/files/index.server'
import { withImageUpload } from '#app/features/files/index.server'
import { getSampleReview, saveSamplePoster } from '#app/features/samples/samples.server'
import { isAppError } from '#app/platform/errors'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/brand/${params.brandKey}/style/${params.styleKey}/samples/${params.sampleKey}`)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const { brandKey, styleKey } = params as { brandKey: string; styleKey: string }
  // The sample must be this style's and brand's, and visible, before anything is read from the body.
  await run(() => getSampleReview(context.deps, actor, brandKey, styleKey, params.sampleKey))
  try {
    const result = await withImageUpload(request, context.deps.blobs, async (upload) => {
      await requireCsrf(request, context, upload.fields)
      return run(() =>
        saveSamplePoster(context.deps, actor, { brandKey, styleKey, sampleKey: params.sampleKey }, upload.file),
      )
    })
    return json(result, { status: result.saved ? 201 : 200 })
  } catch (error) {
    // A refused upload (size, type, not multipart) before the service ran.
    if (isAppError(error)) {
      return json(
        { error: { type: error.type, message: error.message } },
        { status: error.status, headers: refusedUploadHeaders(error.status) },
      )
    }
    throw error
  }
}
