// `/brand/{key}/team.csv`: the team CSV download (owner only). Built on the server from the rows
// Manage Team shows, so the download link works without JavaScript (docs/decisions/018).
import { TEAM_CSV_COLUMNS, teamCsvCells, teamCsvFileName } from '#app/features/teams/team-rules'
import { listTeamMemberRows } from '#app/features/teams/teams.server'
import { toCsv } from '#app/platform/csv'
import { guard, run } from '#app/platform/session.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('team.manage')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const rows = await run(() => listTeamMemberRows(context.deps, actor, brandKey))
  return new Response(toCsv(TEAM_CSV_COLUMNS, rows.map(teamCsvCells)), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${teamCsvFileName(brandKey)}"`,
      'Cache-Control': 'no-store',
    },
  })
}
