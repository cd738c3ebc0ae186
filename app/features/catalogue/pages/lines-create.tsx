// `/brand/{id}/lines/create`: Create a line over the lines list (owner only). On success the
// toast says "Line {name} has been created" and the line page opens (catalogue.md §2, §8).
import { LineForm } from '#app/features/catalogue/components/catalogue-forms'
import { RouteDialog } from '#app/ui/dialog'
import { useActionData, useLocation, useParams } from '@remix-run/react'
import type { action } from './lines-create.server'

export default function CreateLine() {
  const lastResult = useActionData<typeof action>()
  const { brandKey } = useParams()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/lines${search}`
  return (
    <RouteDialog title="Create a line" closeTo={closeTo}>
      <LineForm id="create-line" lastResult={lastResult} submitLabel="Create" cancelTo={closeTo} />
    </RouteDialog>
  )
}
