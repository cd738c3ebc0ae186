// Discard an upload that was never committed, from History: it and its staged rows are removed.
// Confirmed by a form, so it works without JavaScript; one that cannot be discarded says why.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import { UploadRefusal } from '#app/features/imports/components/history-dialogs'
import type { loader } from './import-discard.server'

export default function DiscardImport() {
  const { brandKey, view, refusal } = useLoaderData<typeof loader>()
  const history = `/brand/${brandKey}/products/upload?tab=history`
  if (refusal) {
    return (
      <UploadRefusal title="Discard upload" history={history}>
        The upload of <span className="font-medium">{view.filename}</span> can’t be discarded. {refusal}
      </UploadRefusal>
    )
  }
  return (
    <ConfirmDialog title="Discard upload" closeTo={history} confirmLabel="Discard">
      <p className="text-sm">
        Discard the upload of <span className="font-medium">{view.filename}</span>? It was never committed: no listing
        changes. Its rows and its file are removed from History.
      </p>
    </ConfirmDialog>
  )
}
