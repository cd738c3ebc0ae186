// `/brand/{key}/team/deactivate/{account}`: the confirmation of Revoke Access (a form with a
// submit button, so it works without JavaScript). Deactivating removes the member from this brand.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { getBrandMember, removeBrandMember } from '#app/features/teams/teams.server'

const DEACTIVATE_CONFIRMATION = 'Are you sure you would like to deactivate this team member?'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const member = await run(() => getBrandMember(context.deps, actor, params.brandKey!, params.accountKey!))
  return json({ brandKey: params.brandKey!, member: { name: member.name, email: member.email } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => removeBrandMember(context.deps, actor, { brand: params.brandKey, account: params.accountKey }))
  return redirectWithToast(request, context, `/brand/${params.brandKey}/team`, {
    kind: 'success',
    message: 'Team member has been successfully deactivated.',
  })
}

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
