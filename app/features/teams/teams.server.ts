// Teams, brand membership and contacts (access.md §2 "Manage Team", "Contacts page", §3 Team,
// §6, §7 team/account/brand calls). Manage Team is for owners of the brand; contacts and the
// member lists are for anyone holding a grant on it. Every function takes the actor first.
import { endAccountSessions } from '#app/features/identity/sessions.server'
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm'
import { accounts, brandDeactivations, brands, collections, grants, lines, teamMembers, teams } from '#db/schema'
import type { GrantSpec } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import type { Ability } from '#app/platform/access/abilities'
import { hasBrandAbility, type Grant, type GrantModel, type GrantType } from '#app/platform/access/permissions'
import {
  accountTypeLabel,
  teamGrantLevel,
  teamMemberRows,
  type DeactivatedAccount,
  type MemberAccount,
  type OpenInvite,
  type TeamMemberRow,
} from '#app/features/teams/team-rules'
import { BrandMemberSchema, TeamCreateSchema, TeamMemberSchema } from '#app/features/teams/team-schemas'
import { toAccountFields, type Actor, type AccountRow } from '#app/features/identity/accounts.server'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { addGrants, changeGrants } from '#app/platform/access/grants.server'
import { brandOf } from '#app/platform/access/model-registry.server'
import { profilePictureUrlOf } from '#app/features/identity/profile-picture.server'
import { listBrandInvites } from './invites.server'
import { parseOrThrow } from '#app/platform/validation.server'

/** Lists answer pages of this many entries; `cursor` is the offset (docs/decisions/018). */
export const TEAM_PAGE_SIZE = 100

type TeamRow = typeof teams.$inferSelect

// ---------------------------------------------------------------------------------------------
// Views

/** An account as a brand's lists show it: only its grants on that brand, never on others. */
function toMemberView(deps: ServiceDeps, row: AccountRow, brandGrants: Grant[]) {
  return { ...toAccountFields(row), profile_picture_url: profilePictureUrlOf(deps, row), grants: brandGrants }
}
export type MemberView = ReturnType<typeof toMemberView>

function toTeamView(row: TeamRow, members: MemberView[]) {
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

// ---------------------------------------------------------------------------------------------
// Lookups

function parseCursor(cursor: string | number | undefined): number {
  if (cursor === undefined || cursor === '') return 0
  const value = typeof cursor === 'number' ? cursor : Number(cursor)
  if (!Number.isInteger(value) || value < 0) {
    throw new AppError('ValidationError', 'cursor: must be a whole number from 0.')
  }
  return value
}

/** A team the actor holds the ability on (through its brand); otherwise it is not found. */
async function loadTeam(deps: ServiceDeps, actor: Actor, teamKey: string, ability: Ability) {
  await requireAbility(deps, actor, ability, { model: 'Team', key: teamKey })
  const [row] = await deps.db.select().from(teams).where(eq(teams.key, teamKey)).limit(1)
  if (!row) throw notFound('Team')
  return row
}

async function grantsOnBrand(deps: ServiceDeps, brandKey: string, accountKeys: string[]) {
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
async function brandAccountRows(deps: ServiceDeps, brandKey: string, page?: { offset: number; limit: number }) {
  const members = deps.db.selectDistinct({ key: grants.accountKey }).from(grants).where(eq(grants.brandKey, brandKey))
  const query = deps.db
    .select()
    .from(accounts)
    .where(and(inArray(accounts.key, members), eq(accounts.active, true)))
    .orderBy(desc(accounts.created), asc(accounts.key))
  return page ? query.limit(page.limit).offset(page.offset) : query
}

async function teamMemberViews(deps: ServiceDeps, team: TeamRow, page?: { offset: number; limit: number }) {
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

async function teamViews(deps: ServiceDeps, rows: TeamRow[]): Promise<TeamView[]> {
  return Promise.all(rows.map(async (row) => toTeamView(row, await teamMemberViews(deps, row))))
}

// ---------------------------------------------------------------------------------------------
// Accounts of a brand or team, contacts

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

// ---------------------------------------------------------------------------------------------
// Manage Team

/** The rows of the Manage Team table and its CSV: members, invited entries, deactivated. */
export async function listTeamMemberRows(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<TeamMemberRow[]> {
  requireBrandAbility(actor, 'team.manage', brandKey)
  const toMember = (row: AccountRow): MemberAccount => ({
    key: row.key,
    name: row.name || `${row.first} ${row.last}`.trim(),
    email: row.email,
    department: row.department,
    jobType: row.jobType,
    status: row.status,
    created: row.created.toISOString(),
    avatarUrl: profilePictureUrlOf(deps, row),
  })
  const active = await brandAccountRows(deps, brandKey)
  const gone = await deps.db
    .select({ account: accounts, at: brandDeactivations.created })
    .from(brandDeactivations)
    .innerJoin(accounts, eq(accounts.key, brandDeactivations.accountKey))
    .where(eq(brandDeactivations.brandKey, brandKey))
  const activeKeys = new Set(active.map((row) => row.key))
  const deactivated: DeactivatedAccount[] = gone
    .filter(({ account }) => !activeKeys.has(account.key))
    .map(({ account, at }) => ({ ...toMember(account), deactivatedAt: at.toISOString() }))
  const invites: OpenInvite[] = await listBrandInvites(deps, actor, brandKey)
  return teamMemberRows({ accounts: active.map(toMember), invites, deactivated })
}

/** One member's read-only profile (Manage Team → View). */
export async function getBrandMember(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  accountKey: string,
): Promise<MemberView> {
  requireBrandAbility(actor, 'team.manage', brandKey)
  const [row] = await deps.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.key, accountKey), eq(accounts.active, true)))
    .limit(1)
  const byAccount = await grantsOnBrand(deps, brandKey, [accountKey])
  if (!row || !byAccount.has(accountKey)) throw notFound('Team member')
  return toMemberView(deps, row, byAccount.get(accountKey)!)
}

/**
 * POST /api/brand/method/remove_team_member: deactivates an account for one brand. Its grants on
 * the brand (and on the brand's lines, collections, ...) and its team memberships there are
 * removed; other brands are untouched. An account left with no grant anywhere is set inactive
 * and can no longer sign in (docs/decisions/017).
 */
export async function removeBrandMember(deps: ServiceDeps, actor: Actor, input: unknown) {
  const { brand, account } = parseOrThrow(BrandMemberSchema, input)
  requireBrandAbility(actor, 'team.manage', brand)
  if (account === actor.key) throw new AppError('Conflict', 'You cannot deactivate your own account.')
  const held = await deps.db
    .select({ key: grants.key })
    .from(grants)
    .where(and(eq(grants.brandKey, brand), eq(grants.accountKey, account)))
    .limit(1)
  if (held.length === 0) throw notFound('Team member')
  const accountActive = await changeGrants(deps, async (tx, writer) => {
    await writer.removeAllOnBrand(account, brand)
    await tx.delete(teamMembers).where(and(eq(teamMembers.brandKey, brand), eq(teamMembers.accountKey, account)))
    await tx
      .insert(brandDeactivations)
      .values({ brandKey: brand, accountKey: account, deactivatedBy: actor.key })
      .onConflictDoUpdate({
        target: [brandDeactivations.brandKey, brandDeactivations.accountKey],
        set: { created: new Date(), deactivatedBy: actor.key },
      })
    const [elsewhere] = await tx.select({ key: grants.key }).from(grants).where(eq(grants.accountKey, account)).limit(1)
    if (!elsewhere) {
      await tx.update(accounts).set({ active: false, modified: new Date() }).where(eq(accounts.key, account))
    }
    return Boolean(elsewhere)
  })
  // An account that can no longer sign in keeps no sign-in either: its live connections close too.
  if (!accountActive) await endAccountSessions(deps, account)
  return { brand, account, deactivated: true, accountActive }
}

// ---------------------------------------------------------------------------------------------
// Teams

/** GET /api/team/query/brand?brand= */
export async function listBrandTeams(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<TeamView[]> {
  requireBrandAbility(actor, 'team.manage', brandKey)
  const rows = await deps.db
    .select()
    .from(teams)
    .where(eq(teams.brandKey, brandKey))
    .orderBy(asc(teams.created), asc(teams.key))
  return teamViews(deps, rows)
}

/** GET /api/team/query/model?model=&model_id= */
export async function listModelTeams(
  deps: ServiceDeps,
  actor: Actor,
  model: string | undefined,
  modelId: string | undefined,
): Promise<TeamView[]> {
  if (!model || !modelId) throw new AppError('ValidationError', 'model and model_id are required.')
  await requireAbility(deps, actor, 'team.manage', { model, key: modelId })
  const rows = await deps.db
    .select()
    .from(teams)
    .where(and(eq(teams.model, model), eq(teams.modelId, modelId)))
    .orderBy(asc(teams.created), asc(teams.key))
  return teamViews(deps, rows)
}

/**
 * GET /api/team/query/accounts?account= : the teams an account belongs to, in the brands where
 * the actor is owner (all of them when the account is the actor's own).
 */
export async function listAccountTeams(
  deps: ServiceDeps,
  actor: Actor,
  accountKey: string | undefined,
): Promise<TeamView[]> {
  if (!accountKey) throw new AppError('ValidationError', 'account is required.')
  const managed = (brandKey: string) => hasBrandAbility(actor.grants, brandKey, 'team.manage')
  const rows = await deps.db
    .select({ team: teams })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.key, teamMembers.teamKey))
    .where(eq(teamMembers.accountKey, accountKey))
    .orderBy(asc(teams.created), asc(teams.key))
  // Teams in brands the actor does not own stay hidden, so the answer reveals nothing about them.
  const visible = rows.map((row) => row.team).filter((team) => accountKey === actor.key || managed(team.brandKey))
  return teamViews(deps, visible)
}

/**
 * POST /api/team/model/ : a team on the brand, a line or a collection. Without explicit grants
 * it hands out access to its model at the level of its job type (access.md §6).
 */
export async function createTeam(deps: ServiceDeps, actor: Actor, input: unknown): Promise<TeamView> {
  const value = parseOrThrow(TeamCreateSchema, input)
  const { brandKey } = await requireAbility(deps, actor, 'team.manage', { model: value.model, key: value.model_id })
  const teamGrants: GrantSpec[] = value.grants?.length
    ? value.grants
    : [{ model: value.model, model_id: value.model_id, type: teamGrantLevel(value.account_job_type) }]
  for (const grant of teamGrants) {
    if (grant.model === 'Team' || grant.model === 'Account') {
      throw new AppError('ValidationError', `grants: a team cannot hand out access to a ${grant.model}.`)
    }
    const grantBrand = await brandOf(deps, { model: grant.model, key: grant.model_id }).catch(() => null)
    if (grantBrand !== brandKey) {
      throw new AppError('ValidationError', `grants: ${grant.model} ${grant.model_id} is not part of this brand.`)
    }
  }
  const [row] = await deps.db
    .insert(teams)
    .values({
      key: newKey(),
      brandKey,
      name: value.name,
      description: value.description ?? '',
      model: value.model,
      modelId: value.model_id,
      grants: teamGrants,
      accountJobType: value.account_job_type ?? null,
    })
    .returning()
  return toTeamView(row!, [])
}

/**
 * POST /api/team/method/set_team {team, account}: puts a member of the brand on a team and hands
 * them the team's grants. Only accounts that already hold a grant on the brand can be added
 * (new people join through an invite).
 */
export async function setTeamMember(deps: ServiceDeps, actor: Actor, input: unknown): Promise<TeamView> {
  const { team: teamKey, account } = parseOrThrow(TeamMemberSchema, input)
  const team = await loadTeam(deps, actor, teamKey, 'team.manage')
  const [member] = await deps.db
    .select({ key: grants.accountKey })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(and(eq(grants.brandKey, team.brandKey), eq(grants.accountKey, account), eq(accounts.active, true)))
    .limit(1)
  if (!member) throw notFound('Account')
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(teamMembers)
      .values({ teamKey: team.key, accountKey: account, brandKey: team.brandKey })
      .onConflictDoNothing()
    await addGrants(
      tx,
      team.grants.map((grant) => ({ ...grant, accountKey: account, brandKey: team.brandKey })),
    )
  })
  return toTeamView(team, await teamMemberViews(deps, team))
}

/**
 * POST /api/team/method/remove_member {team, account}: takes an account off a team, with the
 * grants the team handed out, except grants on the brand itself (leaving the brand is Deactivate
 * on Manage Team) and grants another of the account's teams still hands out (docs/decisions/017).
 */
export async function removeTeamMember(deps: ServiceDeps, actor: Actor, input: unknown): Promise<TeamView> {
  const { team: teamKey, account } = parseOrThrow(TeamMemberSchema, input)
  const team = await loadTeam(deps, actor, teamKey, 'team.manage')
  const [membership] = await deps.db
    .select({ key: teamMembers.accountKey })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamKey, team.key), eq(teamMembers.accountKey, account)))
    .limit(1)
  if (!membership) throw notFound('Team member')
  const otherTeams = await deps.db
    .select({ grants: teams.grants })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.key, teamMembers.teamKey))
    .where(and(eq(teamMembers.accountKey, account), ne(teamMembers.teamKey, team.key)))
  const stillGranted = new Set(otherTeams.flatMap((t) => t.grants.map((g) => `${g.model}:${g.model_id}:${g.type}`)))
  const toRemove = team.grants.filter(
    (g) => g.model !== 'Brand' && !stillGranted.has(`${g.model}:${g.model_id}:${g.type}`),
  )
  await changeGrants(deps, async (tx, writer) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamKey, team.key), eq(teamMembers.accountKey, account)))
    await writer.remove(account, team.brandKey, toRemove)
  })
  return toTeamView(team, await teamMemberViews(deps, team))
}

/**
 * Who holds which grant on a team's line, collection or brand (the Access modal). A page names
 * its brand, and a team of another brand is not found there.
 */
export async function teamAccess(deps: ServiceDeps, actor: Actor, teamKey: string, brandKey?: string) {
  const team = await loadTeam(deps, actor, teamKey, 'team.manage')
  if (brandKey !== undefined && team.brandKey !== brandKey) throw notFound('Team')
  let modelName = team.model
  if (team.model === 'Brand') {
    const [row] = await deps.db.select({ name: brands.name }).from(brands).where(eq(brands.key, team.modelId))
    modelName = row?.name ?? team.model
  } else if (team.model === 'Line') {
    const [row] = await deps.db.select({ name: lines.name }).from(lines).where(eq(lines.key, team.modelId))
    modelName = row?.name ?? team.model
  } else if (team.model === 'Collection') {
    const [row] = await deps.db
      .select({ name: collections.name })
      .from(collections)
      .where(eq(collections.key, team.modelId))
    modelName = row?.name ?? team.model
  }
  const rows = await deps.db
    .select({ key: accounts.key, name: accounts.name, email: accounts.email, type: grants.type })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(
        eq(grants.brandKey, team.brandKey),
        eq(grants.model, team.model),
        eq(grants.modelId, team.modelId),
        eq(accounts.active, true),
      ),
    )
    .orderBy(asc(accounts.name))
  return {
    team: { key: team.key, name: team.name, description: team.description, model: team.model, model_id: team.modelId },
    modelName,
    entries: rows,
  }
}

/** The lines and collections an owner can choose from in the add-member form. */
export async function listInviteChoices(deps: ServiceDeps, actor: Actor, brandKey: string) {
  requireBrandAbility(actor, 'team.manage', brandKey)
  const lineRows = await deps.db
    .select({ key: lines.key, name: lines.name })
    .from(lines)
    .where(eq(lines.brandKey, brandKey))
    .orderBy(asc(lines.name))
  const collectionRows = await deps.db
    .select({ key: collections.key, name: collections.name, season: collections.season, year: collections.year })
    .from(collections)
    .where(eq(collections.brandKey, brandKey))
    .orderBy(asc(collections.name))
  return { lines: lineRows, collections: collectionRows }
}

/** One open invite of the brand, for the Revoke Invite confirmation and the invite link view. */
export async function getOpenBrandInvite(deps: ServiceDeps, actor: Actor, brandKey: string, inviteKey: string) {
  requireBrandAbility(actor, 'team.manage', brandKey)
  const invite = (await listBrandInvites(deps, actor, brandKey)).find((candidate) => candidate.key === inviteKey)
  if (!invite) throw notFound('Invite')
  return invite
}
