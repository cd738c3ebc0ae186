// `/brand/{key}/products/team`: the team sidebar of the products list (catalogue.md §2): the
// brand's pending invites, oldest first, and Share line. Hidden for owners, as the spec says;
// invites and Share line are for those who may send invites (owner, editor); read members see
// the team's place and who to ask.
import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { buttonClass } from '#app/ui/button'
import { CloseIcon } from '#app/ui/icons'
import { Avatar, Badge } from '#app/ui/misc'
import { guard, run } from '#app/platform/session.server'
import { parsePageQuery } from '#app/features/catalogue/listing-filter'
import { brandGrantTypes, hasBrandAbility } from '#app/platform/access/permissions'
import { listBrandInvites } from '#app/features/teams/invites.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const list = `${url.pathname.split('/').slice(0, 4).join('/')}${url.search}`
  if (brandGrantTypes(actor.grants, brandKey).includes('owner')) return redirect(list)
  const mayList = hasBrandAbility(actor.grants, brandKey, 'invite.send')
  const invites = mayList ? await run(() => listBrandInvites(context.deps, actor, brandKey)) : null
  const { filter } = parsePageQuery(url.searchParams)
  // Share line preselects the line when the list is filtered by exactly one.
  const line = filter.lines.length === 1 ? `?line=${encodeURIComponent(filter.lines[0]!)}` : ''
  return json({
    closeTo: list,
    shareTo: mayList ? `/brand/${brandKey}/products/share${line}` : null,
    invites:
      invites?.map((invite) => ({
        key: invite.key,
        name: `${invite.first_name} ${invite.last_name}`.trim() || invite.email,
        email: invite.email,
        jobType: invite.job_type,
        created: invite.created,
      })) ?? null,
  })
}

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
