// `/brand/{id}/line/{line}/collections/create`: Create New Collection over one line's collections,
// with the line preset (owner only).
import { CollectionForm } from '#app/features/catalogue/components/catalogue-forms'
import { RouteDialog } from '#app/ui/dialog'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import type { action, loader } from './line-collections-create.server'

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
