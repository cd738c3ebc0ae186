// The server side of sample-add.tsx: what its route loads and does.
import { extensionOf, unsupportedFileMessage } from '#app/features/atelier'
import { getWizardStyle } from '#app/features/atelier/index.server'
import { SCAN_MESSAGES } from '#app/features/files'
import { SAMPLE_EXTENSIONS } from '#app/features/samples/sample-formats'
import { uploadSamples } from '#app/features/samples/samples.server'
import { AppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import type { Toast } from '#app/platform/toast'
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const header = await run(() => getWizardStyle(context.deps, actor, params.brandKey!, params.styleKey!))
  if (!header.canEdit)
    throw json(
      { error: { type: 'PermissionError', message: 'This needs owner or editor access to the style.' } },
      { status: 403 },
    )
  return json({ brandKey: params.brandKey!, style: header.style, extensions: SAMPLE_EXTENSIONS })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const styleKey = params.styleKey!
  await run(() => getWizardStyle(context.deps, actor, brandKey, styleKey))
  let checked = false
  const result = await run(() =>
    uploadSamples(
      context.deps,
      actor,
      request,
      { brandKey, styleKey },
      {
        maxFiles: 20,
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
  const here = `/brand/${brandKey}/style/${styleKey}/samples/add`
  if (!checked)
    return redirectWithToast(request, context, here, { kind: 'error', message: 'Choose at least one file.' })
  const toasts: Toast[] = []
  for (const refused of result.refused.slice(0, 5)) {
    const message = refused.error.startsWith(refused.name) ? refused.error : `${refused.name}: ${refused.error}`
    toasts.push({ kind: 'error', message, persistent: true })
  }
  const first = result.references[0]
  if (!first) return redirectWithToast(request, context, here, toasts)
  toasts.unshift({ kind: 'info', message: SCAN_MESSAGES.scanning })
  return redirectWithToast(request, context, `/brand/${brandKey}/style/${styleKey}/samples/${first.key}`, toasts)
}
