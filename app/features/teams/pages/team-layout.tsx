// `/brand/{key}/team`: Manage Team (owner only). Team summary rows, the member table with its row
// menus, the Add Team Member / Add Guest menu and the CSV download. Every action is a nested
// route (a dialog with JavaScript, a plain page without), so the page works without JavaScript.
import { ADD_MEMBER_MODES, statusBadgeTone, teamCsvFileName, type TeamMemberRow } from '#app/features/teams/team-rules'
import { buttonClass } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Avatar, Badge, EmptyState, Menu } from '#app/ui/misc'
import { SettingsTabs } from '#app/ui/settings-tabs'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData } from '@remix-run/react'
import { useState } from 'react'
import type { loader } from './team-layout.server'

export const meta: MetaFunction = () => [{ title: 'Manage Team · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Manage Team',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
  settingsTabs: true,
}

export default function ManageTeam() {
  const { brandKey, selfKey, rows, teams, tabs } = useLoaderData<typeof loader>()
  const base = `/brand/${brandKey}/team`
  return (
    <div className="flex flex-col gap-6">
      <SettingsTabs tabs={tabs} />
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to="/settings" className="hover:underline">
          Settings
        </Link>{' '}
        &gt; <span className="text-ink">Manage Team</span>
      </nav>

      <div className="flex flex-wrap items-center gap-3" data-testid="filter-bar">
        <h2 className="text-lg font-medium">Team members</h2>
        <span className="text-sm text-muted">{rows.length}</span>
        <div className="ml-auto flex items-center gap-2">
          <a
            href={`/brand/${brandKey}/team.csv`}
            download={teamCsvFileName(brandKey)}
            className={buttonClass('secondary')}
          >
            Download CSV
          </a>
          <Menu label={<span className={buttonClass('primary')}>Add</span>} name="Add members">
            {(Object.keys(ADD_MEMBER_MODES) as (keyof typeof ADD_MEMBER_MODES)[]).map((mode) => (
              <Link key={mode} to={`${base}/add?job_type=${mode}`} className="block px-4 py-2 hover:bg-black/5">
                {ADD_MEMBER_MODES[mode]}
              </Link>
            ))}
          </Menu>
        </div>
      </div>

      {teams.length > 0 ? (
        <section aria-label="Teams" className="divide-y divide-line rounded-lg border border-line bg-white">
          {teams.map((team) => (
            <div key={team.key} className="flex items-center gap-4 px-4 py-3" data-testid="team-summary">
              <p className="min-w-0 flex-1 truncate font-medium">{team.label}</p>
              <div className="flex items-center -space-x-2" aria-hidden="true">
                {team.avatars.map((member) => (
                  <span
                    key={member.key}
                    title={member.name}
                    data-testid="team-avatar"
                    className="rounded-full ring-2 ring-white"
                  >
                    <Avatar name={member.name} src={member.src} size={28} />
                  </span>
                ))}
                {team.more ? (
                  <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-black/10 text-xs ring-2 ring-white">
                    +
                  </span>
                ) : null}
              </div>
              <p className="w-24 text-right text-sm text-muted">{team.countLabel}</p>
              <Menu label={<span aria-hidden="true">⋯</span>} name={`Team ${team.label} menu`}>
                <Link to={`${base}/access/${team.key}`} className="block px-4 py-2 hover:bg-black/5">
                  Access
                </Link>
              </Menu>
            </div>
          ))}
        </section>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState title="No team members yet.">Add a team member or a guest to invite them.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-line bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Email
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Department
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <MemberRow key={`${row.kind}:${row.key}`} row={row} base={base} isSelf={row.key === selfKey} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  )
}

function MemberRow({ row, base, isSelf }: { row: TeamMemberRow; base: string; isSelf: boolean }) {
  return (
    <tr data-testid="member-row" data-kind={row.kind}>
      <td className="px-4 py-3">
        <span className="flex items-center gap-3">
          <Avatar name={row.name || row.email} src={row.avatarUrl} size={28} />
          <span className="font-medium">{row.name}</span>
        </span>
      </td>
      <td className="px-4 py-3">{row.email}</td>
      <td className="px-4 py-3">
        {row.kind === 'invited' ? (
          <InvitedBadge url={row.inviteURL} href={`${base}/invite-link/${row.key}`} />
        ) : (
          <Badge tone={statusBadgeTone(row.status)}>{row.status}</Badge>
        )}
      </td>
      <td className="px-4 py-3 capitalize">{row.department}</td>
      <td className="px-4 py-3 text-right">
        {row.kind === 'deactivated' ? null : (
          <Menu label={<span aria-hidden="true">⋯</span>} name={`Actions for ${row.email}`}>
            {row.kind === 'member' ? (
              <>
                {/* Owners cannot deactivate themselves (the service refuses it too). */}
                {isSelf ? null : (
                  <Link to={`${base}/deactivate/${row.key}`} className="block px-4 py-2 text-left hover:bg-black/5">
                    Revoke Access
                  </Link>
                )}
                <Link to={`${base}/member/${row.key}`} className="block px-4 py-2 text-left hover:bg-black/5">
                  View
                </Link>
              </>
            ) : (
              <Link to={`${base}/revoke/${row.key}`} className="block px-4 py-2 text-left hover:bg-black/5">
                Revoke Invite
              </Link>
            )}
          </Menu>
        )}
      </td>
    </tr>
  )
}

/**
 * The Invited badge copies the invite URL. Without JavaScript (or without clipboard access) it is
 * a link to a page that shows the URL to copy by hand.
 */
function InvitedBadge({ url, href }: { url: string; href: string }) {
  const [copied, setCopied] = useState(false)
  return (
    <Link
      to={href}
      title="Copy the invite URL"
      data-invite-url={url}
      onClick={(event) => {
        if (!navigator.clipboard) return
        event.preventDefault()
        void navigator.clipboard.writeText(url).then(
          () => {
            setCopied(true)
            window.setTimeout(() => setCopied(false), 2000)
          },
          () => window.location.assign(href),
        )
      }}
    >
      <Badge tone="warning">Invited</Badge>
      {copied ? (
        <span role="status" className="ml-2 text-xs text-muted">
          Invite URL copied
        </span>
      ) : null}
    </Link>
  )
}
