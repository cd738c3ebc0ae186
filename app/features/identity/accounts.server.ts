// Accounts and the acting user: who is signed in, with which grants, and the account sync that
// runs after every sign-in (POST /api/account/method/login).
import { eq, sql } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { AppError, invalidSession } from '#app/platform/errors'
import type { Grant } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import type { VerifiedIdentity } from '#app/platform/identity-provider'
import type { Actor } from '#app/platform/access/actor'
import { brandMemberKeys, loadGrants } from '#app/platform/access/grants.server'

export type AccountRow = typeof accounts.$inferSelect

export type { Actor }
export { brandMemberKeys, loadGrants }

/**
 * The account's grants as one JSON column of a query on `accounts`, oldest first and without the
 * grants on archived brands, like loadGrants:
 * the sign-in check reads account and grants in one statement (docs/decisions/077). The account's
 * key is named with its table: Drizzle leaves the table out in a select from one table, where
 * `key` would be the grant's own.
 */
export const grantsColumn = sql<Grant[] | string>`coalesce((
  select json_agg(json_build_object('model', g.model, 'model_id', g.model_id, 'type', g.type) order by g.created, g.key)
  from grants g join brands b on b.key = g.brand_key and b.archived_at is null
  where g.account_key = accounts.key), '[]'::json)`

/** The grants column as the driver hands it over (a parsed value, or JSON text). */
export function grantsFromColumn(value: Grant[] | string): Grant[] {
  return typeof value === 'string' ? (JSON.parse(value) as Grant[]) : value
}

export function toActor(row: AccountRow, actorGrants: Grant[]): Actor {
  return {
    key: row.key,
    firebaseUid: row.firebaseUid,
    email: row.email,
    name: row.name,
    role: row.role,
    jobType: row.jobType,
    status: row.status,
    preferences: row.preferences ?? {},
    grants: actorGrants,
    picturePath: row.assets?.profile_picture?.path ?? null,
  }
}

/** The actor behind a verified Firebase identity; a deactivated or unknown account is refused. */
export async function actorForIdentity(deps: ServiceDeps, identity: { uid: string; email?: string }): Promise<Actor> {
  const [row] = await deps.db
    .select({ account: accounts, grants: grantsColumn })
    .from(accounts)
    .where(eq(accounts.firebaseUid, identity.uid))
    .limit(1)
  if (!row || !row.account.active) throw invalidSession()
  return toActor(row.account, grantsFromColumn(row.grants))
}

/** The actor of an account key (a session's account); a deactivated or unknown one is refused. */
export async function actorForAccount(deps: ServiceDeps, accountKey: string): Promise<Actor> {
  const [row] = await deps.db
    .select({ account: accounts, grants: grantsColumn })
    .from(accounts)
    .where(eq(accounts.key, accountKey))
    .limit(1)
  if (!row || !row.account.active) throw invalidSession()
  return toActor(row.account, grantsFromColumn(row.grants))
}

/**
 * Account sync after sign-in: links the Firebase user to its account (by uid, or by e-mail the
 * first time), records the sign-in and returns the account with its grants. Linking by e-mail
 * needs an e-mail the provider has verified: anyone can create a provider user with someone
 * else's address, never verify it, and would otherwise take over that account
 * (docs/decisions/029-sign-in-service-and-api-second-step.md).
 */
export async function syncAccountOnLogin(deps: ServiceDeps, identity: VerifiedIdentity) {
  const email = identity.email.toLowerCase()
  let [row] = await deps.db.select().from(accounts).where(eq(accounts.firebaseUid, identity.uid)).limit(1)
  if (!row && email && identity.emailVerified) {
    ;[row] = await deps.db.select().from(accounts).where(eq(accounts.email, email)).limit(1)
  }
  if (!row) {
    throw new AppError('PermissionError', 'Account registration needed. Please ask a team Admin to send you an invite.')
  }
  if (!row.active) throw new AppError('PermissionError', 'This account has been deactivated.')
  const [updated] = await deps.db
    .update(accounts)
    .set({ firebaseUid: identity.uid, lastLoginAt: new Date() })
    .where(eq(accounts.key, row.key))
    .returning()
  const actorGrants = await loadGrants(deps, row.key)
  return { actor: toActor(updated!, actorGrants), account: toAccountView(updated!, actorGrants) }
}

/**
 * The fields of an Account everyone who may see it sees (access.md §3): the account itself and
 * the member lists of a brand or team build on this one mapping.
 */
export function toAccountFields(row: AccountRow) {
  return {
    key: row.key,
    KIND: 'Account' as const,
    name: row.name,
    first: row.first,
    last: row.last,
    email: row.email,
    username: row.username,
    title: row.title,
    department: row.department,
    role: row.role,
    job_type: row.jobType,
    contact_number: row.contactNumber,
    mobile_number: row.mobileNumber,
    employee_number: row.employeeNumber,
    status: row.status,
    country: row.country,
    created: row.created.toISOString(),
  }
}

/** The Account entity as its owner sees it through the API: with settings and all its grants. */
export function toAccountView(row: AccountRow, actorGrants: Grant[]) {
  return {
    ...toAccountFields(row),
    date_format: row.dateFormat,
    language: row.language,
    mfa: row.mfa,
    features: row.features,
    preferences: row.preferences,
    grants: actorGrants,
  }
}
