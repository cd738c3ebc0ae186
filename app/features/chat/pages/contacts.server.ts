// The server side of contacts.tsx: what its route loads and does.
import { listBrandContacts } from '#app/features/teams/index.server'
import { brandPage, hasBrandAbility } from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const contacts = await run(() => listBrandContacts(context.deps, actor, brandKey))
  return json({
    brandKey,
    isOwner: hasBrandAbility(actor.grants, brandKey, 'team.manage'),
    selfKey: actor.key,
    contacts,
  })
}
