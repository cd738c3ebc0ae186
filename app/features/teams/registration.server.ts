// Sign-up from an invite (access.md §2 "Sign-up", §7 signup, §8 "Invites and registration"):
// creates the Firebase user and the account, accepts the invite in the same transaction, and
// signs the new user in. Decisions: docs/decisions/014-sign-up.md.
import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { accounts, brands } from '#db/schema'
import { AppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { inviteLandingPath } from './invite-rules'
import { SignupSchema } from './invite-schemas'
import { BREACHED_PASSWORD } from '#app/features/identity'
import { toAccountView } from '#app/features/identity/index.server'
import { isPasswordBreached } from '#app/features/identity/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { IdentityError } from '#app/platform/identity-provider'
import { applyInvite, INVITE_MESSAGES, openInviteByToken } from './invites.server'
import { loadGrants } from '#app/platform/access/grants.server'

export const REGISTRATION_MESSAGES = {
  error: (message: string) => `Registration error: ${message}`,
  wrongEmail: 'Please sign up with the e-mail address the invite was sent to.',
  accountExists: 'An account with this e-mail already exists. Please sign in to accept the invite.',
} as const

/** The status a new account starts with: onboarding begins at the personal profile. */
export const NEW_ACCOUNT_STATUS = 'onboarding-personal'

export async function signUpWithInvite(deps: ServiceDeps, input: unknown) {
  const result = z.safeParse(SignupSchema, input ?? {})
  if (!result.success) {
    const fields: Record<string, string[]> = {}
    for (const issue of result.error.issues) (fields[issue.path.join('.') || 'body'] ??= []).push(issue.message)
    throw new AppError('ValidationError', result.error.issues[0]!.message, fields)
  }
  const { email, first, last, password, invite: token } = result.data

  const invite = await openInviteByToken(deps, token)
  if (email !== invite.email) {
    throw new AppError('ValidationError', REGISTRATION_MESSAGES.error(REGISTRATION_MESSAGES.wrongEmail), {
      email: [REGISTRATION_MESSAGES.wrongEmail],
    })
  }
  const [existing] = await deps.db.select({ key: accounts.key }).from(accounts).where(eq(accounts.email, email))
  if (existing) throw new AppError('Conflict', REGISTRATION_MESSAGES.error(REGISTRATION_MESSAGES.accountExists))
  if (await isPasswordBreached(deps, password)) {
    throw new AppError('ValidationError', BREACHED_PASSWORD, { password: [BREACHED_PASSWORD] })
  }

  const name = `${first} ${last}`.trim()
  let uid: string
  try {
    ;({ uid } = await deps.identity.createUser({ email, password, displayName: name }))
  } catch (error) {
    if (error instanceof IdentityError) {
      const type = error.code === 'auth/email-already-exists' ? 'Conflict' : 'ValidationError'
      throw new AppError(type, REGISTRATION_MESSAGES.error(error.message))
    }
    throw error
  }

  let accountKey: string
  try {
    accountKey = await deps.db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          key: newKey(),
          firebaseUid: uid,
          email,
          name,
          first,
          last,
          role: invite.role,
          jobType: invite.jobType,
          title: invite.title,
          department: invite.department,
          employeeNumber: invite.employeeNumber,
          status: NEW_ACCOUNT_STATUS,
        })
        .returning()
      // Someone else used the token in the meantime: roll back, nothing is half-created.
      if (!(await applyInvite(tx, invite, account!))) throw new AppError('NotFound', INVITE_MESSAGES.notFound)
      return account!.key
    })
  } catch (error) {
    await deps.identity.deleteUser(uid)
    if (error instanceof AppError) throw error
    if ((error as { code?: string }).code === '23505') {
      throw new AppError('Conflict', REGISTRATION_MESSAGES.error(REGISTRATION_MESSAGES.accountExists))
    }
    throw error
  }

  // A real sign-in, so the caller receives the same tokens a login would give.
  const signIn = await deps.identity.signInWithPassword(email, password)
  const idToken = signIn.ok ? signIn.idToken : await deps.identity.freshIdToken(uid)
  const refreshToken = signIn.ok ? signIn.refreshToken : ''
  await deps.db.update(accounts).set({ lastLoginAt: new Date() }).where(eq(accounts.key, accountKey))

  const [row] = await deps.db.select().from(accounts).where(eq(accounts.key, accountKey))
  const accountGrants = await loadGrants(deps, accountKey)
  const [brand] = await deps.db.select({ name: brands.name }).from(brands).where(eq(brands.key, invite.brandKey))
  return {
    account: toAccountView(row!, accountGrants),
    permissions: accountGrants.map((grant) => ({ model: grant.model, model_id: grant.model_id })),
    idToken,
    refreshToken,
    firebaseUid: uid,
    landing: inviteLandingPath(invite.brandKey, invite.permissions),
    brandKey: invite.brandKey,
    brandName: brand?.name ?? '',
    email,
  }
}
