// The server side of media-upload.tsx: what its route loads and does.
import { getBrand } from '#app/features/brands/index.server'
import { getCollection } from '#app/features/catalogue/index.server'
import { getLine } from '#app/features/catalogue/index.server'
import { mayEditListings } from '#app/features/catalogue/index.server'
import { filePurpose, maxBytesFor } from '#app/features/files/index.server'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import {
  MAX_FORM_FILES,
  MEDIA_FORM_TEXTS,
  mediaTable,
  moveMedia,
  receiveMediaForm,
} from '#app/features/media/media-upload.server'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run, type Toast } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('brand.view')

/** The page's own address with its scope (and nothing else) kept. */
function scoped(path: string, url: URL): string {
  const collection = url.searchParams.get('collection')
  return collection ? `${path}?collection=${encodeURIComponent(collection)}` : path
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
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
    maxBytes: maxBytesFor(deps, filePurpose('listing-media')),
    maxFiles: MAX_FORM_FILES,
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
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
