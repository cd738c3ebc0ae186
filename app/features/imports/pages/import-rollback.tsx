// Roll back an upload from History: the listings it created are removed and the listings it
// updated get their earlier values back, in one transaction (the service). Confirmed by a form,
// so it works without JavaScript. An upload that cannot be rolled back says why instead.
import { countOf } from '#app/platform/format'
import { buttonClass } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './import-rollback.server'

export default function RollbackImport() {
  const { brandKey, view, refusal } = useLoaderData<typeof loader>()
  const history = `/brand/${brandKey}/products/upload?tab=history`
  if (refusal) {
    return (
      <RouteDialog title="Roll back upload" closeTo={history}>
        <div className="flex flex-col gap-4">
          <p className="text-sm" role="status">
            The upload of <span className="font-medium">{view.filename}</span> can’t be rolled back. {refusal}
          </p>
          <div className="flex justify-end">
            <Link to={history} className={buttonClass('secondary')} preventScrollReset>
              Close
            </Link>
          </div>
        </div>
      </RouteDialog>
    )
  }
  return (
    <ConfirmDialog title="Roll back upload" closeTo={history} confirmLabel="Roll back">
      <p className="text-sm">
        Are you sure you want to roll back the upload of <span className="font-medium">{view.filename}</span>? The{' '}
        {countOf(view.counts.created, 'listing')} it created will be removed and the{' '}
        {countOf(view.counts.updated, 'listing')} it updated will get their earlier values back.
      </p>
    </ConfirmDialog>
  )
}
