// Sign-in and sessions. The password never reaches our database: Firebase checks it, and its ID
// token becomes a firebase-admin session cookie. Failed attempts are rate-limited per account and
// per IP address (docs/decisions/006-csrf-and-rate-limits.md); after a few failures of an account
// a human check is asked (docs/decisions/020-human-check-after-failures.md). An account with SMS
// two-step verification signs in in two steps (docs/decisions/019-sms-two-step-verification.md).
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { AppError, invalidSession, noSession } from '#app/lib/errors'
import { ACCOUNT_TEMPORARILY_DISABLED } from '#app/lib/identity-messages'
import { landingPath } from '#app/policy/permissions'
import { actorForIdentity, syncAccountOnLogin, type toAccountView, type Actor } from './accounts.server'
import type { ServiceDeps } from './context.server'
import { HUMAN_CHECK_FAILED, verifyHumanCheck } from './human-check.server'
import type { MfaFactor } from './identity.server'
import { reactivateByInvite } from './invites.server'
import { clear, countInWindow, hit, isLimited, type RateLimitRule } from './rate-limit.server'

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  unexpected: 'Something went wrong, please contact support',
  tooManyForAccount: 'Too many failed login attempts. Reset your password.',
  tooManyForAddress: 'Too many failed login attempts from your network. Please try again later.',
  humanCheckFailed: HUMAN_CHECK_FAILED,
  secondFactorRequired: 'A second factor is required to sign in.',
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

/** Session lifetimes: Firebase allows 5 minutes to 2 weeks. */
export const SESSION_REMEMBERED_MS = 14 * 24 * 60 * 60 * 1000
export const SESSION_DEFAULT_MS = 12 * 60 * 60 * 1000

export type SignInOutcome =
  | {
      ok: true
      sessionCookie: string
      expiresInMs: number
      actor: Actor
      account: ReturnType<typeof toAccountView>
      landing: string
      idToken: string
    }
  | {
      ok: false
      message: string
      status: number
      reason: 'credentials' | 'limited' | 'provider' | 'human-check'
      /** True when the next attempt for this account must carry a human-check answer. */
      humanCheckRequired?: boolean
    }
  | SecondFactorRequired

/** The password was right; the sign-in goes on with one of these factors. */
export interface SecondFactorRequired {
  ok: false
  reason: 'second-factor'
  message: string
  status: 401
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

/** Refusal when the account or the address has used up its failed attempts. */
export async function limitedOutcome(deps: ServiceDeps, email: string, ip: string): Promise<SignInOutcome | null> {
  const limits = rules(deps)
  const bucket = buckets(email, ip)
  if (await isLimited(deps, bucket.account, limits.account)) {
    return { ok: false, message: MESSAGES.tooManyForAccount, status: 429, reason: 'limited' }
  }
  if (await isLimited(deps, bucket.ip, limits.ip)) {
    return { ok: false, message: MESSAGES.tooManyForAddress, status: 429, reason: 'limited' }
  }
  return null
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
    remember: boolean
    ip: string
    humanCheck?: unknown
    /** The token of the invite link the sign-in started from (`/?token=`), if any. */
    inviteToken?: string
  },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase()
  const limited = await limitedOutcome(deps, email, input.ip)
  if (limited) return limited
  // Checked before the password, so a bot cannot keep guessing without solving it each time.
  if (await isHumanCheckRequired(deps, email)) {
    if (!(await verifyHumanCheck(deps, input.humanCheck, input.ip))) {
      return {
        ok: false,
        message: MESSAGES.humanCheckFailed,
        status: 400,
        reason: 'human-check',
        humanCheckRequired: true,
      }
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
          message: MESSAGES.secondFactorRequired,
          status: 401,
          email,
          mfaPendingCredential: result.mfaPendingCredential,
          factors: result.factors,
        }
      case 'auth/wrong-password':
      case 'auth/user-not-found':
      case 'auth/invalid-credential':
        await countFailure(deps, email, input.ip)
        return {
          ok: false,
          message: MESSAGES.invalidCredentials,
          status: 400,
          reason: 'credentials',
          humanCheckRequired: await isHumanCheckRequired(deps, email),
        }
      case 'auth/too-many-requests':
        return { ok: false, message: result.providerMessage, status: 429, reason: 'provider' }
      case 'auth/user-disabled':
        // The provider disabled the account; the same text as the reset request (decision 016).
        return { ok: false, message: ACCOUNT_TEMPORARILY_DISABLED, status: 403, reason: 'provider' }
      default:
        return { ok: false, message: MESSAGES.unexpected, status: 400, reason: 'provider' }
    }
  }
  return completeSignIn(
    deps,
    { uid: result.uid, email: result.email, idToken: result.idToken },
    email,
    input.remember,
    input.inviteToken,
  )
}

/**
 * Counts one SMS about to be sent for this account and client address; a refusal (429) when
 * either has used up its sends in the window. Counted before sending: a send the provider then
 * refuses still counts, so retrying errors cannot pump either.
 */
export async function allowSmsSend(
  deps: ServiceDeps,
  input: { email: string; ip: string },
): Promise<{ ok: false; message: string; status: 429 } | null> {
  const account = `sms:account:${input.email.trim().toLowerCase()}`
  const address = `sms:ip:${input.ip}`
  if (
    (await isLimited(deps, account, SMS_LIMITS.perAccount)) ||
    (await isLimited(deps, address, SMS_LIMITS.perAddress))
  ) {
    return { ok: false, message: MESSAGES.tooManyCodes, status: 429 }
  }
  await hit(deps, account, SMS_LIMITS.perAccount)
  await hit(deps, address, SMS_LIMITS.perAddress)
  return null
}

/** Sends the SMS code of the chosen factor (the second step of signing in), within the SMS limits. */
export async function sendSecondFactorCode(
  deps: ServiceDeps,
  input: { mfaPendingCredential: string; mfaEnrollmentId: string; email: string; ip: string },
): Promise<{ ok: true; sessionInfo: string } | { ok: false; message: string; status: number }> {
  const refused = await allowSmsSend(deps, input)
  if (refused) return refused
  const started = await deps.identity.startMfaSignIn(input.mfaPendingCredential, input.mfaEnrollmentId)
  if (!started.ok) return { ok: false, message: started.providerMessage, status: 400 }
  return { ok: true, sessionInfo: started.value.sessionInfo }
}

/** Checks the SMS code; a wrong code counts as a failed attempt, as a wrong password does. */
export async function finishSecondFactor(
  deps: ServiceDeps,
  input: {
    email: string
    mfaPendingCredential: string
    sessionInfo: string
    code: string
    remember: boolean
    ip: string
    inviteToken?: string
  },
): Promise<SignInOutcome> {
  const limited = await limitedOutcome(deps, input.email, input.ip)
  if (limited) return limited
  const result = await deps.identity.finalizeMfaSignIn(input.mfaPendingCredential, input.sessionInfo, input.code)
  if (!result.ok) {
    if (result.code === 'auth/invalid-verification-code') await countFailure(deps, input.email, input.ip)
    return {
      ok: false,
      message: result.providerMessage,
      status: result.code === 'auth/too-many-requests' ? 429 : 400,
      reason: 'provider',
    }
  }
  return completeSignIn(deps, result.value, input.email, input.remember, input.inviteToken)
}

/**
 * The end of every successful sign-in: account sync, failures cleared, session cookie issued. A
 * deactivated account signing in from a new invite's link accepts it first, which reactivates it.
 */
async function completeSignIn(
  deps: ServiceDeps,
  identity: { uid: string; email: string; idToken: string },
  attemptedEmail: string,
  remember: boolean,
  inviteToken?: string,
): Promise<SignInOutcome> {
  let synced: Awaited<ReturnType<typeof syncAccountOnLogin>>
  try {
    if (inviteToken) await reactivateByInvite(deps, identity, inviteToken)
    synced = await syncAccountOnLogin(deps, { uid: identity.uid, email: identity.email })
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, message: error.message, status: error.status, reason: 'provider' }
    throw error
  }
  await clear(deps, buckets(attemptedEmail, '').account)
  const expiresInMs = remember ? SESSION_REMEMBERED_MS : SESSION_DEFAULT_MS
  const sessionCookie = await deps.identity.createSessionCookie(identity.idToken, expiresInMs)
  const { actor } = synced
  return {
    ok: true,
    sessionCookie,
    expiresInMs,
    actor,
    account: synced.account,
    idToken: identity.idToken,
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

/** The actor of a session cookie; throws AuthNoSession without one, AuthInvalidSession if bad. */
export async function actorFromSessionCookie(deps: ServiceDeps, sessionCookie: string | undefined): Promise<Actor> {
  if (!sessionCookie) throw noSession()
  return actorForIdentity(deps, await verified(() => deps.identity.verifySessionCookie(sessionCookie)))
}

/** The actor of a Firebase ID token (Authorization: Bearer …). */
export async function actorFromIdToken(deps: ServiceDeps, idToken: string): Promise<Actor> {
  return actorForIdentity(deps, await verified(() => deps.identity.verifyIdToken(idToken)))
}

/** POST /api/account/method/login with a bearer token: sync the account of that identity. */
export async function syncFromIdToken(deps: ServiceDeps, idToken: string) {
  return syncAccountOnLogin(deps, await verified(() => deps.identity.verifyIdToken(idToken)))
}

/** Reset Session (access.md §4): swaps in a fresh session cookie for the signed-in actor. */
export async function resetSession(deps: ServiceDeps, actor: Actor, remember: boolean) {
  const [row] = await deps.db
    .select({ uid: accounts.firebaseUid })
    .from(accounts)
    .where(eq(accounts.key, actor.key))
    .limit(1)
  if (!row) throw invalidSession()
  const idToken = await deps.identity.freshIdToken(row.uid)
  const expiresInMs = remember ? SESSION_REMEMBERED_MS : SESSION_DEFAULT_MS
  return { sessionCookie: await deps.identity.createSessionCookie(idToken, expiresInMs), expiresInMs }
}
