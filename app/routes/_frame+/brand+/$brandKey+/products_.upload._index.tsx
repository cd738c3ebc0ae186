// `/brand/{id}/products/upload`: step 1 of 3, product upload by spreadsheet (catalogue.md §2).
// Tabs Data Sheet and History (?tab=history); the blank template; the upload form, whose file
// streams to the import service as it arrives. ?line= or ?collection= scope the upload (the
// /line/{id}/products/upload and /collection/{id}/products/upload addresses lead here). Every
// member may look; only those who may edit listings see the form (the service checks again).
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ImportHistory } from '#app/features/imports/components/import-history'
import { UploadForm } from '#app/features/imports/components/upload-form'
import { StepperFrame } from '#app/features/imports/components/upload-stepper'
import { Toasts } from '#app/ui/toasts'
import { IMPORT_TEXTS, reviewUploadMessage } from '#app/features/imports/import-texts'
import { importScope, receiveUpload } from '#app/features/imports/import-upload.server'
import { guard, redirectWithToast, run } from '#app/platform/session.server'
import { API_VERSION } from '#app/platform/access/permissions'
import { listImports } from '#app/features/imports/imports.server'
import { mayEditListings } from '#app/features/catalogue/listings.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Product Upload · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Product Data',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

const HISTORY_PAGE = 25

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
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
  const actor = await guard(request, context)
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

export default function ProductUpload() {
  const { brandKey, tab, scope, scopeLabel, canEdit, history } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const query = (extra: Record<string, string>) => {
    const search = new URLSearchParams(extra)
    if (scope.line) search.set('line', scope.line)
    if (scope.collection) search.set('collection', scope.collection)
    const text = search.toString()
    return text ? `?${text}` : ''
  }
  const base = `/brand/${brandKey}/products/upload`
  const tabClass = (active: boolean) =>
    `-mb-px border-b-2 px-4 py-2 ${active ? 'border-ink font-medium text-ink' : 'border-transparent text-muted hover:text-ink'}`
  return (
    <div className="mx-auto max-w-6xl">
      {result?.error ? (
        <Toasts toasts={[{ kind: 'error', message: `${IMPORT_TEXTS.uploadError}${result.error}`, persistent: true }]} />
      ) : null}
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Product Upload</h1>
          <p className="mt-1 text-sm text-muted">
            {scopeLabel ? `${scopeLabel} · ` : ''}Upload a line sheet as CSV: check the dry run, then commit.
          </p>
        </div>
        <a href={`${base}/template`} download className="text-sm font-medium underline underline-offset-2">
          Download template
        </a>
      </div>
      <nav aria-label="Product upload" className="mb-6 flex gap-1 border-b border-line text-sm">
        <Link
          to={`${base}${query({})}`}
          className={tabClass(tab === 'data')}
          aria-current={tab === 'data' ? 'page' : undefined}
        >
          Data Sheet
        </Link>
        <Link
          to={`${base}${query({ tab: 'history' })}`}
          className={tabClass(tab === 'history')}
          aria-current={tab === 'history' ? 'page' : undefined}
        >
          History
        </Link>
      </nav>
      {tab === 'history' ? (
        <ImportHistory
          brandKey={brandKey}
          imports={history?.data ?? []}
          canEdit={canEdit}
          moreTo={history?.more ? `${base}${query({ tab: 'history', cursor: String(history.cursor) })}` : null}
        />
      ) : (
        <StepperFrame actions={{ brandKey, current: 'upload', nextTo: `/brand/${brandKey}/products/media/upload` }}>
          {canEdit ? (
            <UploadForm id="upload-form" scope={scope} error={result?.error ?? null} />
          ) : (
            <p className="rounded-lg border border-line bg-white p-6 text-sm text-muted">
              Only owners and editors of the brand can upload product data. The History tab lists earlier uploads.
            </p>
          )}
        </StepperFrame>
      )}
    </div>
  )
}
