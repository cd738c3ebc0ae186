// `/brand/{id}/products/media/manage/delete/{media}`: Delete Image, the confirmation of catalogue.md
// §2 ("Are you sure you would like to delete this image?"), a dialog over the manage page that keeps
// its query. With JavaScript the confirmation calls DELETE /api/media/model/{key}; without it the
// form posts here and the page comes back with its toast.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useState } from 'react'
import { api } from '#app/platform/api-client'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { showToast } from '#app/ui/live-toasts'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import { IMAGE_DELETED } from '#app/features/media/media-order'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { useHydrated } from '#app/ui/use-hydrated'
import { deleteMedia } from '#app/features/media/media.server'
import { mediaToDelete } from '#app/features/media/media-manage.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const photo = await run(() => mediaToDelete(context.deps, actor, params.brandKey!, params.mediaKey!))
  return json({ brandKey: params.brandKey!, photo })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => mediaToDelete(context.deps, actor, params.brandKey!, params.mediaKey!))
  await run(() => deleteMedia(context.deps, actor, params.mediaKey!))
  const url = new URL(request.url)
  url.searchParams.delete('index')
  url.searchParams.delete('_data')
  const back = `/brand/${params.brandKey}/products/media/manage${url.search}`
  return redirectWithToast(request, context, back, { kind: 'success', message: IMAGE_DELETED })
}

export default function DeleteImage() {
  const { brandKey, photo } = useLoaderData<typeof loader>()
  const location = useLocation()
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const csrf = useCsrfToken()
  const [busy, setBusy] = useState(false)
  const closeTo = `/brand/${brandKey}/products/media/manage${location.search}`
  return (
    <RouteDialog title="Delete Image" closeTo={closeTo}>
      <Form
        method="post"
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          if (!hydrated) return
          event.preventDefault()
          setBusy(true)
          api('DELETE', `media/model/${photo.key}`)
            .then(() => {
              showToast({ kind: 'success', message: IMAGE_DELETED })
              navigate(closeTo, { preventScrollReset: true })
            })
            .catch((error: unknown) => {
              setBusy(false)
              showToast({ kind: 'error', message: error instanceof Error ? error.message : String(error) })
            })
        }}
      >
        <CsrfField token={csrf} />
        <div className="flex items-center gap-4">
          {photo.thumbnail ? (
            <img
              src={photo.thumbnail}
              alt=""
              className="aspect-product w-16 rounded object-cover ring-1 ring-black/5"
            />
          ) : null}
          <div className="min-w-0">
            <p>{MEDIA_TEXTS.deleteConfirm}</p>
            <p className="truncate text-sm text-muted">{photo.name}</p>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="danger" disabled={busy}>
            Delete Image
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
