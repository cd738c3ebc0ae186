// Who is signed in, read from request headers: the `__session` cookie (a server-side session id)
// or `Authorization: Bearer <ID token>`. One reader for the JSON API, socket.io's handshake and
// the Yjs upgrade; Remix pages use it through app/platform/session.server.ts, where identity registers
// actorFromHeaders at start. No Remix imports here.
import { noSession } from '#app/platform/errors'
import { readCredential, type Credential, type HeaderSource } from '#app/platform/session-cookie.server'
import { actorFromIdToken, actorFromSessionCookie } from './auth.server'
import type { ServiceDeps } from '#app/platform/context.server'
import type { Actor } from '#app/platform/access/actor'

export {
  readBearer,
  readCredential,
  readSessionId,
  SESSION_COOKIE,
  sessionCookieHeader,
  sessionHashOfHeaders,
  type Credential,
  type HeaderSource,
} from '#app/platform/session-cookie.server'

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
