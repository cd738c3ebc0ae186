// `/brand/{id}/lines/{line}/info`: the Info row action, a dialog over the lines list with the
// line's name, description, number of collections and dates.
import { formatWhen } from '#app/platform/format'
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './lines-info.server'

export default function LineInfo() {
  const { brandKey, line, collections } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/lines${search}`
  return (
    <RouteDialog title={line.name} closeTo={closeTo}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted">Description</dt>
        <dd className="whitespace-pre-line">{line.description || 'No description'}</dd>
        <dt className="text-muted">Collections</dt>
        <dd>{collections}</dd>
        <dt className="text-muted">Created</dt>
        <dd>{formatWhen(line.created)}</dd>
        <dt className="text-muted">Updated</dt>
        <dd>{formatWhen(line.modified)}</dd>
      </dl>
      <div className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
          Close
        </Link>
        <Link to={`/brand/${brandKey}/line/${line.key}`} className={buttonClass('primary')}>
          Open line
        </Link>
      </div>
    </RouteDialog>
  )
}
