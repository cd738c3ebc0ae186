// The server side of list-team.tsx: what its route loads and does.
import { parsePageQuery } from '#app/features/catalogue'
import { listBrandInvites } from '#app/features/teams/invites.server'
import { brandPage, brandGrantTypes, hasBrandAbility } from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'

// spec: the team sidebar; its icon is hidden when the grants include owner
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const list = `${url.pathname.split('/').slice(0, 4).join('/')}${url.search}`
  if (brandGrantTypes(actor.grants, brandKey).includes('owner')) return redirect(list)
  const mayList = hasBrandAbility(actor.grants, brandKey, 'invite.send')
  const invites = mayList ? await run(() => listBrandInvites(context.deps, actor, brandKey)) : null
  const { filter } = parsePageQuery(url.searchParams)
  // Share line preselects the line when the list is filtered by exactly one.
  const line = filter.lines.length === 1 ? `?line=${encodeURIComponent(filter.lines[0]!)}` : ''
  return json({
    closeTo: list,
    shareTo: mayList ? `/brand/${brandKey}/products/share${line}` : null,
    invites:
      invites?.map((invite) => ({
        key: invite.key,
        name: `${invite.first_name} ${invite.last_name}`.trim() || invite.email,
        email: invite.email,
        jobType: invite.job_type,
        created: invite.created,
      })) ?? null,
  })
}
