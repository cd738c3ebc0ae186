// The server side of collections-create.tsx: what its route loads and does.
import { createCollectionReply } from '#app/features/catalogue/catalogue-forms.server'
import { listLinesWithCounts } from '#app/features/catalogue/lines.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { guard, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('line.create')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  await run(async () => requireBrandAbility(actor, 'line.create', brandKey))
  const lines = await run(() => listLinesWithCounts(context.deps, actor, brandKey))
  return json({ brandKey, lines: lines.map((line) => ({ key: line.key, name: line.name })) })
}

export async function action(args: ActionFunctionArgs) {
  return createCollectionReply(args, access)
}
