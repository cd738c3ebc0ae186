// The server side of line-collections-layout.tsx: what its route loads and does.
import { listLineCollections, mayEditCollections } from '#app/features/catalogue/collections.server'
import { getLine } from '#app/features/catalogue/lines.server'
import { can } from '#app/platform/access/abilities'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
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
