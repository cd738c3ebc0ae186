// The details modal of an upload (catalogue.md §2): the outcome of the commit. Done goes on to
// the media upload step, or, when the upload failed, only closes the modal.
import { ImportStatusBadge } from '#app/features/imports/components/import-status'
import { doneTarget, reviewUploadMessage } from '#app/features/imports/import-texts'
import { ButtonLink, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './import-details.server'

export default function UploadDetails() {
  const { brandKey, view } = useLoaderData<typeof loader>()
  const close = `/brand/${brandKey}/products/upload/${view.key}`
  const failed = view.status === 'failed'
  const rows: [string, number][] = [
    ['Records parsed', view.counts.rows],
    ['Created', view.counts.created],
    ['Updated', view.counts.updated],
    ['Unchanged', view.counts.unchanged],
    ['Failed', view.counts.failed],
  ]
  return (
    <RouteDialog title="Upload details" closeTo={close}>
      <div className="flex flex-col gap-4 text-sm">
        <p className="flex items-center gap-2">
          <span className="font-medium">{view.filename}</span> <ImportStatusBadge status={view.status} />
        </p>
        {view.error ? (
          <p role="alert" className="rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-red-900">
            {view.error.message}
          </p>
        ) : null}
        {failed || view.counts.failed > 0 ? <p className="text-red-900">{reviewUploadMessage()}</p> : null}
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right tabular-nums" data-testid={`details-${label.toLowerCase().replace(/ /g, '-')}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-2 flex justify-end gap-2">
          <Link to={`${close}/review`} className={buttonClass('secondary')}>
            Review
          </Link>
          <ButtonLink to={doneTarget(brandKey, view)}>Done</ButtonLink>
        </div>
      </div>
    </RouteDialog>
  )
}
