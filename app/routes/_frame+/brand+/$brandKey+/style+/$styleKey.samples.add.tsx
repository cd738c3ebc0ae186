// `/brand/{id}/style/{style}/samples/add`: add virtual samples (pictures, videos, 3D files) to a
// style. A multipart form through the file pipeline, so it works without JavaScript; each file
// becomes a sample In Progress and shows once its scan passes (decision 134).
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, json } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Button, ButtonLink } from '#app/ui/button'
import { BackIcon } from '#app/ui/icons'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { AppError } from '#app/platform/errors'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import { SAMPLE_EXTENSIONS } from '#app/features/samples/sample-formats'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { extensionOf, unsupportedFileMessage } from '#app/features/atelier/style-file-types'
import type { Toast } from '#app/platform/toast'
import { uploadSamples } from '#app/features/samples/samples.server'
import { getWizardStyle } from '#app/features/atelier/styles.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Add samples · Virtual Atelier · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const header = await run(() => getWizardStyle(context.deps, actor, params.brandKey!, params.styleKey!))
  if (!header.canEdit)
    throw json(
      { error: { type: 'PermissionError', message: 'This needs owner or editor access to the style.' } },
      { status: 403 },
    )
  return json({ brandKey: params.brandKey!, style: header.style, extensions: SAMPLE_EXTENSIONS })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function AddSamples() {
  const { brandKey, style, extensions } = useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const styleHref = `/brand/${brandKey}/style/${style.key}`
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to={styleHref} className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
          <BackIcon className="h-4 w-4" /> {style.name}
        </Link>
        <h1 className="font-display text-2xl">Add virtual samples</h1>
      </div>
      <form
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-4 rounded-lg border border-line bg-white p-6"
      >
        <CsrfField token={csrf} />
        <label className="flex flex-col gap-2 text-sm">
          Files
          <input
            type="file"
            name="file"
            multiple
            required
            accept={extensions.map((extension) => `.${extension}`).join(',')}
            className="text-sm"
          />
        </label>
        <p className="text-xs text-muted">Pictures, videos and 3D files ({extensions.join(', ')}); up to 20 at once.</p>
        <div className="flex justify-end gap-2">
          <ButtonLink variant="secondary" to={styleHref}>
            Cancel
          </ButtonLink>
          <Button type="submit">Upload</Button>
        </div>
      </form>
    </div>
  )
}
