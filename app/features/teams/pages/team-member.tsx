// `/brand/{key}/team/member/{account}`: a member's profile, read-only (Manage Team → View).
import { accountTypeLabel, statusBadgeTone } from '#app/features/teams/team-rules'
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Avatar, Badge } from '#app/ui/misc'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './team-member.server'

export default function MemberProfile() {
  const { brandKey, member } = useLoaderData<typeof loader>()
  const closeTo = `/brand/${brandKey}/team`
  const details: [string, string | null][] = [
    ['Email', member.email],
    ['Title', member.title],
    ['Department', member.department],
    ['Account Type', accountTypeLabel(member.job_type)],
    ['Employee Number', member.employee_number],
    ['Username', member.username],
    ['Phone', member.mobile_number || member.contact_number],
    ['Country', member.country],
    ['Access', member.grants.map((grant) => `${grant.type} on ${grant.model}`).join(', ')],
  ]
  return (
    <RouteDialog title="Team member" closeTo={closeTo}>
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Avatar name={member.name || member.email} src={member.profile_picture_url} size={48} />
          <div>
            <p className="font-medium">{member.name}</p>
            <Badge tone={statusBadgeTone(member.status)}>{member.status}</Badge>
          </div>
        </div>
        <dl className="grid grid-cols-[auto,1fr] gap-x-4 gap-y-2 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="break-words">{value || '–'}</dd>
            </div>
          ))}
        </dl>
        <div className="flex justify-end">
          <Link to={closeTo} className={buttonClass('secondary')}>
            Done
          </Link>
        </div>
      </div>
    </RouteDialog>
  )
}
