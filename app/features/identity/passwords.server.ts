// Password and e-mail flows (access.md §2 public screens, §4 "Password reset", §5, §8): the
// forgot-password request, the reset with an e-mail code, e-mail verification, Change Password
// for a signed-in user, and the breach check. The identity provider keeps the passwords and sends
// the e-mails; we check the breach corpus first and rate-limit what could be abused
// (docs/decisions/016-password-and-email-flows.md).
import { AppError } from '#app/platform/errors'
import {
  ACCOUNT_TEMPORARILY_DISABLED,
  INVALID_LINK,
  TOO_MANY_RESET_REQUESTS,
  WRONG_CURRENT_PASSWORD,
  actionCodeProblem,
  resetRequestAnswer,
} from '#app/features/identity/identity-messages'
import { BREACHED_PASSWORD } from '#app/features/identity/password-schemas'
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { endAccountSessions } from './sessions.server'
import { breachedSuffixes, isPasswordBreached } from './breach.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { clear, hit, isLimited, type RateLimitRule } from '#app/platform/rate-limit.server'
import type { Actor } from '#app/platform/access/actor'

const HOUR = 60 * 60 * 1000
/** Reset e-mails: a few per address (it is someone's inbox), more per network (offices). */
export const RESET_LIMITS = {
  perEmail: { limit: 5, windowMs: HOUR },
  perAddress: { limit: 30, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>
/** Wrong current passwords on Change Password: as many as the login allows by default. */
export const CHANGE_PASSWORD_LIMIT: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 }
/** Breach checks per client address; a form makes one per password typed. */
export const CHECKPWNED_LIMIT: RateLimitRule = { limit: 300, windowMs: 15 * 60 * 1000 }

/** The login's per-account failure bucket (auth.server.ts): a completed reset lifts the lockout. */
const loginAccountBucket = (email: string) => `login:account:${email.trim().toLowerCase()}`

async function countRequest(deps: ServiceDeps, bucket: string, rule: RateLimitRule): Promise<boolean> {
  if (await isLimited(deps, bucket, rule)) return false
  await hit(deps, bucket, rule)
  return true
}

// ---------------------------------------------------------------------------------------------
// Forgot password

/**
 * Sends the reset e-mail; the answer is the message to show. A known and an unknown address get
 * the same answer; only a disabled or throttled account hears otherwise (the spec's text, as a
 * PermissionError or ValidationError), and too many requests are RateLimited.
 */
export async function requestPasswordReset(
  deps: ServiceDeps,
  input: { email: string; ip: string },
): Promise<{ message: string }> {
  const email = input.email.trim().toLowerCase()
  if (
    !(await countRequest(deps, `reset:ip:${input.ip}`, RESET_LIMITS.perAddress)) ||
    !(await countRequest(deps, `reset:email:${email}`, RESET_LIMITS.perEmail))
  ) {
    throw new AppError('RateLimited', TOO_MANY_RESET_REQUESTS)
  }
  const result = await deps.identity.sendPasswordResetEmail(email)
  const answer = resetRequestAnswer(result)
  if (answer.kind === 'sent') return { message: answer.message }
  if (!result.ok && result.code === 'auth/unknown') {
    console.error(
      JSON.stringify({ level: 'error', msg: 'password reset e-mail failed', provider: result.providerMessage }),
    )
  }
  throw new AppError(
    answer.message === ACCOUNT_TEMPORARILY_DISABLED ? 'PermissionError' : 'ValidationError',
    answer.message,
  )
}

// ---------------------------------------------------------------------------------------------
// Reset screen

/**
 * Checks a reset code from an e-mail link before the form is shown; the code stays usable. A
 * missing or refused code is a ValidationError with the text to show.
 */
export async function checkResetCode(deps: ServiceDeps, code: string | null | undefined): Promise<{ email: string }> {
  if (!code) throw new AppError('ValidationError', INVALID_LINK)
  const result = await deps.identity.verifyPasswordResetCode(code)
  if (!result.ok) throw new AppError('ValidationError', actionCodeProblem(result.code))
  return { email: result.email }
}

/**
 * Sets a new password with a reset code. A breached password is refused before the code is
 * used; success also lifts the login lockout of that account ("Reset your password.").
 */
export async function resetPasswordWithCode(
  deps: ServiceDeps,
  input: { code: string; newPassword: string },
): Promise<{ email: string }> {
  if (await isPasswordBreached(deps, input.newPassword)) {
    throw new AppError('ValidationError', BREACHED_PASSWORD, { new_password: [BREACHED_PASSWORD] })
  }
  const result = await deps.identity.confirmPasswordReset(input.code, input.newPassword)
  if (!result.ok) throw new AppError('ValidationError', actionCodeProblem(result.code))
  await clear(deps, loginAccountBucket(result.email))
  // Whoever knew the old password is signed out too (docs/decisions/028).
  const [account] = await deps.db
    .select({ key: accounts.key })
    .from(accounts)
    .where(eq(accounts.email, result.email.trim().toLowerCase()))
  if (account) await endAccountSessions(deps, account.key)
  return { email: result.email }
}

// ---------------------------------------------------------------------------------------------
// E-mail verification

/**
 * Applies a verification code from an e-mail link; the message is the toast to show. A missing or
 * refused code is a ValidationError whose message is the toast.
 */
export async function verifyEmailWithCode(
  deps: ServiceDeps,
  code: string | null | undefined,
): Promise<{ message: string }> {
  if (!code) throw new AppError('ValidationError', INVALID_LINK)
  const result = await deps.identity.applyEmailVerification(code)
  if (!result.ok) throw new AppError('ValidationError', actionCodeProblem(result.code))
  return { message: 'Email Verified' }
}

/**
 * Asks the provider to e-mail the actor a verification link (for "Please check your account for
 * email verification" at sign-in). The provider wants an ID token of the user, so one is minted.
 */
export async function sendVerificationEmail(deps: ServiceDeps, actor: Actor): Promise<void> {
  const idToken = await deps.identity.freshIdToken(actor.firebaseUid)
  const result = await deps.identity.sendEmailVerification(idToken)
  if (!result.ok) throw new AppError('UnexpectedError', actionCodeProblem(result.code))
}

// ---------------------------------------------------------------------------------------------
// Change Password (signed in)

/**
 * Changes the actor's password: the old one must sign in, the new one must not be breached.
 * Every other session of the account ends with the change, and the provider's refresh tokens;
 * the session that asked (`keepSession`, its cookie value) goes on (docs/decisions/028).
 */
export async function changePassword(
  deps: ServiceDeps,
  actor: Actor,
  input: { oldPassword: string; newPassword: string; keepSession?: string },
): Promise<void> {
  const bucket = `change-password:${actor.key}`
  if (await isLimited(deps, bucket, CHANGE_PASSWORD_LIMIT)) {
    throw new AppError('RateLimited', ACCOUNT_TEMPORARILY_DISABLED)
  }
  const uid = actor.firebaseUid
  const check = await deps.identity.signInWithPassword(actor.email, input.oldPassword)
  // A user with two-step verification gets "second factor required": the password was right.
  const oldPasswordRight = check.ok || check.code === 'auth/multi-factor-auth-required'
  if (!oldPasswordRight) {
    if (check.code === 'auth/too-many-requests') throw new AppError('RateLimited', check.providerMessage)
    await hit(deps, bucket, CHANGE_PASSWORD_LIMIT)
    throw new AppError('ValidationError', WRONG_CURRENT_PASSWORD, { old_password: [WRONG_CURRENT_PASSWORD] })
  }
  if (await isPasswordBreached(deps, input.newPassword)) {
    throw new AppError('ValidationError', BREACHED_PASSWORD, { new_password: [BREACHED_PASSWORD] })
  }
  await deps.identity.updatePassword(uid, input.newPassword)
  // Other browsers and devices sign in again with the new password; Firebase may end its tokens
  // on its own, we make sure of it.
  await endAccountSessions(deps, actor.key, { keep: input.keepSession })
  await deps.identity.revokeSessions(uid)
  await clear(deps, bucket)
}

// ---------------------------------------------------------------------------------------------
// Breach check API

/** POST /api/account/method/checkpwned: suffixes under a 5-character prefix, rate-limited per address. */
export async function checkPwnedPrefix(deps: ServiceDeps, input: { prefix: unknown; ip: string }): Promise<string[]> {
  if (typeof input.prefix !== 'string') {
    throw new AppError('ValidationError', 'prefix: must be the first 5 hexadecimal characters of a SHA-1 hash.')
  }
  const bucket = `checkpwned:ip:${input.ip}`
  if (await isLimited(deps, bucket, CHECKPWNED_LIMIT)) {
    throw new AppError('RateLimited', 'Too many requests. Please try again later.')
  }
  await hit(deps, bucket, CHECKPWNED_LIMIT)
  return breachedSuffixes(deps, input.prefix)
}
