// `/brand/{id}/lines/{line}/access`: the Access row action (docs/decisions/064). A dialog listing
// who holds a grant on the line itself; every member of the brand sees the line besides. Owners
// get a link to Manage Team, where grants are changed.
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Badge } from '#app/ui/misc'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './lines-access.server'

export default function LineAccess() {
  const { brandKey, line, holders, mayManage } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/lines${search}`
  return (
    <RouteDialog title={`Access to ${line.name}`} closeTo={closeTo}>
      <p className="text-sm text-muted">
        Every member of the brand can see this line. These people hold access to the line itself, through a line team or
        a shared invite:
      </p>
      {holders.length === 0 ? (
        <p className="mt-4 rounded-md border border-dashed border-line p-4 text-center text-sm">
          No one holds access to this line alone.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-line rounded-md border border-line" aria-label="Line access">
          {holders.map((holder) => (
            <li key={`${holder.key}-${holder.type}`} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{holder.name || holder.email}</span>
                <span className="block truncate text-muted">{holder.email}</span>
              </span>
              <Badge tone={holder.type === 'read' ? 'muted' : 'info'}>{holder.type}</Badge>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
          Close
        </Link>
        {mayManage ? (
          <Link to={`/brand/${brandKey}/team`} className={buttonClass('primary')}>
            Manage Team
          </Link>
        ) : null}
      </div>
    </RouteDialog>
  )
}
