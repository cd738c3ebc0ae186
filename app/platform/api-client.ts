// The browser's call of the portal's JSON API (the {data}/{error} envelope), shared by every
// screen that calls it from a script: chat, media upload and management, the atelier.

export class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message)
  }
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
  if (!response.ok || envelope.data === undefined) {
    throw new ApiError(envelope.error?.type ?? 'UnexpectedError', envelope.error?.message ?? response.statusText)
  }
  return envelope.data
}
