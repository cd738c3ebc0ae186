// `/brand/{key}/team/access/{team}`: the Access dialog of a team summary row: who holds which
// grant on the team's line, collection or brand.
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Avatar, Badge, EmptyState } from '#app/ui/misc'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './team-access.server'

export default function TeamAccess() {
  const { brandKey, team, modelName, entries } = useLoaderData<typeof loader>()
  const closeTo = `/brand/${brandKey}/team`
  return (
    <RouteDialog title={`Access · ${team.name || team.description}`} closeTo={closeTo}>
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {team.model} {modelName}
        </p>
        {entries.length === 0 ? (
          <EmptyState title="Nobody has access yet." />
        ) : (
          <ul className="divide-y divide-line text-sm">
            {entries.map((entry) => (
              <li key={`${entry.key}:${entry.type}`} className="flex items-center gap-3 py-2">
                <Avatar name={entry.name || entry.email} size={28} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{entry.name}</span>
                  <span className="block truncate text-xs text-muted">{entry.email}</span>
                </span>
                <Badge>{entry.type}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="flex justify-end">
          <Link to={closeTo} className={buttonClass('secondary')}>
            Done
          </Link>
        </div>
      </div>
    </RouteDialog>
  )
}
