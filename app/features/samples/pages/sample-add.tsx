// `/brand/{id}/style/{style}/samples/add`: add virtual samples (pictures, videos, 3D files) to a
// style. A multipart form through the file pipeline, so it works without JavaScript; each file
// becomes a sample In Progress and shows once its scan passes (decision 134).
import { useCsrfToken } from '#app/platform/csrf'
import { Button, ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { BackIcon } from '#app/ui/icons'
import { CsrfField } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './sample-add.server'

export const meta: MetaFunction = () => [{ title: 'Add samples · Virtual Atelier · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
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
