// Server-side sessions and the ID tokens we hand out (docs/decisions/026-server-side-sessions.md,
// 027-bearer-tokens-with-the-emulator.md). The `__session` cookie carries a random id; the
// database keeps its SHA-256 with the account, so a forged or altered cookie finds no row, and
// ending a session is deleting its row. No Remix here: the API router, socket.io and Yjs use it.
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne } from 'drizzle-orm'
import { accounts, issuedIdTokens, sessions } from '#db/schema'
import { invalidSession } from '#app/platform/errors'
import { grantsColumn, grantsFromColumn, toActor } from './accounts.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { tokenClaims } from '#app/platform/identity-provider'
import type { Actor } from '#app/platform/access/actor'
import { sessionHash } from '#app/platform/session-cookie.server'

/** Session lifetimes, following Remember me at sign-in. */
export const SESSION_REMEMBERED_MS = 14 * 24 * 60 * 60 * 1000
export const SESSION_DEFAULT_MS = 12 * 60 * 60 * 1000

/** 32 random bytes, base64url: the only shape a session id has. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/
/** Writing last_seen on every request would cost a write per page; once in a while is enough. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000
const USER_AGENT_MAX = 200

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** What the database keeps of a session id, and what names its live connections. */
export { sessionHash }

export interface NewSession {
  /** The cookie value; never stored. */
  id: string
  expiresInMs: number
  remember: boolean
}

/** Starts a session for an account; the caller puts the id into the `__session` cookie. */
export async function startSession(
  deps: ServiceDeps,
  input: { accountKey: string; firebaseUid: string; remember: boolean; userAgent?: string | null; ip?: string | null },
): Promise<NewSession> {
  const id = randomBytes(32).toString('base64url')
  const expiresInMs = input.remember ? SESSION_REMEMBERED_MS : SESSION_DEFAULT_MS
  // Expired rows are swept as new ones come; nothing reads them anyway.
  await deps.db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
  await deps.db.insert(sessions).values({
    idHash: sha256(id),
    accountKey: input.accountKey,
    firebaseUid: input.firebaseUid,
    remember: input.remember,
    userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    ip: input.ip ?? null,
    expiresAt: new Date(Date.now() + expiresInMs),
  })
  return { id, expiresInMs, remember: input.remember }
}

/** The session row of a cookie value, if it is a live session. */
async function liveSession(deps: ServiceDeps, id: string) {
  if (!SESSION_ID.test(id)) return null
  const [row] = await deps.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.idHash, sha256(id)), gt(sessions.expiresAt, new Date())))
    .limit(1)
  return row ?? null
}

/**
 * The actor of a session id; AuthInvalidSession for an unknown, ended or expired one. Every
 * signed-in request asks, so the session, its account and the account's grants are read in one
 * statement (docs/decisions/077); the checks are those of liveSession and actorForAccount.
 */
export async function actorFromSessionId(deps: ServiceDeps, id: string): Promise<Actor> {
  if (!SESSION_ID.test(id)) throw invalidSession()
  const [row] = await deps.db
    .select({
      idHash: sessions.idHash,
      sessionUid: sessions.firebaseUid,
      lastSeenAt: sessions.lastSeenAt,
      account: accounts,
      grants: grantsColumn,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.key, sessions.accountKey))
    .where(and(eq(sessions.idHash, sha256(id)), gt(sessions.expiresAt, new Date())))
    .limit(1)
  if (!row || !row.account.active) throw invalidSession()
  // The account was linked to another identity since: this session was not for it.
  if (row.account.firebaseUid !== row.sessionUid) throw invalidSession()
  if (Date.now() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
    await deps.db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.idHash, row.idHash))
  }
  return toActor(row.account, grantsFromColumn(row.grants))
}

/** Whether the session was started with Remember me (a replacement keeps its lifetime). */
export async function sessionRemembered(deps: ServiceDeps, id: string | undefined): Promise<boolean> {
  if (!id) return false
  return (await liveSession(deps, id))?.remember ?? false
}

/** Ends one session (logout, Reset Session). Unknown ids are ignored. */
export async function endSession(deps: ServiceDeps, id: string | undefined): Promise<void> {
  if (!id || !SESSION_ID.test(id)) return
  await deps.db.delete(sessions).where(eq(sessions.idHash, sha256(id)))
  // Its open sockets and Yjs documents end with it, on every process.
  deps.events.endSessions([sha256(id)])
}

/** Ends every session of an account, or every one but the session `keep` (a password change). */
export async function endAccountSessions(
  deps: ServiceDeps,
  accountKey: string,
  options: { keep?: string } = {},
): Promise<void> {
  const keep = options.keep && SESSION_ID.test(options.keep) ? sha256(options.keep) : undefined
  const ended = await deps.db
    .delete(sessions)
    .where(
      keep ? and(eq(sessions.accountKey, accountKey), ne(sessions.idHash, keep)) : eq(sessions.accountKey, accountKey),
    )
    .returning({ idHash: sessions.idHash })
  deps.events.endSessions(ended.map((row) => row.idHash))
}

/**
 * Sign out everywhere: every session of the account ends, the ID tokens we handed out stop
 * counting, and the identity provider revokes the refresh tokens (so no new ID token comes).
 */
export async function signOutEverywhere(deps: ServiceDeps, actor: Actor): Promise<void> {
  await endAccountSessions(deps, actor.key)
  await deps.db.delete(issuedIdTokens).where(eq(issuedIdTokens.firebaseUid, actor.firebaseUid))
  await deps.identity.revokeSessions(actor.firebaseUid)
}

// ---------------------------------------------------------------------------------------------
// ID tokens handed out by the JSON API

/** Records an ID token we hand to a client, until it expires (1 hour at Firebase). */
export async function recordIssuedIdToken(deps: ServiceDeps, idToken: string): Promise<void> {
  const claims = tokenClaims(idToken)
  const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + 60 * 60 * 1000
  const uid = typeof claims.user_id === 'string' ? claims.user_id : typeof claims.sub === 'string' ? claims.sub : ''
  await deps.db.delete(issuedIdTokens).where(lt(issuedIdTokens.expiresAt, new Date()))
  await deps.db
    .insert(issuedIdTokens)
    .values({ tokenHash: sha256(idToken), firebaseUid: uid, expiresAt: new Date(exp) })
    .onConflictDoNothing()
}

/** True when this server handed out the token and it has not expired. */
export async function wasIssuedHere(deps: ServiceDeps, idToken: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ hash: issuedIdTokens.tokenHash })
    .from(issuedIdTokens)
    .where(and(eq(issuedIdTokens.tokenHash, sha256(idToken)), gt(issuedIdTokens.expiresAt, new Date())))
    .limit(1)
  return Boolean(row)
}
