// The invite landing (public) and acceptance.
import type { AccountRow } from '#app/features/identity/index.server'
import { inviteLandingPath, isOpenInvite, isWellFormedInviteToken } from '#app/features/teams/invite-rules'
import { reportError } from '#app/infra/error-reporting.server'
import { addGrants } from '#app/platform/access/grants.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { accounts, brandDeactivations, brands, invites, teamMembers, teams } from '#db/schema'
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm'
import { INVITE_MESSAGES, openStatus, type InviteRow, type Tx } from './invite-views.server'
import type { Actor } from '#app/platform/access/actor'

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
