// `/brand/{key}/team/deactivate/{account}`: the confirmation of Revoke Access (a form with a
// submit button, so it works without JavaScript). Deactivating removes the member from this brand.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './team-deactivate.server'

const DEACTIVATE_CONFIRMATION = 'Are you sure you would like to deactivate this team member?'

export default function DeactivateMember() {
  const { brandKey, member } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Revoke Access" closeTo={`/brand/${brandKey}/team`} confirmLabel="Deactivate">
      <p>{DEACTIVATE_CONFIRMATION}</p>
      <p className="text-sm text-muted">
        {member.name} · {member.email}
      </p>
    </ConfirmDialog>
  )
}
