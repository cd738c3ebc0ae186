// `/brand/{key}/products/team`: the team sidebar of the products list (catalogue.md §2): the
// brand's pending invites, oldest first, and Share line. Hidden for owners, as the spec says;
// invites and Share line are for those who may send invites (owner, editor); read members see
// the team's place and who to ask.
import { buttonClass } from '#app/ui/button'
import { CloseIcon } from '#app/ui/icons'
import { Avatar, Badge } from '#app/ui/misc'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './list-team.server'

export default function TeamSidebar() {
  const { closeTo, shareTo, invites } = useLoaderData<typeof loader>()
  return (
    <div className="fixed inset-0 z-40 flex justify-end bg-black/30">
      <Link to={closeTo} className="flex-1" aria-label="Close team" tabIndex={-1} preventScrollReset />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="team-title"
        className="flex h-full w-full max-w-sm flex-col gap-5 overflow-y-auto bg-white p-6 shadow-xl"
        data-testid="team-sidebar"
      >
        <div className="flex items-start justify-between">
          <h2 id="team-title" className="text-lg font-semibold">
            Team
          </h2>
          <Link to={closeTo} aria-label="Close" className="rounded p-1 text-muted hover:text-ink" preventScrollReset>
            <CloseIcon />
          </Link>
        </div>
        {shareTo ? (
          <Link to={shareTo} className={buttonClass('primary')}>
            Share line
          </Link>
        ) : null}
        <section aria-labelledby="pending-title" className="flex flex-col gap-3">
          <h3 id="pending-title" className="text-sm font-medium uppercase tracking-wide text-muted">
            Pending invites
          </h3>
          {invites === null ? (
            <p className="text-sm text-muted">
              Owners and editors of the brand share its lines and see its pending invites.
            </p>
          ) : invites.length === 0 ? (
            <p className="text-sm text-muted">No pending invites.</p>
          ) : (
            <ul className="flex flex-col divide-y divide-line">
              {invites.map((invite) => (
                <li key={invite.key} className="flex items-center gap-3 py-3" data-testid="pending-invite">
                  <Avatar name={invite.name} size={32} />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{invite.name}</p>
                    <p className="truncate text-xs text-muted">{invite.email}</p>
                  </div>
                  <Badge tone="warning">{invite.jobType}</Badge>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}
