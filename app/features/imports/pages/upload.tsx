// `/brand/{id}/products/upload`: step 1 of 3, product upload by spreadsheet (catalogue.md §2).
// Tabs Data Sheet and History (?tab=history); the blank template; the upload form, whose file
// streams to the import service as it arrives. ?line= or ?collection= scope the upload (the
// /line/{id}/products/upload and /collection/{id}/products/upload addresses lead here). Every
// member may look; only those who may edit listings see the form (the service checks again).
import { ImportHistory } from '#app/features/imports/components/import-history'
import { UploadForm } from '#app/features/imports/components/upload-form'
import { StepperFrame } from '#app/features/imports/components/upload-stepper'
import { IMPORT_TEXTS } from '#app/features/imports/import-texts'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Toasts } from '#app/ui/toasts'
import { type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './upload.server'

export const meta: MetaFunction = () => [{ title: 'Product Upload · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Product Data',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
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
