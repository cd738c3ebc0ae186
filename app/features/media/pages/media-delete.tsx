// `/brand/{id}/products/media/manage/delete/{media}`: Delete Image, the confirmation of catalogue.md
// §2 ("Are you sure you would like to delete this image?"), a dialog over the manage page that keeps
// its query. With JavaScript the confirmation calls DELETE /api/media/model/{key}; without it the
// form posts here and the page comes back with its toast.
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import { IMAGE_DELETED } from '#app/features/media/media-order'
import { api } from '#app/platform/api-client'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { showToast } from '#app/ui/live-toasts'
import { CsrfField } from '#app/ui/misc'
import { useHydrated } from '#app/ui/use-hydrated'
import { Form, Link, useLoaderData, useLocation, useNavigate } from '@remix-run/react'
import { useState } from 'react'
import type { loader } from './media-delete.server'

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
