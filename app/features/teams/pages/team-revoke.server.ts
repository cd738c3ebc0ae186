// The server side of team-revoke.tsx: what its route loads and does.
import { INVITE_MESSAGES, revokeInvite } from '#app/features/teams/invites.server'
import { getOpenBrandInvite } from '#app/features/teams/teams.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('team.manage')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const invite = await run(() => getOpenBrandInvite(context.deps, actor, params.brandKey!, params.inviteKey!))
  return json({
    brandKey: params.brandKey!,
    invite: { name: `${invite.first_name} ${invite.last_name}`.trim(), email: invite.email },
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  // The confirmation is for this brand's Manage Team: the invite must be one of its own.
  await run(() => getOpenBrandInvite(context.deps, actor, params.brandKey!, params.inviteKey!))
  await run(() => revokeInvite(context.deps, actor, params.inviteKey!, params.brandKey!))
  return redirectWithToast(request, context, `/brand/${params.brandKey}/team`, {
    kind: 'success',
    message: INVITE_MESSAGES.deleted,
  })
}
