// Signing a browser in and out: the one place a session cookie is issued or ended for a page. The
// cookie's format and the page guard are the platform's (session-cookie.server.ts, session.server.ts).
import type { AppLoadContext } from '@remix-run/node'
import { clearAuthCookie, readAuthCookie } from '#app/platform/session.server'
import { sessionCookieHeader } from '#app/platform/session-cookie.server'
import { endSession, startSession } from './sessions.server'

/**
 * Signs this browser in: starts a server-side session for the account and answers the
 * `Set-Cookie` header that carries its id. The one place a session cookie is issued. With
 * `replace`, the request's current session ends (Reset Session).
 */
export async function issueSessionCookie(
  request: Request,
  context: AppLoadContext,
  account: { key: string; firebaseUid: string },
  options: { remember: boolean; replace?: boolean },
): Promise<string> {
  if (options.replace) await endSession(context.deps, readAuthCookie(request))
  const session = await startSession(context.deps, {
    accountKey: account.key,
    firebaseUid: account.firebaseUid,
    remember: options.remember,
    userAgent: request.headers.get('user-agent'),
    ip: context.clientIp ?? null,
  })
  return sessionCookieHeader(session.id, {
    secure: context.secureCookies,
    // Without Remember me the cookie ends with the browser; the session row expires anyway.
    maxAgeSeconds: options.remember ? Math.floor(session.expiresInMs / 1000) : undefined,
  })
}

/** Logs this browser out: its session ends on the server, and the cookie is cleared. */
export async function endSessionCookie(request: Request, context: AppLoadContext): Promise<string> {
  await endSession(context.deps, readAuthCookie(request))
  return clearAuthCookie(context)
}
