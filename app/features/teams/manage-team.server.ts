// Manage Team (access.md §2): the owners' page of members and their grants.
import { type AccountRow } from '#app/features/identity/index.server'
import { profilePictureUrlOf } from '#app/features/identity/index.server'
import { endAccountSessions } from '#app/features/identity/index.server'
import {
  teamMemberRows,
  type DeactivatedAccount,
  type MemberAccount,
  type OpenInvite,
  type TeamMemberRow,
} from '#app/features/teams/team-rules'
import { BrandMemberSchema } from '#app/features/teams/team-schemas'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { changeGrants } from '#app/platform/access/grants.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { parseOrThrow } from '#app/platform/validation.server'
import { accounts, brandDeactivations, grants, teamMembers } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { listBrandInvites } from './invites.server'
import { brandAccountRows, grantsOnBrand, toMemberView, type MemberView } from './team-lookups.server'
import type { Actor } from '#app/platform/access/actor'

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
