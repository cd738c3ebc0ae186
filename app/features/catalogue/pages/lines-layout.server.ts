// The server side of lines-layout.tsx: what its route loads and does.
import { listLinesWithCounts } from '#app/features/catalogue/lines.server'
import { can } from '#app/platform/access/abilities'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const lines = await run(() => listLinesWithCounts(context.deps, actor, brandKey))
  return json({ brandKey, lines, canCreate: can(actor.grants, 'line.create', brandKey) })
}
