// The server side of team-layout.tsx: what its route loads and does.
import { teamSummary } from '#app/features/teams/team-rules'
import { listBrandTeams, listTeamMemberRows } from '#app/features/teams/teams.server'
import { brandPage, brandGrantTypes } from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { settingsTabs } from '#app/ui/settings-tab-rules'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export const access = brandPage('team.manage')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const rows = await run(() => listTeamMemberRows(context.deps, actor, brandKey))
  const teams = await run(() => listBrandTeams(context.deps, actor, brandKey))
  return json({
    brandKey,
    selfKey: actor.key,
    tabs: settingsTabs(brandKey, brandGrantTypes(actor.grants, brandKey)),
    rows,
    teams: teams.map((team) => {
      const summary = teamSummary(
        team,
        team.members.map((member) => ({ key: member.key, name: member.name, src: member.profile_picture_url })),
      )
      return { key: team.key, ...summary }
    }),
  })
}
