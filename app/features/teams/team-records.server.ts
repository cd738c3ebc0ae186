// Teams themselves: created, renamed, their members added and removed, deleted.
import { teamGrantLevel } from '#app/features/teams/team-rules'
import { TeamCreateSchema, TeamMemberSchema } from '#app/features/teams/team-schemas'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import { addGrants, changeGrants } from '#app/platform/access/grants.server'
import { brandOf } from '#app/platform/access/model-registry.server'
import { hasBrandAbility } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { parseOrThrow } from '#app/platform/validation.server'
import type { GrantSpec } from '#db/schema'
import { accounts, brands, collections, grants, lines, teamMembers, teams } from '#db/schema'
import { and, asc, eq, ne } from 'drizzle-orm'
import { listBrandInvites } from './invites.server'
import { loadTeam, teamMemberViews, teamViews, toTeamView, type TeamView } from './team-lookups.server'
import type { Actor } from '#app/platform/access/actor'

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
