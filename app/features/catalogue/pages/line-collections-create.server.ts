// The server side of line-collections-create.tsx: what its route loads and does.
import { createCollectionReply } from '#app/features/catalogue/catalogue-forms.server'
import { getLine } from '#app/features/catalogue/lines.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { guard, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// Create New Collection with the line preset; owner like /collections/create
export const access = brandPage('line.create')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, brandKey))
  await run(async () => requireBrandAbility(actor, 'line.create', brandKey))
  return json({ brandKey, line: { key: line.key, name: line.name } })
}

export async function action(args: ActionFunctionArgs) {
  return createCollectionReply(args, access)
}
