// Who is signed in, read from request headers: the `__session` cookie (a server-side session id)
// or `Authorization: Bearer <ID token>`. One reader for the JSON API, socket.io's handshake and
// the Yjs upgrade; Remix pages use it through app/platform/session.server.ts. No Remix imports here.
import type { IncomingHttpHeaders } from 'node:http'
import { parse as parseCookie, serialize as serializeCookie } from 'cookie'
import { noSession } from '#app/platform/errors'
import { actorFromIdToken, actorFromSessionCookie } from './auth.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { sessionHash } from './sessions.server'
import type { Actor } from '#app/platform/access/actor'

export const SESSION_COOKIE = '__session'

/** Fetch headers (Remix) or Node's incoming headers (Express, socket.io, upgrades). */
export type HeaderSource = Headers | IncomingHttpHeaders

function header(headers: HeaderSource, name: 'cookie' | 'authorization'): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined
  const value = (headers as IncomingHttpHeaders)[name]
  return Array.isArray(value) ? value.join('; ') : value
}

/** What a request presents: a session cookie, a bearer token, or nothing. */
export type Credential = { kind: 'cookie'; sessionId: string } | { kind: 'bearer'; idToken: string }

export function readSessionId(headers: HeaderSource): string | undefined {
  const cookie = header(headers, 'cookie')
  if (!cookie) return undefined
  return parseCookie(cookie)[SESSION_COOKIE] || undefined
}

/** The hash naming the session a request's cookie presents (its live connections are kept by it). */
export function sessionHashOfHeaders(headers: HeaderSource): string | null {
  const id = readSessionId(headers)
  return id ? sessionHash(id) : null
}

export function readBearer(headers: HeaderSource): string | undefined {
  const value = header(headers, 'authorization')
  if (!value?.startsWith('Bearer ')) return undefined
  return value.slice('Bearer '.length).trim() || undefined
}

/** The credential of a request; a bearer token wins over a cookie when both are sent and allowed. */
export function readCredential(headers: HeaderSource, options: { bearer: boolean }): Credential | null {
  const idToken = options.bearer ? readBearer(headers) : undefined
  if (idToken) return { kind: 'bearer', idToken }
  const sessionId = readSessionId(headers)
  return sessionId ? { kind: 'cookie', sessionId } : null
}

/** The actor of a credential: AuthNoSession without one, AuthInvalidSession when it is not valid. */
export function actorFromCredential(deps: ServiceDeps, credential: Credential | null): Promise<Actor> {
  if (!credential) return Promise.reject(noSession())
  return credential.kind === 'bearer'
    ? actorFromIdToken(deps, credential.idToken)
    : actorFromSessionCookie(deps, credential.sessionId)
}

/** The actor behind a request's headers (socket.io and Yjs: the cookie only, as browsers send it). */
export async function actorFromHeaders(
  deps: ServiceDeps,
  headers: HeaderSource,
  options: { bearer: boolean } = { bearer: false },
): Promise<Actor> {
  return actorFromCredential(deps, readCredential(headers, options))
}

/** The `Set-Cookie` value carrying a session id; without maxAge it ends with the browser. */
export function sessionCookieHeader(value: string, options: { secure: boolean; maxAgeSeconds?: number }): string {
  return serializeCookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    path: '/',
    ...(options.maxAgeSeconds !== undefined && { maxAge: options.maxAgeSeconds }),
  })
}
