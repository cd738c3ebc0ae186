// `/brand/{id}/style/{style}/samples/{reference}/version`: a new version of a sample (decision 139).
// The form is the sample page's "Upload new version" dialog; it posts here as multipart through the
// file pipeline, so it works without JavaScript. The new version opens once uploaded.
import { extensionOf, unsupportedFileMessage } from '#app/features/atelier'
import { SCAN_MESSAGES } from '#app/features/files'
import { SAMPLE_EXTENSIONS } from '#app/features/samples/sample-formats'
import { getSampleReview, uploadSampleVersion } from '#app/features/samples/samples.server'
import { AppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import type { Toast } from '#app/platform/toast'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

const samplePage = (params: LoaderFunctionArgs['params']) =>
  `/brand/${params.brandKey}/style/${params.styleKey}/samples/${params.sampleKey}`

/** The form lives in the sample page's dialog. */
export function loader({ params }: LoaderFunctionArgs) {
  return redirect(`${samplePage(params)}?dialog=version`)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const { brandKey, styleKey } = params as { brandKey: string; styleKey: string }
  // The sample must be this style's and brand's, and visible, before anything is read from the body.
  await run(() => getSampleReview(context.deps, actor, brandKey, styleKey, params.sampleKey))
  let checked = false
  const result = await run(() =>
    uploadSampleVersion(
      context.deps,
      actor,
      request,
      { brandKey, styleKey, sampleKey: params.sampleKey },
      {
        prepare: async (name, fields) => {
          if (!checked) await requireCsrf(request, context, fields)
          checked = true
          if (!SAMPLE_EXTENSIONS.includes(extensionOf(name))) {
            throw new AppError('ValidationError', unsupportedFileMessage(name))
          }
          return {}
        },
      },
    ),
  )
  const back = `${samplePage(params)}?dialog=version`
  if (!checked) return redirectWithToast(request, context, back, { kind: 'error', message: 'Choose a file.' })
  const refused = result.refused[0]
  if (!result.version) {
    const message = refused
      ? refused.error.startsWith(refused.name)
        ? refused.error
        : `${refused.name}: ${refused.error}`
      : 'Choose a file.'
    return redirectWithToast(request, context, back, { kind: 'error', message, persistent: true })
  }
  const toasts: Toast[] = [
    { kind: 'success', message: result.version.message },
    { kind: 'info', message: SCAN_MESSAGES.scanning },
  ]
  return redirectWithToast(
    request,
    context,
    `/brand/${brandKey}/style/${styleKey}/samples/${result.version.key}`,
    toasts,
  )
}
