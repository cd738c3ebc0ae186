// The server side of team-invite-link.tsx: what its route loads and does.
import { getOpenBrandInvite } from '#app/features/teams/teams.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('team.manage')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const invite = await run(() => getOpenBrandInvite(context.deps, actor, params.brandKey!, params.inviteKey!))
  return json({ brandKey: params.brandKey!, email: invite.email, url: invite.url })
}
