// `/brand/{id}/collections/create`: Create New Collection over the collections list (owner only):
// name, season, year and an optional line. Saving goes back to the list, where it shows under its
// line's heading.
import { CollectionForm } from '#app/features/catalogue/components/catalogue-forms'
import { RouteDialog } from '#app/ui/dialog'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import type { action, loader } from './collections-create.server'

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
