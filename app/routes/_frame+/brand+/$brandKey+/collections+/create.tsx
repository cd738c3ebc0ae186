// `/brand/{id}/collections/create`: Create New Collection over the collections list (owner only):
// name, season, year and an optional line. Saving goes back to the list, where it shows under its
// line's heading.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { CollectionForm } from '#app/features/catalogue/components/catalogue-forms'
import { RouteDialog } from '#app/ui/dialog'
import { createCollectionReply } from '#app/features/catalogue/catalogue-forms.server'
import { guard, run } from '#app/platform/session.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { listLinesWithCounts } from '#app/features/catalogue/lines.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  await run(async () => requireBrandAbility(actor, 'line.create', brandKey))
  const lines = await run(() => listLinesWithCounts(context.deps, actor, brandKey))
  return json({ brandKey, lines: lines.map((line) => ({ key: line.key, name: line.name })) })
}

export async function action(args: ActionFunctionArgs) {
  return createCollectionReply(args, (brandKey) => `/brand/${brandKey}/collections`)
}

export default function CreateCollection() {
  const { brandKey, lines } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/collections${search}`
  return (
    <RouteDialog title="Create New Collection" closeTo={closeTo}>
      <CollectionForm
        id="create-collection"
        lastResult={lastResult}
        lines={lines}
        submitLabel="Create"
        cancelTo={closeTo}
      />
    </RouteDialog>
  )
}
