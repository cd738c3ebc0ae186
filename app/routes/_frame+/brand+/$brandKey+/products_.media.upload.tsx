// `/brand/{id}/products/media/upload`: step 2 of 3, product media upload (catalogue.md §2).
// Breadcrumbs, the stepper, the File Upload requirements, drag and drop or Select Files, and the
// media table. With JavaScript the photos go one by one through tus behind the Upload Detail
// modal (app/features/media/components/media-uploader.tsx); without it the form posts them all here, and
// the answer is the summary of that post (the `detail` child route). ?collection= scopes the page
// (the /collection/{id}/products/media/upload address leads here).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useRevalidator } from '@remix-run/react'
import { useCallback, useRef } from 'react'
import { CatalogueBreadcrumbs } from '#app/features/catalogue/components/breadcrumbs'
import { StepperFrame } from '#app/features/imports/components/upload-stepper'
import { MediaTable } from '#app/features/media/components/media-table'
import { MEDIA_FORM_ID, MediaUploader, RequirementTooltip } from '#app/features/media/components/media-uploader'
import { useCsrfToken } from '#app/platform/csrf'
import { isAppError } from '#app/platform/errors'
import { FILE_PURPOSES } from '#app/features/files/file-purposes'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import { guard, redirectWithToast, requireCsrf, run, type Toast } from '#app/platform/session.server'
import { getBrand } from '#app/features/brands/brands.server'
import { getCollection } from '#app/features/catalogue/collections.server'
import { maxBytesFor } from '#app/features/files/files.server'
import { getLine } from '#app/features/catalogue/lines.server'
import { mayEditListings } from '#app/features/catalogue/listings.server'
import {
  MAX_FORM_FILES,
  MEDIA_FORM_TEXTS,
  mediaTable,
  moveMedia,
  receiveMediaForm,
} from '#app/features/media/media-upload.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Product Media Upload · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Product Media',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

/** The page's own address with its scope (and nothing else) kept. */
function scoped(path: string, url: URL): string {
  const collection = url.searchParams.get('collection')
  return collection ? `${path}?collection=${encodeURIComponent(collection)}` : path
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const collectionKey = url.searchParams.get('collection') || null
  const { deps } = context
  const [brand, collection, table] = await Promise.all([
    run(() => getBrand(deps, actor, brandKey)),
    collectionKey ? run(() => getCollection(deps, actor, collectionKey, brandKey)) : null,
    run(() => mediaTable(deps, actor, brandKey, url.searchParams.get('cursor') || null)),
  ])
  const lineKey = collection?.line ?? null
  const line = lineKey ? await run(() => getLine(deps, actor, lineKey, brandKey)) : null
  return json({
    brand: { key: brand.key, name: brand.name },
    line: line ? { key: line.key, name: line.name } : null,
    collection: collection ? { key: collection.key, name: collection.name } : null,
    canEdit: mayEditListings(actor, brandKey),
    table,
    olderTo:
      table.more && table.cursor
        ? `${scoped(url.pathname, url)}${collectionKey ? '&' : '?'}cursor=${encodeURIComponent(table.cursor)}`
        : null,
    maxBytes: maxBytesFor(deps, FILE_PURPOSES['listing-media']),
    maxFiles: MAX_FORM_FILES,
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const page = scoped(`/brand/${brandKey}/products/media/upload`, url)
  const type = request.headers.get('content-type') ?? ''

  // The move buttons of the table: a small form of its own.
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    const form = await request.formData()
    await requireCsrf(request, context, form)
    if (form.get('intent') !== 'move') {
      return json({ error: { type: 'ValidationError', message: 'intent: move.' } }, { status: 400 })
    }
    const { changed } = await run(() =>
      moveMedia(context.deps, actor, brandKey, { media: form.get('media'), direction: form.get('direction') }),
    )
    return changed
      ? redirectWithToast(request, context, page, { kind: 'success', message: MEDIA_TEXTS.positionsSaved })
      : redirect(page)
  }

  let result: Awaited<ReturnType<typeof receiveMediaForm>>
  try {
    result = await receiveMediaForm(context.deps, actor, request, brandKey, (fields) =>
      requireCsrf(request, context, fields),
    )
  } catch (error) {
    // A file too large for the whole form is not read to its end: close the connection.
    if (isAppError(error) && error.status === 413) {
      return json(
        { error: { type: error.type, message: error.message } },
        { status: 413, headers: { Connection: 'close' } },
      )
    }
    return run(() => Promise.reject(error))
  }
  const toasts: Toast[] = []
  const { uploaded, refused, leftOut, window } = result
  if (uploaded.length === 0 && refused.length > 0 && refused.every((file) => file.error === MEDIA_TEXTS.batchFailed)) {
    // catalogue.md §5: none of the chosen files is of an accepted type.
    toasts.push({ kind: 'error', message: MEDIA_TEXTS.noSupportedFiles, persistent: true })
  } else if (refused.length > 0) {
    toasts.push({ kind: 'error', message: refusedMessage(refused), persistent: true })
  }
  if (leftOut > 0) toasts.push({ kind: 'error', message: MEDIA_FORM_TEXTS.leftOut(leftOut), persistent: true })
  if (uploaded.length === 0 && refused.length === 0) {
    toasts.push({ kind: 'error', message: MEDIA_FORM_TEXTS.noFiles })
  }
  const target =
    window && uploaded.length > 0
      ? `/brand/${brandKey}/products/media/upload/detail?${new URLSearchParams({
          ...(url.searchParams.get('collection') && { collection: url.searchParams.get('collection')! }),
          from: String(window.from),
          to: String(window.to),
        })}`
      : page
  return toasts.length > 0 ? redirectWithToast(request, context, target, toasts) : redirect(target)
}

/** The files a post refused by their names, in one toast (a cookie holds it: kept short). */
function refusedMessage(refused: { name: string; error: string }[]): string {
  const shown = refused.slice(0, 5).map((file) => `${file.name}: ${file.error}`)
  const more = refused.length > shown.length ? ` And ${refused.length - shown.length} more.` : ''
  return `${refused.length === 1 ? 'One file was' : `${refused.length} files were`} not uploaded. ${shown.join(' ')}${more}`
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
