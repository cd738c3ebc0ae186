// Sign-in and who is signed in. The password never reaches our database: Firebase checks it;
// after it the caller starts a server-side session (sessions.server.ts) or hands out tokens.
// Failed attempts are rate-limited per account and per IP address
// (docs/decisions/006-csrf-and-rate-limits.md); after a few failures of an account a human check
// is asked (docs/decisions/020-human-check-after-failures.md). An account with SMS two-step
// verification signs in in two steps (docs/decisions/019-sms-two-step-verification.md).
import { AppError, invalidSession, noSession, SignInRefused } from '#app/platform/errors'
import { ACCOUNT_TEMPORARILY_DISABLED } from '#app/features/identity/identity-messages'
import { landingPath } from '#app/platform/access/permissions'
import { actorForIdentity, syncAccountOnLogin, type toAccountView } from './accounts.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { HUMAN_CHECK_FAILED, verifyHumanCheck } from './human-check.server'
import type { MfaFactor } from '#app/platform/identity-provider'
import { reactivateByInvite } from '#app/features/teams/index.server'
import { clear, countInWindow, hit, isLimited, type RateLimitRule } from '#app/platform/rate-limit.server'
import { actorFromSessionId, wasIssuedHere } from './sessions.server'
import type { Actor } from '#app/platform/access/actor'

export { SESSION_DEFAULT_MS, SESSION_REMEMBERED_MS } from './sessions.server'

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  unexpected: 'Something went wrong, please contact support',
  tooManyForAccount: 'Too many failed login attempts. Reset your password.',
  tooManyForAddress: 'Too many failed login attempts from your network. Please try again later.',
  humanCheckFailed: HUMAN_CHECK_FAILED,
  tooManyCodes: 'Too many verification codes were sent. Please try again later.',
} as const

/**
 * SMS codes cost money and can be aimed at any number (enrolment), so sending them is limited
 * per account and per client address (docs/decisions/019-sms-two-step-verification.md).
 */
export const SMS_LIMITS = {
  perAccount: { limit: 5, windowMs: 15 * 60 * 1000 },
  perAddress: { limit: 20, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>

/**
 * What a right password leads to: signed in, or a second step. Refusals (wrong password, limits,
 * the human check, the provider's errors) are thrown as SignInRefused (docs/decisions/047).
 */
export type SignInOutcome = SignedIn | SecondFactorRequired

/** Both factors checked and the account synced: the caller starts a session or hands out tokens. */
export interface SignedIn {
  ok: true
  actor: Actor
  account: ReturnType<typeof toAccountView>
  landing: string
  idToken: string
  refreshToken: string
}

/** The password was right; the sign-in goes on with one of these factors (not signed in yet). */
export interface SecondFactorRequired {
  ok: false
  reason: 'second-factor'
  email: string
  mfaPendingCredential: string
  factors: MfaFactor[]
}

function rules(deps: ServiceDeps): { account: RateLimitRule; ip: RateLimitRule } {
  const windowMs = deps.env.LOGIN_LIMIT_WINDOW_MINUTES * 60 * 1000
  return {
    account: { limit: deps.env.LOGIN_LIMIT_ACCOUNT, windowMs },
    ip: { limit: deps.env.LOGIN_LIMIT_IP, windowMs },
  }
}

function buckets(email: string, ip: string) {
  return { account: `login:account:${email}`, ip: `login:ip:${ip}` }
}

/** Throws RateLimited when the account or the address has used up its failed attempts. */
export async function refuseIfLimited(deps: ServiceDeps, email: string, ip: string): Promise<void> {
  const limits = rules(deps)
  const bucket = buckets(email, ip)
  if (await isLimited(deps, bucket.account, limits.account)) {
    throw new SignInRefused('RateLimited', MESSAGES.tooManyForAccount, { reason: 'limited', locked: true })
  }
  if (await isLimited(deps, bucket.ip, limits.ip)) {
    throw new SignInRefused('RateLimited', MESSAGES.tooManyForAddress, { reason: 'limited' })
  }
}

/** Counts a failed attempt (wrong password or wrong SMS code) against the account and address. */
export async function countFailure(deps: ServiceDeps, email: string, ip: string): Promise<void> {
  const limits = rules(deps)
  const bucket = buckets(email, ip)
  await hit(deps, bucket.account, limits.account)
  await hit(deps, bucket.ip, limits.ip)
}

/** True once the account has failed often enough in the window that a human check is asked. */
export async function isHumanCheckRequired(deps: ServiceDeps, email: string): Promise<boolean> {
  const normalized = email.trim().toLowerCase()
  if (!normalized) return false
  const failures = await countInWindow(deps, buckets(normalized, '').account, rules(deps).account)
  return failures >= deps.env.LOGIN_HUMAN_CHECK_AFTER
}

export async function signInWithPassword(
  deps: ServiceDeps,
  input: {
    email: string
    password: string
    /** Not used here: whoever starts the session after sign-in applies it (sign-in.server.ts). */
    remember?: boolean
    ip: string
    humanCheck?: unknown
    /** The token of the invite link the sign-in started from (`/?token=`), if any. */
    inviteToken?: string
  },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase()
  await refuseIfLimited(deps, email, input.ip)
  // Checked before the password, so a bot cannot keep guessing without solving it each time.
  if (await isHumanCheckRequired(deps, email)) {
    if (!(await verifyHumanCheck(deps, input.humanCheck, input.ip))) {
      throw new SignInRefused('ValidationError', MESSAGES.humanCheckFailed, {
        reason: 'human-check',
        humanCheckRequired: true,
      })
    }
  }

  const result = await deps.identity.signInWithPassword(email, input.password)
  if (!result.ok) {
    switch (result.code) {
      case 'auth/multi-factor-auth-required':
        // The password was right; the account's failures are cleared only after the second step.
        return {
          ok: false,
          reason: 'second-factor',
          email,
          mfaPendingCredential: result.mfaPendingCredential,
          factors: result.factors,
        }
      case 'auth/wrong-password':
      case 'auth/user-not-found':
      case 'auth/invalid-credential':
        await countFailure(deps, email, input.ip)
        throw new SignInRefused('AuthInvalidCredentials', MESSAGES.invalidCredentials, {
          reason: 'credentials',
          humanCheckRequired: await isHumanCheckRequired(deps, email),
        })
      case 'auth/too-many-requests':
        throw new SignInRefused('RateLimited', result.providerMessage, { reason: 'provider' })
      case 'auth/user-disabled':
        // The provider disabled the account; the same text as the reset request (decision 016).
        throw new SignInRefused('PermissionError', ACCOUNT_TEMPORARILY_DISABLED, { reason: 'provider' })
      default:
        throw new SignInRefused('ValidationError', MESSAGES.unexpected, { reason: 'provider' })
    }
  }
  return completeSignIn(deps, result, email, input.inviteToken)
}

/**
 * Counts one SMS about to be sent for this account and client address; throws RateLimited (429)
 * when either has used up its sends in the window. Counted before sending: a send the provider
 * then refuses still counts, so retrying errors cannot pump either.
 */
export async function allowSmsSend(deps: ServiceDeps, input: { email: string; ip: string }): Promise<void> {
  const account = `sms:account:${input.email.trim().toLowerCase()}`
  const address = `sms:ip:${input.ip}`
  if (
    (await isLimited(deps, account, SMS_LIMITS.perAccount)) ||
    (await isLimited(deps, address, SMS_LIMITS.perAddress))
  ) {
    throw new SignInRefused('RateLimited', MESSAGES.tooManyCodes, { reason: 'limited' })
  }
  await hit(deps, account, SMS_LIMITS.perAccount)
  await hit(deps, address, SMS_LIMITS.perAddress)
}

/** Sends the SMS code of the chosen factor (the second step of signing in), within the SMS limits. */
export async function sendSecondFactorCode(
  deps: ServiceDeps,
  input: { mfaPendingCredential: string; mfaEnrollmentId: string; email: string; ip: string },
): Promise<{ sessionInfo: string }> {
  await allowSmsSend(deps, input)
  const started = await deps.identity.startMfaSignIn(input.mfaPendingCredential, input.mfaEnrollmentId)
  if (!started.ok) throw new SignInRefused('ValidationError', started.providerMessage, { reason: 'provider' })
  return { sessionInfo: started.value.sessionInfo }
}

/** Checks the SMS code; a wrong code counts as a failed attempt, as a wrong password does. */
export async function finishSecondFactor(
  deps: ServiceDeps,
  input: {
    email: string
    mfaPendingCredential: string
    sessionInfo: string
    code: string
    ip: string
    inviteToken?: string
  },
): Promise<SignedIn> {
  await refuseIfLimited(deps, input.email, input.ip)
  const result = await deps.identity.finalizeMfaSignIn(input.mfaPendingCredential, input.sessionInfo, input.code)
  if (!result.ok) {
    if (result.code === 'auth/invalid-verification-code') await countFailure(deps, input.email, input.ip)
    const type = result.code === 'auth/too-many-requests' ? 'RateLimited' : 'ValidationError'
    throw new SignInRefused(type, result.providerMessage, { reason: 'provider' })
  }
  return completeSignIn(deps, result.value, input.email, input.inviteToken)
}

/**
 * The end of every successful sign-in: account sync and failures cleared. A deactivated account
 * signing in from a new invite's link accepts it first, which reactivates it.
 */
async function completeSignIn(
  deps: ServiceDeps,
  identity: { uid: string; email: string; emailVerified: boolean; idToken: string; refreshToken: string },
  attemptedEmail: string,
  inviteToken?: string,
): Promise<SignedIn> {
  let synced: Awaited<ReturnType<typeof syncAccountOnLogin>>
  try {
    if (inviteToken) await reactivateByInvite(deps, identity, inviteToken)
    synced = await syncAccountOnLogin(deps, identity)
  } catch (error) {
    // The account may not sign in (not registered, deactivated): a refusal like the others.
    if (error instanceof AppError && !(error instanceof SignInRefused)) {
      throw new SignInRefused(error.type, error.message, { reason: 'provider' })
    }
    throw error
  }
  await clear(deps, buckets(attemptedEmail, '').account)
  const { actor } = synced
  return {
    ok: true,
    actor,
    account: synced.account,
    idToken: identity.idToken,
    refreshToken: identity.refreshToken,
    landing: landingPath({ status: actor.status, preferredBrand: actor.preferences.brand, grants: actor.grants }),
  }
}

/** Runs an identity check; any failure (expired, revoked, malformed) is an invalid session. */
async function verified<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch {
    throw invalidSession()
  }
}

/** The actor of a `__session` cookie value; AuthNoSession without one, AuthInvalidSession if bad. */
export async function actorFromSessionCookie(deps: ServiceDeps, sessionId: string | undefined): Promise<Actor> {
  if (!sessionId) throw noSession()
  return actorFromSessionId(deps, sessionId)
}

/**
 * Checks a bearer ID token. With a real Firebase project firebase-admin checks its signature;
 * the emulator's tokens are unsigned, so there it must be one this server handed out
 * (docs/decisions/027-bearer-tokens-with-the-emulator.md). Revocation is checked either way.
 */
async function verifyBearer(deps: ServiceDeps, idToken: string) {
  if (deps.identity.emulated && !(await wasIssuedHere(deps, idToken))) throw invalidSession()
  return verified(() => deps.identity.verifyIdToken(idToken))
}

/** The actor of a Firebase ID token (Authorization: Bearer …). */
export async function actorFromIdToken(deps: ServiceDeps, idToken: string): Promise<Actor> {
  return actorForIdentity(deps, await verifyBearer(deps, idToken))
}

/** POST /api/account/method/login with a bearer token: sync the account of that identity. */
export async function syncFromIdToken(deps: ServiceDeps, idToken: string) {
  return syncAccountOnLogin(deps, await verifyBearer(deps, idToken))
}
