// The server side of lines-access.tsx: what its route loads and does.
import { getLine, listLineGrantHolders } from '#app/features/catalogue/lines.server'
import { can } from '#app/platform/access/abilities'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The Access row action: who holds grants on the line (docs/decisions/064)
export const access = brandPage('team.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, brandKey))
  const holders = await run(() => listLineGrantHolders(context.deps, actor, brandKey, line.key))
  return json({ brandKey, line, holders, mayManage: can(actor.grants, 'team.manage', brandKey) })
}
