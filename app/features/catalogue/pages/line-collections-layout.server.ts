// The server side of line-collections-layout.tsx: what its route loads and does.
import { listLineCollections, mayEditCollections } from '#app/features/catalogue/collections.server'
import { getLine } from '#app/features/catalogue/lines.server'
import { can } from '#app/platform/access/abilities'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, brandKey))
  const collections = await run(() => listLineCollections(context.deps, actor, line.key, brandKey))
  return json({
    brandKey,
    line,
    collections,
    canCreate: can(actor.grants, 'line.create', brandKey),
    mayEdit: mayEditCollections(actor, brandKey),
  })
}
