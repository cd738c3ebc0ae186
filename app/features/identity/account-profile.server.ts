// The account's own profile: read it, update it (personal profile page and
// PUT /api/account/model/{key}). A user changes only their own account; role and account type
// need role admin; the status moves only forward through onboarding.
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { hasBrandAbility } from '#app/platform/access/permissions'
import { currentBrandKey, isForwardStatusChange, isOnboarding } from '#app/features/teams'
import { AccountUpdateSchema, type AccountUpdate } from '#app/features/identity/account-schemas'
import { toAccountView, type AccountRow } from './accounts.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { profilePictureUrlOf } from './profile-picture.server'
import { notifyOnboardingComplete } from '#app/features/teams/index.server'
import { parseOrThrow } from '#app/platform/validation.server'
import type { Actor } from '#app/platform/access/actor'

export type AccountProfile = ReturnType<typeof toAccountView> & {
  /** A signed URL of the profile picture, or null to show initials. */
  picture: string | null
}

function requireSelf(actor: Actor, key: string): void {
  if (key !== actor.key) throw permissionError('You can only view or change your own account.')
}

async function loadRow(deps: ServiceDeps, key: string): Promise<AccountRow> {
  const [row] = await deps.db.select().from(accounts).where(eq(accounts.key, key)).limit(1)
  if (!row) throw notFound('Account')
  return row
}

function toProfile(deps: ServiceDeps, row: AccountRow, actor: Actor): AccountProfile {
  return { ...toAccountView(row, actor.grants), picture: profilePictureUrlOf(deps, row) }
}

/** GET /api/account/model/{key} and the profile page: the actor's own account. */
export async function getAccount(deps: ServiceDeps, actor: Actor, key: string): Promise<AccountProfile> {
  requireSelf(actor, key)
  return toProfile(deps, await loadRow(deps, key), actor)
}

/** Splits a full name into first and last the way the sign-up form joins them. */
function splitName(name: string): { first: string; last: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/)
  return { first, last: rest.join(' ') }
}

/**
 * Updates the actor's own account with any subset of the fields of access.md §7. Role and
 * account type (job type) changes need account role admin; the status may only move forward
 * (docs/decisions/022-onboarding-progression.md); a preferred brand must be one the actor holds a
 * grant on.
 */
export async function updateAccount(
  deps: ServiceDeps,
  actor: Actor,
  key: string,
  input: unknown,
): Promise<AccountProfile> {
  requireSelf(actor, key)
  const changes: AccountUpdate = parseOrThrow(AccountUpdateSchema, input)
  if (Object.keys(changes).length === 0) {
    throw new AppError('ValidationError', 'Nothing to update: send at least one field.')
  }
  const row = await loadRow(deps, key)
  const isAdmin = actor.role === 'admin'
  if (changes.role !== undefined && changes.role !== row.role && !isAdmin) {
    throw permissionError('Only an account admin can change the role.')
  }
  if (changes.job_type !== undefined && changes.job_type !== row.jobType && !isAdmin) {
    throw permissionError('Only an account admin can change the account type.')
  }
  if (changes.status !== undefined && !isForwardStatusChange(row.status, changes.status)) {
    throw new AppError('Conflict', `status: onboarding cannot go back from ${row.status} to ${changes.status}.`)
  }
  const preferredBrand = changes.preferences?.brand
  if (preferredBrand && !hasBrandAbility(actor.grants, preferredBrand)) throw notFound('Brand')

  const names =
    changes.first !== undefined || changes.last !== undefined
      ? { first: changes.first ?? row.first, last: changes.last ?? row.last }
      : changes.name !== undefined
        ? splitName(changes.name)
        : null
  const [updated] = await deps.db
    .update(accounts)
    .set({
      ...(names && { first: names.first, last: names.last, name: `${names.first} ${names.last}`.trim() }),
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.department !== undefined && { department: changes.department }),
      ...(changes.username !== undefined && { username: changes.username }),
      ...(changes.employee_number !== undefined && { employeeNumber: changes.employee_number }),
      ...(changes.contact_number !== undefined && { contactNumber: changes.contact_number }),
      ...(changes.mobile_number !== undefined && { mobileNumber: changes.mobile_number }),
      ...(changes.date_format !== undefined && { dateFormat: changes.date_format }),
      ...(changes.language !== undefined && { language: changes.language }),
      ...(changes.country !== undefined && { country: changes.country }),
      ...(changes.role !== undefined && { role: changes.role }),
      ...(changes.job_type !== undefined && { jobType: changes.job_type }),
      ...(changes.status !== undefined && { status: changes.status }),
      ...(changes.mfa !== undefined && { mfa: changes.mfa }),
      ...(changes.features !== undefined && { features: { ...row.features, ...changes.features } }),
      ...(changes.preferences !== undefined && { preferences: { ...row.preferences, ...changes.preferences } }),
      modified: new Date(),
    })
    .where(eq(accounts.key, key))
    .returning()
  if (!updated) throw notFound('Account')
  // The API's way to finish onboarding (access.md §7) posts the same notification as Finish.
  if (isOnboarding(row.status) && updated.status === 'onboarded') {
    await notifyOnboardingComplete(deps, actor, currentBrandKey(updated.preferences.brand, actor.grants))
  }
  // The rest of this request sees the account as it now is.
  Object.assign(actor, {
    name: updated.name,
    role: updated.role,
    jobType: updated.jobType,
    status: updated.status,
    preferences: updated.preferences,
  })
  return toProfile(deps, updated, actor)
}
