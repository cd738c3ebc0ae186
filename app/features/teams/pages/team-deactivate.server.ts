// The server side of team-deactivate.tsx: what its route loads and does.
import { getBrandMember, removeBrandMember } from '#app/features/teams/teams.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('team.manage')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const member = await run(() => getBrandMember(context.deps, actor, params.brandKey!, params.accountKey!))
  return json({ brandKey: params.brandKey!, member: { name: member.name, email: member.email } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => removeBrandMember(context.deps, actor, { brand: params.brandKey, account: params.accountKey }))
  return redirectWithToast(request, context, `/brand/${params.brandKey}/team`, {
    kind: 'success',
    message: 'Team member has been successfully deactivated.',
  })
}
