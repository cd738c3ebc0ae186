// `/brand/{key}/team/revoke/{invite}`: the confirmation of Revoke Invite. Deleting an invite makes
// its link stop working.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './team-revoke.server'

const DELETE_INVITE_CONFIRMATION = 'Are you sure you would like to delete this invited team member?'

export default function RevokeInvite() {
  const { brandKey, invite } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Revoke Invite" closeTo={`/brand/${brandKey}/team`} confirmLabel="Delete">
      <p>{DELETE_INVITE_CONFIRMATION}</p>
      <p className="text-sm text-muted">
        {invite.name} · {invite.email}
      </p>
    </ConfirmDialog>
  )
}
