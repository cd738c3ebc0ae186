// Sign-in and sessions. The password never reaches our database: Firebase checks it, and its ID
// token becomes a firebase-admin session cookie. Failed attempts are rate-limited per account and
// per IP address (docs/decisions/006-csrf-and-rate-limits.md).
import { eq } from 'drizzle-orm'
import { accounts } from '#db/schema'
import { AppError, invalidSession, noSession } from '#app/lib/errors'
import { landingPath } from '#app/policy/permissions'
import { actorForIdentity, syncAccountOnLogin, type toAccountView, type Actor } from './accounts.server'
import type { ServiceDeps } from './context.server'
import { clear, hit, isLimited, type RateLimitRule } from './rate-limit.server'

export const MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  unexpected: 'Something went wrong, please contact support',
  tooManyForAccount: 'Too many failed login attempts. Reset your password.',
  tooManyForAddress: 'Too many failed login attempts from your network. Please try again later.',
} as const

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
  | { ok: false; message: string; status: number; reason: 'credentials' | 'limited' | 'provider' }

function rules(deps: ServiceDeps): { account: RateLimitRule; ip: RateLimitRule } {
  const windowMs = deps.env.LOGIN_LIMIT_WINDOW_MINUTES * 60 * 1000
  return {
    account: { limit: deps.env.LOGIN_LIMIT_ACCOUNT, windowMs },
    ip: { limit: deps.env.LOGIN_LIMIT_IP, windowMs },
  }
}

export async function signInWithPassword(
  deps: ServiceDeps,
  input: { email: string; password: string; remember: boolean; ip: string },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase()
  const limits = rules(deps)
  const accountBucket = `login:account:${email}`
  const ipBucket = `login:ip:${input.ip}`
  if (await isLimited(deps, accountBucket, limits.account)) {
    return { ok: false, message: MESSAGES.tooManyForAccount, status: 429, reason: 'limited' }
  }
  if (await isLimited(deps, ipBucket, limits.ip)) {
    return { ok: false, message: MESSAGES.tooManyForAddress, status: 429, reason: 'limited' }
  }

  const result = await deps.identity.signInWithPassword(email, input.password)
  if (!result.ok) {
    switch (result.code) {
      case 'auth/wrong-password':
      case 'auth/user-not-found':
      case 'auth/invalid-credential':
        await hit(deps, accountBucket, limits.account)
        await hit(deps, ipBucket, limits.ip)
        return { ok: false, message: MESSAGES.invalidCredentials, status: 400, reason: 'credentials' }
      case 'auth/too-many-requests':
        return { ok: false, message: result.providerMessage, status: 429, reason: 'provider' }
      default:
        return { ok: false, message: MESSAGES.unexpected, status: 400, reason: 'provider' }
    }
  }

  let synced: Awaited<ReturnType<typeof syncAccountOnLogin>>
  try {
    synced = await syncAccountOnLogin(deps, { uid: result.uid, email: result.email })
  } catch (error) {
    if (error instanceof AppError)
      return { ok: false, message: error.message, status: error.status, reason: 'provider' }
    throw error
  }
  await clear(deps, accountBucket)
  const expiresInMs = input.remember ? SESSION_REMEMBERED_MS : SESSION_DEFAULT_MS
  const sessionCookie = await deps.identity.createSessionCookie(result.idToken, expiresInMs)
  const { actor } = synced
  return {
    ok: true,
    sessionCookie,
    expiresInMs,
    actor,
    account: synced.account,
    idToken: result.idToken,
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
