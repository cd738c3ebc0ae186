// The open invites of a brand as Manage Team lists them (invited entries of the table and CSV).
import { and, asc, eq, inArray } from 'drizzle-orm'
import { invites } from '#db/schema'
import { OPEN_INVITE_STATUSES, type OpenInvite } from '#app/policy/team'
import type { Actor } from './accounts.server'
import type { ServiceDeps } from './context.server'

export async function listOpenInvitesForRows(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<OpenInvite[]> {
  void actor
  const rows = await deps.db
    .select()
    .from(invites)
    .where(and(eq(invites.brandKey, brandKey), inArray(invites.status, [...OPEN_INVITE_STATUSES])))
    .orderBy(asc(invites.created))
  return rows.map((row) => ({
    key: row.key,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    department: row.department,
    job_type: row.jobType,
    status: row.status,
    created: row.created.toISOString(),
    url: `${deps.appUrl}/invite?token=${encodeURIComponent(row.token)}`,
  }))
}
