// The browser's call of the portal's JSON API (the {data}/{error} envelope), shared by every
// screen that calls it from a script: chat, media upload and management, the atelier.

export class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 0,
  ) {
    super(message)
  }
}

/**
 * Sent on the window when a call answers 401: the page shows catalogue.md §8's undismissable
 * "Your session has expired. Refresh session?" dialog (root.tsx), whatever screen made the call.
 */
export const SESSION_EXPIRED_EVENT = 'portal:session-expired'

/** The call failed because the session ended: the dialog says so, a toast need not. */
export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

/** A call of the portal's JSON API with the session cookie; answers `data` or throws its `error`. */
export async function api<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = (await response.json().catch(() => ({}))) as { data?: T; error?: { type: string; message: string } }
  if (response.status === 401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT))
  if (!response.ok || envelope.data === undefined) {
    throw new ApiError(
      envelope.error?.type ?? 'UnexpectedError',
      envelope.error?.message ?? response.statusText,
      response.status,
    )
  }
  return envelope.data
}
