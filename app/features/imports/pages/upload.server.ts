// The server side of upload.tsx: what its route loads and does.
import { mayEditListings } from '#app/features/catalogue/index.server'
import { reviewUploadMessage } from '#app/features/imports/import-texts'
import { importScope, receiveUpload } from '#app/features/imports/import-upload.server'
import { listImports } from '#app/features/imports/imports.server'
import { brandPage, API_VERSION } from '#app/platform/access/permissions'
import { guard, redirectWithToast, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

export const access = brandPage('brand.view')

const HISTORY_PAGE = 25

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const { scope, label } = await run(() => importScope(context, actor, brandKey, (name) => url.searchParams.get(name)))
  const tab = url.searchParams.get('tab') === 'history' ? 'history' : 'data'
  // catalogue.md §2: the history is loaded only when the API version is 3.
  const historyAvailable = API_VERSION === 3
  const cursor = Math.max(0, Number.parseInt(url.searchParams.get('cursor') ?? '0', 10) || 0)
  const history =
    tab === 'history' && historyAvailable
      ? await run(() => listImports(context.deps, actor, brandKey, { cursor, limit: HISTORY_PAGE }))
      : null
  return json({
    brandKey,
    tab,
    scope: { line: scope.lineKey ?? null, collection: scope.collectionKey ?? null },
    scopeLabel: label,
    canEdit: mayEditListings(actor, brandKey),
    history,
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const outcome = await receiveUpload(request, context, actor, brandKey)
  if (!outcome.ok) {
    // A file too large is not read to its end, which would leave the connection unusable: close it.
    const headers: HeadersInit = outcome.status === 413 ? { Connection: 'close' } : {}
    return json({ error: outcome.message }, { status: outcome.status, headers })
  }
  const { view } = outcome
  const page = `/brand/${brandKey}/products/upload/${view.key}`
  if (view.status === 'needs_mapping') return redirect(`${page}/mapping`)
  if (view.status === 'failed' || view.counts.errors > 0) {
    return redirectWithToast(request, context, page, {
      kind: 'error',
      message: reviewUploadMessage(),
      persistent: true,
    })
  }
  return redirect(page)
}
