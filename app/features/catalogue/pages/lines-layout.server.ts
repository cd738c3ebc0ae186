// The server side of lines-layout.tsx: what its route loads and does.
import { listLinesWithCounts } from '#app/features/catalogue/lines.server'
import { can } from '#app/platform/access/abilities'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const lines = await run(() => listLinesWithCounts(context.deps, actor, brandKey))
  return json({ brandKey, lines, canCreate: can(actor.grants, 'line.create', brandKey) })
}
