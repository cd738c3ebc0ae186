// Cookies and the page guard. Two cookies: `__session` holds the id of a server-side session
// (docs/decisions/026-server-side-sessions.md; its lifetime follows Remember me); `__ui` is a
// signed Remix cookie session for flash toasts and the CSRF token.
import { createCookieSessionStorage, json, redirect, type LoaderFunctionArgs, type Session } from '@remix-run/node'
import { timingSafeEqual, randomBytes } from 'node:crypto'
import type { AppLoadContext } from '@remix-run/node'
import { AppError, isAppError } from '#app/platform/errors'
import { toastList, type FlashToasts } from '#app/platform/toast'
import { isReplay, type ReplayAnswer } from '#app/platform/offline-queue'
import { isForbiddenText, TEXT_REFUSED } from '#app/platform/text-rule'
import { authorizePage } from '#app/platform/access/permissions.server'
import { readSessionId, SESSION_COOKIE, sessionCookieHeader } from '#app/platform/session-cookie.server'
import { decodePathSegments, INSUFFICIENT_GRANT_MESSAGE, type PageAccess } from '#app/platform/access/permissions'
import type { Actor } from '#app/platform/access/actor'
import { readActor } from '#app/platform/actor-reader.server'

export const AUTH_COOKIE = SESSION_COOKIE

export type { FlashToasts, Toast } from '#app/platform/toast'

const storages = new Map<string, ReturnType<typeof createCookieSessionStorage>>()
function uiStorage(context: AppLoadContext) {
  const id = `${context.sessionSecret}:${context.secureCookies}`
  let storage = storages.get(id)
  if (!storage) {
    storage = createCookieSessionStorage({
      cookie: {
        name: '__ui',
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: context.secureCookies,
        secrets: [context.sessionSecret],
      },
    })
    storages.set(id, storage)
  }
  return storage
}

export function getUiSession(request: Request, context: AppLoadContext): Promise<Session> {
  return uiStorage(context).getSession(request.headers.get('Cookie'))
}
export function commitUiSession(session: Session, context: AppLoadContext): Promise<string> {
  return uiStorage(context).commitSession(session)
}

export function readAuthCookie(request: Request): string | undefined {
  return readSessionId(request.headers)
}

export function clearAuthCookie(context: AppLoadContext): string {
  return sessionCookieHeader('', { secure: context.secureCookies, maxAgeSeconds: 0 })
}

// ---------------------------------------------------------------------------------------------
// CSRF: a random token in the signed `__ui` cookie, echoed by every form as a hidden field.

export const CSRF_FIELD = 'csrf'

export function ensureCsrfToken(session: Session): { token: string; created: boolean } {
  const existing = session.get('csrf')
  if (typeof existing === 'string' && existing.length > 0) return { token: existing, created: false }
  const token = randomBytes(24).toString('base64url')
  session.set('csrf', token)
  return { token, created: true }
}

export async function requireCsrf(request: Request, context: AppLoadContext, formData: FormData): Promise<void> {
  const session = await getUiSession(request, context)
  const expected = session.get('csrf')
  const received = formData.get(CSRF_FIELD)
  const ok =
    typeof expected === 'string' &&
    typeof received === 'string' &&
    expected.length === received.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(received))
  if (!ok) {
    throw json(
      { error: { type: 'PermissionError', message: 'The form has expired. Reload the page and try again.' } },
      { status: 403 },
    )
  }
  // Every form passes here: the text rule for all its fields (files aside).
  for (const [name, value] of formData) {
    if (typeof value === 'string' && (isForbiddenText(value) || isForbiddenText(name))) {
      throw json({ error: { type: 'ValidationError', message: `${name}: ${TEXT_REFUSED}` } }, { status: 400 })
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Toasts survive redirects as flash messages, so they also work without JavaScript. A redirect
// may carry several (root.tsx shows them one below the other).

export async function redirectWithToast(
  request: Request,
  context: AppLoadContext,
  url: string,
  toast: FlashToasts,
  init: { headers?: [string, string][] } = {},
) {
  // A form sent again after being offline (offline-queue.ts) hears its toast as data: the person
  // may be on another page by now, and each of several waiting forms has its own answer.
  // Typed as the redirect it stands for: only the replay's client action reads it.
  if (isReplay(request.url)) {
    return json({ replayed: toastList(toast) } satisfies ReplayAnswer) as unknown as ReturnType<typeof redirect>
  }
  const session = await getUiSession(request, context)
  session.flash('toast', toast)
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await commitUiSession(session, context))
  return redirect(url, { headers })
}

// ---------------------------------------------------------------------------------------------
// Actor and guard

/** The signed-in actor, memoized per request (every loader of a page asks for it). */
export function getOptionalActor(request: Request, context: AppLoadContext): Promise<Actor | null> {
  const cached = context.memo.get('actor') as Promise<Actor | null> | undefined
  if (cached) return cached
  const promise = readActor(context.deps, request.headers).catch((error: unknown) => {
    if (isAppError(error) && (error.type === 'AuthNoSession' || error.type === 'AuthInvalidSession')) {
      context.memo.set('sessionError', error.type)
      return null
    }
    throw error
  })
  context.memo.set('actor', promise)
  return promise
}

function signInRedirect(request: Request, context: AppLoadContext): never {
  const url = new URL(request.url)
  // With JavaScript, an expired session answers 401 so the page can offer "Refresh session?".
  if (context.isDataRequest && context.memo.get('sessionError') === 'AuthInvalidSession') {
    throw json(
      { error: { type: 'AuthInvalidSession', message: 'Your session has expired. Refresh session?' } },
      {
        status: 401,
      },
    )
  }
  const back = `${url.pathname}${url.search}`.replace(/[?&]_data=[^&]*/, '')
  const target = back === '/' ? '/' : `/?redirectTo=${encodeURIComponent(back)}`
  const headers = new Headers()
  if (context.memo.get('sessionError') === 'AuthInvalidSession') headers.append('Set-Cookie', clearAuthCookie(context))
  throw redirect(target, { headers })
}

export async function requireActor(request: Request, context: AppLoadContext): Promise<Actor> {
  const actor = await getOptionalActor(request, context)
  if (!actor) signInRedirect(request, context)
  return actor
}

/**
 * The page gate: checks what the page declares (its `access`) with the route's params. Missing
 * sign-in → `/`; no grant on the brand → 404 (not revealed); a weaker grant → brand dashboard with
 * the info toast. A path the router could read in more than one way is refused as not found.
 */
export async function guard(
  { request, context, params }: Pick<LoaderFunctionArgs, 'request' | 'context' | 'params'>,
  access: PageAccess,
): Promise<Actor> {
  const actor = await requireActor(request, context)
  const notFound = () => json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  if (!decodePathSegments(new URL(request.url).pathname)) throw notFound()
  const decision = await authorizePage(context.deps, actor, access, params)
  if (decision.allowed) return actor
  if (decision.reason === 'signIn') signInRedirect(request, context)
  if (decision.reason === 'insufficient') {
    throw await redirectWithToast(request, context, `/brand/${encodeURIComponent(decision.brandKey)}`, {
      kind: 'info',
      message: INSUFFICIENT_GRANT_MESSAGE,
    })
  }
  throw notFound()
}

/** Runs a service call from a loader or action, turning service errors into HTTP responses. */
export async function run<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    if (error instanceof AppError) {
      throw json({ error: { type: error.type, message: error.message } }, { status: error.status })
    }
    throw error
  }
}

export function clientAddress(request: Request, context: AppLoadContext): string {
  // Express has already applied TRUST_PROXY; a raw X-Forwarded-For header could be forged.
  void request
  return context.clientIp ?? 'unknown'
}
