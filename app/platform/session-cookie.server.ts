// The session cookie and the bearer header as a request presents them: how they are named, read
// and written. Only the format: who a session belongs to is identity's to say (the actor reader it
// registers in session.server.ts).
import type { IncomingHttpHeaders } from 'node:http'
import { createHash } from 'node:crypto'
import { parse as parseCookie, serialize as serializeCookie } from 'cookie'

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

/** How a session is named outside its row: the SHA-256 of its id (live connections are kept by it). */
export function sessionHash(id: string): string {
  return createHash('sha256').update(id).digest('hex')
}

/** The hash naming the session a request's cookie presents. */
export function sessionHashOfHeaders(headers: HeaderSource): string | null {
  const id = readSessionId(headers)
  return id ? sessionHash(id) : null
}
