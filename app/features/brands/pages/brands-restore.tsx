// `/brands/{id}/restore`: brings back a brand an admin deleted (docs/decisions/066). Every grant on
// it counts again, so each member finds it where it was. The brand's parameter is `key`, not
// `brandKey`: the frame takes a `brandKey` as the brand it shows, which an archived brand is not.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './brands-restore.server'

export default function RestoreBrand() {
  const { brand } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Restore Brand" closeTo="/brands?show=archived" confirmLabel="Restore">
      <p>
        Restore <strong>{brand.name}</strong>?
      </p>
      <p className="text-sm text-muted">Every member gets their access to the brand back.</p>
    </ConfirmDialog>
  )
}
