// The server side of lines-info.tsx: what its route loads and does.
import { listLineCollections } from '#app/features/catalogue/collections.server'
import { getLine } from '#app/features/catalogue/lines.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The Info row action (docs/decisions/064)
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, params.brandKey!))
  const collections = await run(() => listLineCollections(context.deps, actor, line.key, line.brand))
  return json({ brandKey: params.brandKey!, line, collections: collections.length })
}
