// The server side of team-member.tsx: what its route loads and does.
import { getBrandMember } from '#app/features/teams/teams.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const member = await run(() => getBrandMember(context.deps, actor, params.brandKey!, params.accountKey!))
  return json({ brandKey: params.brandKey!, member })
}
