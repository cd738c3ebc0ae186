// `/brand/{id}/line/{line}/collections/create`: Create New Collection over one line's collections,
// with the line preset (owner only).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { CollectionForm } from '#app/features/catalogue/components/catalogue-forms'
import { RouteDialog } from '#app/ui/dialog'
import { createCollectionReply } from '#app/features/catalogue/catalogue-forms.server'
import { guard, run } from '#app/platform/session.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { getLine } from '#app/features/catalogue/lines.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, brandKey))
  await run(async () => requireBrandAbility(actor, 'line.create', brandKey))
  return json({ brandKey, line: { key: line.key, name: line.name } })
}

export async function action(args: ActionFunctionArgs) {
  return createCollectionReply(args, (brandKey) => `/brand/${brandKey}/line/${args.params.lineKey}/collections`)
}

export default function CreateLineCollection() {
  const { brandKey, line } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/line/${line.key}/collections${search}`
  return (
    <RouteDialog title="Create New Collection" closeTo={closeTo}>
      <CollectionForm
        id="create-line-collection"
        lastResult={lastResult}
        lines={[line]}
        lockedLine={line}
        submitLabel="Create"
        cancelTo={closeTo}
      />
    </RouteDialog>
  )
}
