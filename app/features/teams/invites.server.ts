// Invites (access.md §3 Invite, §4 "Invite acceptance", §6, §7): create, e-mail, list, revoke,
// the public lookup of the landing page, and acceptance. Grants and roles follow the pure rules
// of app/features/teams/invite-rules.ts; who may invite is decided in docs/decisions/013-invites.md.
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm'
import { accounts, brandDeactivations, brands, invites, teamMembers, teams } from '#db/schema'
import type { Database } from '#db/client'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { reportError } from '#app/infra/error-reporting.server'
import {
  assembleInviteGrants,
  inviteGrantLevel,
  inviteLandingPath,
  inviteRole,
  isOpenInvite,
  isWellFormedInviteToken,
  mayInvite,
  OPEN_INVITE_STATUSES,
  type InviteDataEntry,
  type InviteGrant,
} from '#app/features/teams/invite-rules'
import { brandGrantTypes, JOB_TYPES, type GrantType } from '#app/platform/access/permissions'
import { InviteSchema, type InviteInput } from '#app/features/teams/invite-schemas'
import type { Actor, AccountRow } from '#app/features/identity/accounts.server'
import { requireAbility, requireBrandAbility } from '#app/platform/access/access.server'
import { addGrants } from '#app/platform/access/grants.server'
import { modelEntry } from '#app/platform/access/model-registry.server'
import type { ServiceDeps } from '#app/platform/context.server'
import * as z from 'zod/mini'

export type { InviteInput } from '#app/features/teams/invite-schemas'
export type { GrantSpec } from '#db/schema'

export const INVITE_MESSAGES = {
  notFound: 'Invite Not Found. Please ask a team Admin to send you a new invite.',
  parseError: 'Error parsing invite. Please ask a team Admin to send you a new invite.',
  sendError: 'Error sending invite. Please try again later.',
  created: 'Invite has been created.',
  deleted: 'Invite has been deleted successfully.',
  delivered: (email: string) => `Invite has been delivered to ${email}`,
  invitedTo: (email: string, model: string) => `${email} has been invited to ${model}`,
  grantingAccess: (model: string) => `Error granting access to ${model}`,
  alreadyAccepted: 'This invite has already been accepted.',
  wrongAccount: (email: string) => `This invite was sent to ${email}. Sign in with that e-mail address to accept it.`,
  ownerOnly: 'Only an owner of the brand can invite with owner access or the admin role.',
  noParentBrand:
    'Error associating your invite with a parent Brand. Please contact support with details about your invite.',
} as const

export type InviteRow = typeof invites.$inferSelect

/** The Invite entity as the API and Manage Team show it (access.md §3). */
export interface InviteView {
  key: string
  KIND: 'Invite'
  email: string
  first_name: string
  last_name: string
  job_type: string
  role: string
  status: string
  team: string | null
  title: string | null
  department: string | null
  employee_number: string | null
  brand: string
  created: string
  data: InviteDataEntry[]
  permissions: InviteGrant[]
  /** The link with the secret token; null for a viewer who may not hand out this invite. */
  url: string | null
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

export function inviteUrl(deps: Pick<ServiceDeps, 'appUrl'>, token: string): string {
  return `${deps.appUrl.replace(/\/$/, '')}/invite?token=${encodeURIComponent(token)}`
}

/**
 * The invite as an API shows it. The link is the invite itself (whoever holds it signs up with its
 * grants), so only someone allowed to hand out this invite sees it: an editor listing the brand's
 * invites must not pick up the link of an owner-level one.
 */
export function toInviteView(deps: Pick<ServiceDeps, 'appUrl'>, row: InviteRow, viewer?: Actor): InviteView {
  const showLink = !viewer || mayInvite(brandGrantTypes(viewer.grants, row.brandKey), row)
  return {
    key: row.key,
    KIND: 'Invite',
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    job_type: row.jobType,
    role: row.role,
    status: row.status,
    team: row.teamKey,
    title: row.title,
    department: row.department,
    employee_number: row.employeeNumber,
    brand: row.brandKey,
    created: row.created.toISOString(),
    data: row.data,
    permissions: row.permissions,
    url: showLink ? inviteUrl(deps, row.token) : null,
  }
}

/** Schema failures as a ValidationError carrying the spec's message itself (no field prefix). */
function validate<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = z.safeParse(schema, input ?? {})
  if (result.success) return result.data
  const fields: Record<string, string[]> = {}
  for (const issue of result.error.issues) (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message)
  throw new AppError('ValidationError', result.error.issues[0]!.message, fields)
}

const openStatus = inArray(invites.status, [...OPEN_INVITE_STATUSES])

/** Managing a brand's invites needs owner or editor there; no grant reads as not found. */
function requireInviteManager(actor: Actor, brandKey: string): GrantType[] {
  return [requireBrandAbility(actor, 'invite.send', brandKey).grant]
}

function requireMayHandle(actor: Actor, row: Pick<InviteRow, 'brandKey' | 'role' | 'permissions'>): void {
  const held = requireInviteManager(actor, row.brandKey)
  if (!mayInvite(held, row)) throw permissionError(INVITE_MESSAGES.ownerOnly)
}

/** Keys among `ids` that are rows of `model` in the brand (the invite may only name those). */
async function keysInBrand(deps: ServiceDeps, brandKey: string, model: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set()
  if (model === 'Brand') return new Set(ids.filter((id) => id === brandKey))
  const entry = modelEntry(model)
  if (!entry?.brand || !['Line', 'Collection', 'Style', 'Team'].includes(model)) return new Set()
  const rows = (await deps.db
    .select({ key: entry.key })
    .from(entry.table)
    .where(and(eq(entry.brand, brandKey), inArray(entry.key, ids)))) as { key: string }[]
  return new Set(rows.map((row) => row.key))
}

async function requireInBrand(deps: ServiceDeps, brandKey: string, model: string, ids: string[], field: string) {
  const found = await keysInBrand(deps, brandKey, model, ids)
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) {
    throw new AppError('ValidationError', `${field}: ${missing} is not a ${model} of this brand.`)
  }
}

// ---------------------------------------------------------------------------------------------
// Create, e-mail, list, revoke

export interface CreateInviteOptions {
  /**
   * The grant on the brand itself, when a use case hands out less there than the job type brings:
   * sharing a line gives read on the brand and editor on the line (docs/decisions/073).
   */
  brandLevel?: GrantType
}

export async function createInvite(
  deps: ServiceDeps,
  actor: Actor,
  input: InviteInput,
  options: CreateInviteOptions = {},
): Promise<InviteView> {
  const parsed = validate(InviteSchema, input)
  const held = requireInviteManager(actor, parsed.brand)
  const [brand] = await deps.db
    .select({ key: brands.key, name: brands.name })
    .from(brands)
    .where(eq(brands.key, parsed.brand))
    .limit(1)
  if (!brand) throw notFound('Brand')

  const jobType = parsed.job_type?.toLowerCase()
  if (!jobType) throw new AppError('ValidationError', INVITE_MESSAGES.grantingAccess(brand.name))
  if (!(JOB_TYPES as readonly string[]).includes(jobType)) {
    throw new AppError('ValidationError', `job_type: must be one of ${JOB_TYPES.join(', ')}.`)
  }

  const lineKeys = parsed.lines ?? []
  const collectionKeys = parsed.collections ?? []
  const extra = parsed.grants ?? []
  await requireInBrand(deps, brand.key, 'Line', lineKeys, 'lines')
  await requireInBrand(deps, brand.key, 'Collection', collectionKeys, 'collections')
  for (const model of ['Brand', 'Line', 'Collection', 'Style', 'Team']) {
    const ids = extra.filter((grant) => grant.model === model).map((grant) => grant.model_id)
    await requireInBrand(deps, brand.key, model, ids, 'grants')
  }
  let team: { key: string; name: string; grants: InviteGrant[] } | undefined
  if (parsed.team) {
    const [row] = await deps.db
      .select({ key: teams.key, name: teams.name, grants: teams.grants })
      .from(teams)
      .where(and(eq(teams.key, parsed.team), eq(teams.brandKey, brand.key)))
      .limit(1)
    if (!row) throw new AppError('ValidationError', INVITE_MESSAGES.grantingAccess(brand.name))
    team = row
  }

  // The role follows the job type (§6); a role sent by the client does not override it.
  const role = inviteRole(jobType)
  const { data, permissions } = assembleInviteGrants({
    brandKey: brand.key,
    level: options.brandLevel ?? inviteGrantLevel(jobType),
    lines: lineKeys,
    collections: collectionKeys,
    team,
    extra,
  })
  if (!mayInvite(held, { role, permissions })) throw permissionError(INVITE_MESSAGES.ownerOnly)

  const details = {
    email: parsed.email,
    firstName: parsed.first_name,
    lastName: parsed.last_name ?? '',
    jobType,
    role,
    teamKey: team?.key ?? null,
    title: parsed.title ?? null,
    department: parsed.department ?? null,
    employeeNumber: parsed.employee_number ?? null,
    data,
    permissions,
  }
  // One open invite per address and brand: asking again refreshes it and keeps its link valid.
  const [open] = await deps.db
    .select({ key: invites.key, brandKey: invites.brandKey, role: invites.role, permissions: invites.permissions })
    .from(invites)
    .where(and(eq(invites.brandKey, brand.key), eq(invites.email, parsed.email), openStatus))
    .orderBy(asc(invites.created))
    .limit(1)
  if (open) {
    // Refreshing rewrites the invite someone else may have made: only with the right to make it.
    requireMayHandle(actor, open)
    const [row] = await deps.db
      .update(invites)
      .set({ ...details, createdBy: actor.key, modified: new Date() })
      .where(eq(invites.key, open.key))
      .returning()
    return toInviteView(deps, row!)
  }
  const [row] = await deps.db
    .insert(invites)
    .values({
      key: newKey(),
      token: randomBytes(32).toString('base64url'),
      brandKey: brand.key,
      status: 'pending',
      createdBy: actor.key,
      ...details,
    })
    .returning()
  return toInviteView(deps, row!)
}

async function loadInvite(deps: ServiceDeps, inviteKey: string): Promise<InviteRow> {
  const [row] = await deps.db.select().from(invites).where(eq(invites.key, inviteKey)).limit(1)
  if (!row) throw notFound('Invite')
  return row
}

export function inviteEmail(input: { brandName: string; inviterName: string; firstName: string; link: string }) {
  const subject = `${input.inviterName} invited you to ${input.brandName} on Brand Portal`
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,'
  const text = [
    greeting,
    '',
    `${input.inviterName} has invited you to join ${input.brandName} on Brand Portal.`,
    '',
    `Accept the invite: ${input.link}`,
    '',
    'If you did not expect this invite, you can ignore this e-mail.',
  ].join('\n')
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.inviterName)} has invited you to join <strong>${escapeHtml(input.brandName)}</strong> on Brand Portal.</p>
<p><a href="${escapeHtml(input.link)}">Accept the invite</a></p>
<p style="color:#666">If you did not expect this invite, you can ignore this e-mail.</p>`
  return { subject, text, html }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/**
 * E-mails the invite link (APP_URL + /invite?token=) and marks the invite invited. The link's
 * host is always our own; a client's `path` may only say which landing it expects (/invite).
 */
export async function sendInviteEmail(
  deps: ServiceDeps,
  actor: Actor,
  inviteKey: string,
  options: { path?: string } = {},
): Promise<{ email: string; link: string }> {
  const row = await loadInvite(deps, inviteKey)
  requireMayHandle(actor, row)
  if (!isOpenInvite(row.status)) throw new AppError('Conflict', INVITE_MESSAGES.alreadyAccepted)
  if (options.path && !/\/(invite|register)\/?$/.test(options.path)) {
    throw new AppError('ValidationError', 'path: must end with /invite.')
  }
  const [brand] = await deps.db.select({ name: brands.name }).from(brands).where(eq(brands.key, row.brandKey))
  const link = inviteUrl(deps, row.token)
  const mail = inviteEmail({
    brandName: brand?.name ?? 'your brand',
    inviterName: actor.name || actor.email,
    firstName: row.firstName,
    link,
  })
  try {
    await deps.mailer.send({ to: row.email, ...mail })
  } catch (error) {
    console.error(
      JSON.stringify({ level: 'error', msg: 'invite e-mail failed', invite: row.key, error: String(error) }),
    )
    throw new AppError('UnexpectedError', INVITE_MESSAGES.sendError)
  }
  await deps.db
    .update(invites)
    .set({ status: 'invited', modified: new Date() })
    .where(and(eq(invites.key, row.key), eq(invites.status, 'pending')))
  return { email: row.email, link }
}

async function listOpen(deps: ServiceDeps, actor: Actor, where: ReturnType<typeof and>): Promise<InviteView[]> {
  const rows = await deps.db.select().from(invites).where(and(openStatus, where)).orderBy(asc(invites.created))
  return rows.map((row) => toInviteView(deps, row, actor))
}

/** Open invites (pending or invited) of a brand, oldest first. */
export async function listBrandInvites(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<InviteView[]> {
  requireInviteManager(actor, brandKey)
  return listOpen(deps, actor, eq(invites.brandKey, brandKey))
}

/** Open invites of a brand that name a team (GET /api/invite/query/brand_teams). */
export async function listBrandTeamInvites(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<InviteView[]> {
  requireInviteManager(actor, brandKey)
  return listOpen(deps, actor, and(eq(invites.brandKey, brandKey), isNotNull(invites.teamKey)))
}

/** Open invites into one team. */
export async function listTeamInvites(deps: ServiceDeps, actor: Actor, teamKey: string): Promise<InviteView[]> {
  const { brandKey } = await requireAbility(deps, actor, 'invite.send', { model: 'Team', key: teamKey })
  return listOpen(deps, actor, and(eq(invites.brandKey, brandKey), eq(invites.teamKey, teamKey)))
}

/** Open invites that hand out access to one model (a line, a collection, a style, ...). */
export async function listModelInvites(
  deps: ServiceDeps,
  actor: Actor,
  model: string,
  modelId: string,
): Promise<InviteView[]> {
  const { brandKey } = await requireAbility(deps, actor, 'invite.send', { model, key: modelId })
  const names = JSON.stringify([{ model, model_id: modelId }])
  return listOpen(deps, actor, and(eq(invites.brandKey, brandKey), sql`${invites.data} @> ${names}::jsonb`))
}

/** Deletes an open invite; its link stops working. */
export async function revokeInvite(deps: ServiceDeps, actor: Actor, inviteKey: string, brandKey?: string) {
  const row = await loadInvite(deps, inviteKey)
  // A brand named by the caller must be the invite's, so no one probes invites of other brands.
  if (brandKey !== undefined && brandKey !== row.brandKey) throw notFound('Invite')
  requireMayHandle(actor, row)
  const deleted = await deps.db
    .delete(invites)
    .where(and(eq(invites.key, row.key), openStatus))
    .returning({ key: invites.key })
  if (deleted.length === 0) throw new AppError('Conflict', INVITE_MESSAGES.alreadyAccepted)
}

// ---------------------------------------------------------------------------------------------
// The invite landing (public) and acceptance

export interface ParsedInviteView {
  /** An account with the invite's e-mail exists: the invitee signs in instead of signing up. */
  account: boolean
  email: string
  first_name: string
  last_name: string
  job_type: string
  brand: { key: string; name: string }
  data: { KIND: 'Brand' | 'Team'; model: string; model_id: string; name: string }[]
}

/** An open invite by its token; malformed → 400, unknown or used → 404 with the spec's texts. */
/**
 * The invite of a token, unless its brand is archived: an archived brand's invites are not found
 * until it is restored, so no one lands on it, signs up into it or sees its look (decision 066).
 */
async function inviteByToken(deps: ServiceDeps, token: string, ...where: SQL[]): Promise<InviteRow | undefined> {
  const [row] = await deps.db
    .select({ invite: invites })
    .from(invites)
    .innerJoin(brands, and(eq(brands.key, invites.brandKey), isNull(brands.archivedAt)))
    .where(and(eq(invites.token, token), ...where))
    .limit(1)
  return row?.invite
}

async function openInviteByToken(deps: ServiceDeps, token: string | null | undefined): Promise<InviteRow> {
  if (!isWellFormedInviteToken(token)) throw new AppError('ValidationError', INVITE_MESSAGES.parseError)
  const row = await inviteByToken(deps, token)
  if (!row || !isOpenInvite(row.status)) throw new AppError('NotFound', INVITE_MESSAGES.notFound)
  return row
}

/** GET /api/invite/method/parse: what the landing shows. Public: the token is the secret. */
export async function parseInvite(deps: ServiceDeps, token: string | null | undefined): Promise<ParsedInviteView> {
  const row = await openInviteByToken(deps, token)
  const brandName = await parentBrandName(deps, row)
  const [account] = await deps.db
    .select({ key: accounts.key })
    .from(accounts)
    .where(eq(accounts.email, row.email))
    .limit(1)
  const data: ParsedInviteView['data'] = [{ KIND: 'Brand', model: 'Brand', model_id: row.brandKey, name: brandName }]
  if (row.teamKey) {
    const [team] = await deps.db.select({ name: teams.name }).from(teams).where(eq(teams.key, row.teamKey))
    if (team) data.push({ KIND: 'Team', model: 'Team', model_id: row.teamKey, name: team.name })
  }
  return {
    account: Boolean(account),
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    job_type: row.jobType,
    brand: { key: row.brandKey, name: brandName },
    data,
  }
}

export interface AcceptedInvite {
  /** Where to go next: by the invite's first grant not on a Brand or Team (§4). */
  landing: string
  brandKey: string
  brandName: string
  email: string
  /** True when this account had already accepted it: nothing was changed this time. */
  alreadyAccepted: boolean
}

/**
 * Marks the invite accepted by the account and merges its grants, team and job type, all in the
 * caller's transaction. The conditional update makes acceptance happen exactly once: a second
 * call finds nothing to update and changes nothing. Returns false when it had been accepted.
 */
export async function applyInvite(tx: Tx, row: InviteRow, account: AccountRow): Promise<boolean> {
  const [claimed] = await tx
    .update(invites)
    .set({ status: 'accepted', acceptedBy: account.key, acceptedAt: new Date(), modified: new Date() })
    .where(and(eq(invites.key, row.key), sql`${invites.status} <> 'accepted'`))
    .returning({ key: invites.key })
  if (!claimed) return false
  await addGrants(
    tx,
    row.permissions.map((grant) => ({ ...grant, accountKey: account.key, brandKey: row.brandKey })),
  )
  if (row.teamKey) {
    const [team] = await tx.select({ key: teams.key }).from(teams).where(eq(teams.key, row.teamKey))
    if (team) {
      await tx
        .insert(teamMembers)
        .values({ teamKey: team.key, accountKey: account.key, brandKey: row.brandKey })
        .onConflictDoNothing()
    }
  }
  // An account keeps a job type it already has (guest is the blank default) and never loses the
  // admin role; an invite with the admin job type makes it admin. The invited brand becomes the
  // preferred one when none is set (docs/decisions/013-invites.md). Accepting an invite makes a
  // deactivated account active again and ends its deactivation for that brand (decision 025).
  await tx
    .update(accounts)
    .set({
      ...(account.jobType === 'guest' && row.jobType !== 'guest' && { jobType: row.jobType }),
      ...(row.role === 'admin' && { role: 'admin' }),
      ...(!account.preferences?.brand && { preferences: { ...account.preferences, brand: row.brandKey } }),
      active: true,
      modified: new Date(),
    })
    .where(eq(accounts.key, account.key))
  await tx
    .delete(brandDeactivations)
    .where(and(eq(brandDeactivations.brandKey, row.brandKey), eq(brandDeactivations.accountKey, account.key)))
  return true
}

/**
 * Signing in from an invite link with an account that was deactivated (it lost its last brand,
 * docs/decisions/017): the open invite sent to the account's own e-mail is accepted as part of
 * the sign-in, which makes the account active again (docs/decisions/025). Called only once the
 * password (and a second factor) has been checked. Answers false, changing nothing, when the
 * account is active anyway (the invite is accepted after sign-in as usual) or the token is not an
 * open invite for it; the sign-in is then refused as deactivated.
 */
export async function reactivateByInvite(
  deps: ServiceDeps,
  identity: { uid: string; email: string; emailVerified: boolean },
  token: string | null | undefined,
): Promise<boolean> {
  if (!isWellFormedInviteToken(token)) return false
  let [account] = await deps.db.select().from(accounts).where(eq(accounts.firebaseUid, identity.uid)).limit(1)
  // By e-mail only when the provider has verified it, as at account sync.
  if (!account && identity.email && identity.emailVerified) {
    ;[account] = await deps.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, identity.email.trim().toLowerCase()))
      .limit(1)
  }
  if (!account || account.active) return false
  const row = await inviteByToken(deps, token, openStatus)
  if (!row || row.email !== account.email.trim().toLowerCase()) return false
  return deps.db.transaction((tx) => applyInvite(tx, row, account))
}

/**
 * The name of the brand an invite belongs to. The foreign key keeps it there; should it still be
 * missing, the invitee gets the spec's message and the fault is reported (access.md §8).
 */
async function parentBrandName(deps: ServiceDeps, row: Pick<InviteRow, 'key' | 'brandKey'>): Promise<string> {
  const [brand] = await deps.db.select({ name: brands.name }).from(brands).where(eq(brands.key, row.brandKey))
  if (brand) return brand.name
  const error = new AppError('Conflict', INVITE_MESSAGES.noParentBrand)
  reportError(error, { msg: 'invite without parent brand', invite: row.key, brand: row.brandKey })
  throw error
}

/**
 * GET /api/app/method/accept_invite and the landing after sign-in. The invite must be for the
 * signed-in account's e-mail; one it has already accepted answers the same landing again.
 */
export async function acceptInvite(deps: ServiceDeps, actor: Actor, token: string | null | undefined) {
  if (!isWellFormedInviteToken(token)) throw new AppError('ValidationError', INVITE_MESSAGES.parseError)
  const row = await inviteByToken(deps, token)
  if (!row) throw new AppError('NotFound', INVITE_MESSAGES.notFound)
  const result = (alreadyAccepted: boolean): Promise<AcceptedInvite> =>
    parentBrandName(deps, row).then((name) => ({
      landing: inviteLandingPath(row.brandKey, row.permissions),
      brandKey: row.brandKey,
      brandName: name,
      email: row.email,
      alreadyAccepted,
    }))
  if (row.status === 'accepted') {
    if (row.acceptedBy === actor.key) return result(true)
    throw new AppError('NotFound', INVITE_MESSAGES.notFound)
  }
  if (row.email !== actor.email.trim().toLowerCase()) {
    throw new AppError('PermissionError', INVITE_MESSAGES.wrongAccount(row.email))
  }
  const applied = await deps.db.transaction(async (tx) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.key, actor.key)).limit(1)
    if (!account) throw notFound('Account')
    return applyInvite(tx, row, account)
  })
  if (!applied) {
    const [again] = await deps.db
      .select({ acceptedBy: invites.acceptedBy })
      .from(invites)
      .where(eq(invites.key, row.key))
    if (again?.acceptedBy === actor.key) return result(true)
    throw new AppError('NotFound', INVITE_MESSAGES.notFound)
  }
  // The caller may keep using this actor in the same request.
  for (const grant of row.permissions) {
    const known = actor.grants.some(
      (held) => held.model === grant.model && held.model_id === grant.model_id && held.type === grant.type,
    )
    if (!known) actor.grants.push(grant as Actor['grants'][number])
  }
  return result(false)
}

export { openInviteByToken }
