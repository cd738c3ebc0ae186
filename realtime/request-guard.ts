// Checks every upgrade request passes before anything else reads it: a path that is not a valid
// URL or percent-encoding is refused (never thrown out of an event handler, which would end the
// process), and a browser's Origin must be the portal's own.
import type { IncomingMessage } from 'node:http'

/** The request's decoded path, or null when the request line does not hold a usable one. */
export function requestPathname(request: Pick<IncomingMessage, 'url'>): string | null {
  const raw = request.url ?? '/'
  // Only origin-form targets ("/path?query"); an absolute-form "http://host/..." is not ours.
  if (!raw.startsWith('/') || raw.startsWith('//')) return null
  try {
    return decodeURIComponent(new URL(raw, 'http://portal.invalid').pathname)
  } catch {
    return null
  }
}

/**
 * Whether a browser may open this connection: its Origin is APP_URL's origin, or without APP_URL
 * the host it sent the request to. Clients that are not browsers send no Origin and pass; their
 * session cookie is what authorizes them.
 */
export function isAllowedOrigin(request: Pick<IncomingMessage, 'headers'>, appUrl?: string): boolean {
  const origin = request.headers.origin
  if (origin === undefined) return true
  let originUrl: URL
  try {
    originUrl = new URL(origin)
  } catch {
    return false
  }
  if (appUrl) {
    try {
      return originUrl.origin === new URL(appUrl).origin
    } catch {
      return false
    }
  }
  return originUrl.host === request.headers.host
}
