// Roll back an upload from History: the listings it created are removed and the listings it
// updated get their earlier values back, in one transaction (the service). Confirmed by a form,
// so it works without JavaScript.
import { countOf } from '#app/platform/format'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './import-rollback.server'

export default function RollbackImport() {
  const { brandKey, view } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog
      title="Roll back upload"
      closeTo={`/brand/${brandKey}/products/upload?tab=history`}
      confirmLabel="Roll back"
    >
      <p className="text-sm">
        Are you sure you want to roll back the upload of <span className="font-medium">{view.filename}</span>? The{' '}
        {countOf(view.counts.created, 'listing')} it created will be removed and the{' '}
        {countOf(view.counts.updated, 'listing')} it updated will get their earlier values back.
      </p>
    </ConfirmDialog>
  )
}
