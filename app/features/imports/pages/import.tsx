// `/brand/{id}/products/upload/{import}`: the dry run of an upload (catalogue.md §2 Product
// upload, §4). 'N records parsed', what the commit would do (create / update / unchanged), the
// errors and warnings, and the grid viewer with filters. Nothing is written until Commit (Save in
// the stepper). While the file is read or committed the page follows the import live: with
// JavaScript from the `import:progress` socket event, without it by refreshing itself. Its
// dialogs (column mapping, row fix, details, review, roll back) are child routes.
import { countOf } from '#app/platform/format'
import { ImportGrid } from '#app/features/imports/components/import-grid'
import { ImportStatusBadge } from '#app/features/imports/components/import-status'
import { SpreadsheetGrid } from '#app/features/imports/components/spreadsheet-grid'
import { IMPORT_PROGRESS_EVENT, type ImportProgress } from '#app/features/imports/components/upload-form'
import { StepperFrame } from '#app/features/imports/components/upload-stepper'
import { NO_ROWS, recordsParsed } from '#app/features/imports/import-texts'
import { type ImportStatus, type RowFilter } from '#app/features/imports/imports.server'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, buttonClass } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Badge, CsrfField } from '#app/ui/misc'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { loader } from './import.server'
import { FILTERS, PAGE } from './import.shared'

export const meta: MetaFunction = () => [{ title: 'Upload preview · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Product Data',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products/upload?tab=history`,
}

const LIVE: readonly ImportStatus[] = ['parsing', 'committing']

/** Live figures while the import runs: pushed over the socket, and the page reloaded when it ends. */
function useLiveImport(key: string, status: ImportStatus) {
  const revalidator = useRevalidator()
  const [progress, setProgress] = useState<ImportProgress | null>(null)
  useRealtimeEvent<ImportProgress>(IMPORT_PROGRESS_EVENT, (payload) => {
    if (payload.key !== key) return
    setProgress(payload)
    if (payload.status !== status) revalidator.revalidate()
  })
  const live = LIVE.includes(status)
  // A missed event must not leave the page waiting: look again every few seconds while it runs.
  useEffect(() => {
    if (!live) return
    const timer = setInterval(() => revalidator.revalidate(), 3000)
    return () => clearInterval(timer)
  }, [live, revalidator])
  return live ? progress : null
}

export default function ImportPreview() {
  const { brandKey, view, only, cursor, layout, rows, canEdit, canCancel } = useLoaderData<typeof loader>()
  const csrf = useCsrfToken()
  const base = `/brand/${brandKey}/products/upload/${view.key}`
  const progress = useLiveImport(view.key, view.status)
  const live = LIVE.includes(view.status)
  const committed = view.status === 'committed'
  const canCommit = canEdit && view.status === 'previewed' && view.counts.create + view.counts.update > 0
  const failedRows = view.counts.errors + view.counts.failed > 0
  const addressOf = (id: RowFilter, shape: typeof layout) => {
    const query = new URLSearchParams()
    if (id !== 'all') query.set('only', id)
    if (shape === 'sheet') query.set('layout', 'sheet')
    const search = query.toString()
    return search ? `${base}?${search}` : base
  }
  const filterTo = (id: RowFilter) => addressOf(id, layout)
  const counts: { label: string; value: number; testId: string }[] = committed
    ? [
        { label: 'Created', value: view.counts.created, testId: 'count-created' },
        { label: 'Updated', value: view.counts.updated, testId: 'count-updated' },
        { label: 'Unchanged', value: view.counts.unchanged, testId: 'count-unchanged' },
        { label: 'Failed', value: view.counts.failed, testId: 'count-failed' },
        { label: 'Warnings', value: view.counts.warnings, testId: 'count-warnings' },
      ]
    : [
        { label: 'Create', value: view.counts.create, testId: 'count-create' },
        { label: 'Update', value: view.counts.update, testId: 'count-update' },
        { label: 'Unchanged', value: view.counts.unchanged, testId: 'count-unchanged' },
        { label: 'Errors', value: view.counts.errors, testId: 'count-errors' },
        { label: 'Warnings', value: view.counts.warnings, testId: 'count-warnings' },
      ]

  return (
    <div className="mx-auto max-w-6xl">
      {live ? (
        // Without JavaScript the page looks again by itself until the import has moved on.
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <StepperFrame
        actions={{
          brandKey,
          current: 'upload',
          saveForm: canCommit ? 'commit-form' : null,
          nextTo: `/brand/${brandKey}/products/media/upload`,
        }}
      >
        <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm text-muted">
              <Link to={`/brand/${brandKey}/products/upload`} className="underline-offset-2 hover:underline">
                Product Upload
              </Link>{' '}
              / {view.filename}
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight" data-testid="records-parsed">
              {recordsParsed(view.counts.rows)}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
              <ImportStatusBadge status={view.status} />
              {view.addition ? <Badge>Addition</Badge> : null}
              <span className="text-muted">Uploaded by {view.uploadedBy.name}</span>
            </div>
            {view.workbook ? (
              <SheetPicker
                workbook={view.workbook}
                csrf={csrf}
                canChoose={canEdit && (view.status === 'previewed' || view.status === 'needs_mapping')}
              />
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {failedRows && view.status !== 'needs_mapping' && !live ? (
              <a href={`${base}/failed`} download className={buttonClass('secondary')}>
                Download failed rows
              </a>
            ) : null}
            {committed || view.status === 'failed' ? (
              <Link to={`${base}/review`} className={buttonClass('secondary')}>
                Review
              </Link>
            ) : null}
            {canCommit ? (
              <Form method="post" id="commit-form">
                <CsrfField token={csrf} />
                <Button type="submit" name="intent" value="commit">
                  Commit
                </Button>
              </Form>
            ) : null}
          </div>
        </div>

        {view.error ? (
          <p
            role="alert"
            className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            {view.error.message}
          </p>
        ) : null}

        {view.status === 'previewed' && view.counts.rows === 0 ? (
          <div className="mb-6 rounded-lg border border-line bg-white p-6 text-sm" data-testid="no-rows">
            <p>{NO_ROWS}</p>
            <Link to={`/brand/${brandKey}/products/upload`} className={buttonClass('secondary', 'mt-4')}>
              Upload another file
            </Link>
          </div>
        ) : null}

        {view.status === 'needs_mapping' ? (
          <div className="mb-6 rounded-lg border border-line bg-white p-6 text-sm">
            <p>
              Some columns of this file do not match the template: {view.unmatchedHeaders.slice(0, 20).join(', ')}
              {view.unmatchedHeaders.length > 20
                ? ` and ${(view.unmatchedHeaders.length - 20).toLocaleString('en-US')} more`
                : ''}
              .
            </p>
            {canEdit ? (
              <Link to={`${base}/mapping`} className={buttonClass('primary', 'mt-4')}>
                Map columns
              </Link>
            ) : null}
          </div>
        ) : null}

        {live ? (
          <div
            role="status"
            className="mb-6 rounded-lg border border-line bg-white p-4 text-sm"
            data-testid="import-progress"
          >
            <div className="mb-2 h-1.5 overflow-hidden rounded-full bg-line">
              <div className="h-full w-1/3 animate-pulse rounded-full bg-ink" />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>
                {view.status === 'parsing' ? 'Reading the file' : 'Writing the listings'}
                {progress ? ` · ${progress.rowsParsed} rows read, ${progress.rowsWritten} written` : '…'}
              </span>
              {canCancel ? (
                <Form method="post">
                  <CsrfField token={csrf} />
                  <Button type="submit" name="intent" value="cancel" variant="secondary">
                    Cancel upload
                  </Button>
                </Form>
              ) : null}
            </div>
          </div>
        ) : null}

        <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {counts.map((count) => (
            <div key={count.label} className="rounded-lg border border-line bg-white px-4 py-3">
              <dt className="text-xs uppercase tracking-wide text-muted">{count.label}</dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums" data-testid={count.testId}>
                {count.value}
              </dd>
            </div>
          ))}
        </dl>

        {view.status !== 'needs_mapping' ? (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <nav aria-label="Row filter" className="flex flex-wrap gap-1 text-sm">
                {FILTERS.map((filter) => (
                  <Link
                    key={filter.id}
                    to={filterTo(filter.id)}
                    aria-current={filter.id === only ? 'page' : undefined}
                    className={`rounded-full px-3 py-1 ${
                      filter.id === only ? 'bg-ink text-white' : 'border border-line bg-white hover:border-ink'
                    }`}
                    preventScrollReset
                  >
                    {filter.label}
                  </Link>
                ))}
              </nav>
              <nav aria-label="Grid" className="flex rounded-md border border-line bg-white p-0.5 text-sm">
                {(
                  [
                    ['dry-run', 'Dry run'],
                    ['sheet', 'Spreadsheet'],
                  ] as const
                ).map(([shape, label]) => (
                  <Link
                    key={shape}
                    to={addressOf(only, shape)}
                    aria-current={shape === layout ? 'page' : undefined}
                    className={`rounded px-3 py-1 ${shape === layout ? 'bg-ink text-white' : 'text-muted hover:text-ink'}`}
                    preventScrollReset
                  >
                    {label}
                  </Link>
                ))}
              </nav>
            </div>
            {rows.rows.length > 0 ? (
              layout === 'sheet' ? (
                <SpreadsheetGrid headers={view.headers} mapping={view.mapping} rows={rows.rows} />
              ) : (
                <ImportGrid rows={rows.rows} canFix={canEdit} rowTo={(row) => `${base}/row/${row.rowNumber}`} />
              )
            ) : (
              <p className="rounded-lg border border-dashed border-line bg-white p-8 text-center text-sm text-muted">
                No rows to show here.
              </p>
            )}
            {rows.more || cursor > 0 ? (
              <div className="mt-3 flex gap-4 text-sm">
                {cursor > 0 ? (
                  <Link
                    to={`${filterTo(only)}${filterTo(only).includes('?') ? '&' : '?'}cursor=${Math.max(0, cursor - PAGE)}`}
                    className="underline-offset-2 hover:underline"
                  >
                    Previous rows
                  </Link>
                ) : null}
                {rows.more ? (
                  <Link
                    to={`${filterTo(only)}${filterTo(only).includes('?') ? '&' : '?'}cursor=${rows.cursor}`}
                    className="underline-offset-2 hover:underline"
                  >
                    Next rows
                  </Link>
                ) : null}
                <span className="text-muted">{countOf(rows.total, 'row')}</span>
              </div>
            ) : null}
          </>
        ) : null}
      </StepperFrame>
      <Outlet />
    </div>
  )
}

/**
 * The sheet of a workbook that was read, and when it has several, a form to read another in its
 * place (docs/decisions/177); without JavaScript the form posts like any other.
 */
function SheetPicker({
  workbook,
  csrf,
  canChoose,
}: {
  workbook: { sheet: string; sheets: string[] }
  csrf: string
  canChoose: boolean
}) {
  if (workbook.sheets.length < 2 || !canChoose) {
    return (
      <p className="mt-2 text-sm text-muted" data-testid="sheet-read">
        Sheet “{workbook.sheet}”{workbook.sheets.length > 1 ? ` of ${workbook.sheets.length}` : ''}
      </p>
    )
  }
  return (
    <Form method="post" className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="sheet-picker">
      <CsrfField token={csrf} />
      <label htmlFor="import-sheet" className="text-muted">
        Sheet
      </label>
      <select
        id="import-sheet"
        name="sheet"
        defaultValue={workbook.sheet}
        className="rounded-md border border-line bg-white px-2 py-1.5"
      >
        {workbook.sheets.map((sheet) => (
          <option key={sheet} value={sheet}>
            {sheet}
          </option>
        ))}
      </select>
      <Button type="submit" name="intent" value="sheet" variant="secondary">
        Read this sheet
      </Button>
    </Form>
  )
}
