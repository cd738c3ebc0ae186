// The server side of team-access.tsx: what its route loads and does.
import { teamAccess } from '#app/features/teams/teams.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('team.manage')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const view = await run(() => teamAccess(context.deps, actor, params.teamKey!, params.brandKey))
  return json({ brandKey: params.brandKey!, ...view })
}
