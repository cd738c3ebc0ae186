// Reading teams and members: the views, lookups of a team and its brand, the accounts of a brand or
// team and the contacts page. Anyone holding a grant on the brand may read them.
import { toAccountFields, type AccountRow } from '#app/features/identity/index.server'
import { profilePictureUrlOf } from '#app/features/identity/index.server'
import { accountTypeLabel } from '#app/features/teams/team-rules'
import type { Ability } from '#app/platform/access/abilities'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import { type Grant, type GrantModel, type GrantType } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { accounts, grants, teamMembers, teams } from '#db/schema'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Actor } from '#app/platform/access/actor'

/** Lists answer pages of this many entries; `cursor` is the offset (docs/decisions/018). */
export const TEAM_PAGE_SIZE = 100

type TeamRow = typeof teams.$inferSelect

// ---------------------------------------------------------------------------------------------
// Views

/** An account as a brand's lists show it: only its grants on that brand, never on others. */
export function toMemberView(deps: ServiceDeps, row: AccountRow, brandGrants: Grant[]) {
  return { ...toAccountFields(row), profile_picture_url: profilePictureUrlOf(deps, row), grants: brandGrants }
}
export type MemberView = ReturnType<typeof toMemberView>

export function toTeamView(row: TeamRow, members: MemberView[]) {
  return {
    key: row.key,
    KIND: 'Team' as const,
    name: row.name,
    description: row.description,
    model: row.model,
    model_id: row.modelId,
    grants: row.grants,
    permissions: row.grants,
    account_job_type: row.accountJobType,
    brand: row.brandKey,
    members,
    created: row.created.toISOString(),
  }
}
export type TeamView = ReturnType<typeof toTeamView>

function parseCursor(cursor: string | number | undefined): number {
  if (cursor === undefined || cursor === '') return 0
  const value = typeof cursor === 'number' ? cursor : Number(cursor)
  if (!Number.isInteger(value) || value < 0) {
    throw new AppError('ValidationError', 'cursor: must be a whole number from 0.')
  }
  return value
}

/** A team the actor holds the ability on (through its brand); otherwise it is not found. */
export async function loadTeam(deps: ServiceDeps, actor: Actor, teamKey: string, ability: Ability) {
  await requireAbility(deps, actor, ability, { model: 'Team', key: teamKey })
  const [row] = await deps.db.select().from(teams).where(eq(teams.key, teamKey)).limit(1)
  if (!row) throw notFound('Team')
  return row
}

export async function grantsOnBrand(deps: ServiceDeps, brandKey: string, accountKeys: string[]) {
  const byAccount = new Map<string, Grant[]>()
  if (accountKeys.length === 0) return byAccount
  const rows = await deps.db
    .select()
    .from(grants)
    .where(and(eq(grants.brandKey, brandKey), inArray(grants.accountKey, accountKeys)))
    .orderBy(asc(grants.created))
  for (const row of rows) {
    const list = byAccount.get(row.accountKey) ?? []
    list.push({ model: row.model as GrantModel, model_id: row.modelId, type: row.type as GrantType })
    byAccount.set(row.accountKey, list)
  }
  return byAccount
}

/** Active accounts holding any grant (on the brand or one of its lines, collections, ...). */
export async function brandAccountRows(deps: ServiceDeps, brandKey: string, page?: { offset: number; limit: number }) {
  const members = deps.db.selectDistinct({ key: grants.accountKey }).from(grants).where(eq(grants.brandKey, brandKey))
  const query = deps.db
    .select()
    .from(accounts)
    .where(and(inArray(accounts.key, members), eq(accounts.active, true)))
    .orderBy(desc(accounts.created), asc(accounts.key))
  return page ? query.limit(page.limit).offset(page.offset) : query
}

export async function teamMemberViews(deps: ServiceDeps, team: TeamRow, page?: { offset: number; limit: number }) {
  const query = deps.db
    .select({ account: accounts })
    .from(teamMembers)
    .innerJoin(accounts, eq(accounts.key, teamMembers.accountKey))
    .where(and(eq(teamMembers.teamKey, team.key), eq(accounts.active, true)))
    .orderBy(asc(teamMembers.created), asc(accounts.key))
  const rows = (page ? await query.limit(page.limit).offset(page.offset) : await query).map((row) => row.account)
  const byAccount = await grantsOnBrand(
    deps,
    team.brandKey,
    rows.map((row) => row.key),
  )
  return rows.map((row) => toMemberView(deps, row, byAccount.get(row.key) ?? []))
}

export async function teamViews(deps: ServiceDeps, rows: TeamRow[]): Promise<TeamView[]> {
  return Promise.all(rows.map(async (row) => toTeamView(row, await teamMemberViews(deps, row))))
}

/** GET /api/account/query/brand/?brand=&cursor= : the brand's active members, newest first. */
export async function listBrandAccounts(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  cursor?: string | number,
): Promise<MemberView[]> {
  requireBrandAbility(actor, 'team.view', brandKey)
  const offset = parseCursor(cursor)
  const rows = await brandAccountRows(deps, brandKey, { offset, limit: TEAM_PAGE_SIZE })
  const byAccount = await grantsOnBrand(
    deps,
    brandKey,
    rows.map((row) => row.key),
  )
  return rows.map((row) => toMemberView(deps, row, byAccount.get(row.key) ?? []))
}

/** GET /api/account/query/team/?team=&cursor= : the team's active members. */
export async function listTeamAccounts(
  deps: ServiceDeps,
  actor: Actor,
  teamKey: string,
  cursor?: string | number,
): Promise<MemberView[]> {
  const team = await loadTeam(deps, actor, teamKey, 'team.view')
  return teamMemberViews(deps, team, { offset: parseCursor(cursor), limit: TEAM_PAGE_SIZE })
}

/** A contact card (access.md §2 "Contacts page", §3 Contact). */
export interface ContactView {
  key: string
  KIND: 'Account'
  firstName: string
  lastName: string
  name: string
  email: string
  job_type: string
  accountType: string
  phone: string | null
  country: string | null
  profilePictureUrl: string | null
  team: string[]
}

/** GET /api/team/method/brand_contacts?brand= : everyone with a grant on the brand, by name. */
export async function listBrandContacts(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<ContactView[]> {
  requireBrandAbility(actor, 'team.view', brandKey)
  const rows = await brandAccountRows(deps, brandKey)
  const memberships = rows.length
    ? await deps.db
        .select({ accountKey: teamMembers.accountKey, name: teams.name })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.key, teamMembers.teamKey))
        .where(
          and(
            eq(teamMembers.brandKey, brandKey),
            inArray(
              teamMembers.accountKey,
              rows.map((row) => row.key),
            ),
          ),
        )
    : []
  return rows
    .map((row) => ({
      key: row.key,
      KIND: 'Account' as const,
      firstName: row.first,
      lastName: row.last,
      name: row.name || `${row.first} ${row.last}`.trim() || row.email,
      email: row.email,
      job_type: row.jobType,
      accountType: accountTypeLabel(row.jobType),
      phone: row.mobileNumber || row.contactNumber || null,
      country: row.country,
      profilePictureUrl: profilePictureUrlOf(deps, row),
      team: memberships.filter((m) => m.accountKey === row.key).map((m) => m.name),
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}
