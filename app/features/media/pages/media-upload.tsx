// `/brand/{id}/products/media/upload`: step 2 of 3, product media upload (catalogue.md §2).
// Breadcrumbs, the stepper, the File Upload requirements, drag and drop or Select Files, and the
// media table. With JavaScript the photos go one by one through tus behind the Upload Detail
// modal (app/features/media/components/media-uploader.tsx); without it the form posts them all here, and
// the answer is the summary of that post (the `detail` child route). ?collection= scopes the page
// (the /collection/{id}/products/media/upload address leads here).
import { CatalogueBreadcrumbs } from '#app/features/catalogue/components'
import { StepperFrame } from '#app/features/imports/components'
import { MediaTable } from '#app/features/media/components/media-table'
import { MEDIA_FORM_ID, MediaUploader, RequirementTooltip } from '#app/features/media/components/media-uploader'
import { useCsrfToken } from '#app/platform/csrf'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useRevalidator } from '@remix-run/react'
import { useCallback, useRef } from 'react'
import type { loader } from './media-upload.server'

export const meta: MetaFunction = () => [{ title: 'Product Media Upload · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Product Media',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

export default function ProductMediaUpload() {
  const { brand, line, collection, canEdit, table, olderTo, maxBytes, maxFiles } = useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const revalidator = useRevalidator()
  // Many photos settle at once: one refresh of the table for a burst of them.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null)
  const refresh = useCallback(() => {
    if (pending.current) return
    pending.current = setTimeout(() => {
      pending.current = null
      revalidator.revalidate()
    }, 400)
  }, [revalidator])
  const base = `/brand/${brand.key}/products/media/upload`
  const action = collection ? `${base}?collection=${encodeURIComponent(collection.key)}` : base
  const manageTo = `/brand/${brand.key}/products/media/manage`
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <CatalogueBreadcrumbs brand={brand} line={line} collection={collection} />
          <h1 className="mt-2 text-2xl font-semibold tracking-tight">Product Media Upload</h1>
          <p className="mt-1 text-sm text-muted">
            {collection ? `Collection ${collection.name} · ` : ''}Photos named after a listing go straight onto it; the
            others wait in the pool.
          </p>
        </div>
        <RequirementTooltip maxBytes={maxBytes} maxFiles={maxFiles} />
      </div>
      <StepperFrame
        actions={{ brandKey: brand.key, current: 'media', nextTo: manageTo, saveForm: canEdit ? MEDIA_FORM_ID : null }}
      >
        <section aria-label="Upload photos">
          {canEdit ? (
            <MediaUploader brandKey={brand.key} csrf={csrf} action={action} manageTo={manageTo} onChanged={refresh} />
          ) : (
            <p className="rounded-lg border border-line bg-white p-6 text-sm text-muted">
              Only owners and editors of the brand can upload product photos.
            </p>
          )}
        </section>
        <section aria-labelledby="media-table-title" className="mt-10">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="media-table-title" className="text-lg font-semibold tracking-tight">
              Uploaded media
            </h2>
            {table.canArrange && table.rows.some((row) => row.listing) ? (
              <p className="text-xs text-muted">
                Drag a photo on a listing to change its place among that listing’s photos.
              </p>
            ) : null}
          </div>
          <MediaTable rows={table.rows} canArrange={table.canArrange} csrf={csrf} onSaved={refresh} />
          {olderTo ? (
            <div className="mt-3 flex justify-end">
              <Link to={olderTo} className="text-sm font-medium underline underline-offset-2">
                Older photos
              </Link>
            </div>
          ) : null}
        </section>
      </StepperFrame>
      <Outlet />
    </div>
  )
}
