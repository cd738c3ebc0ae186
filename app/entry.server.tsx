// Server rendering of every page (rendered to one string, sent as one body), and the hook that
// reports errors thrown by loaders, actions and rendering.
import { registerFeatureAbilities } from '#app/features/abilities'
import { registerFeatureModels } from '#app/features/models.server'
import type {
  ActionFunctionArgs,
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  LoaderFunctionArgs,
} from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { renderToString } from 'react-dom/server'
import { logEvent, reportError } from '#app/infra/error-reporting.server'
import { isAppError } from '#app/platform/errors'
import { NonceContext } from '#app/platform/nonce'

// Every feature's abilities and records, before anything checks access.
registerFeatureAbilities()
registerFeatureModels()

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce
  doNotStore(responseHeaders)
  // No page suspends on the server (no deferred data; the lazy 3D and markup views load only in
  // the browser), so the page is rendered to one string: cheaper than a stream of chunks, each
  // encoded and written on its own (docs/decisions/159). A render error throws, and Remix renders
  // the route's error boundary instead.
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  )
  responseHeaders.set('Content-Type', 'text/html')
  // Bytes, not a string: a string body is checked character by character for lone surrogates.
  return new Response(Buffer.from(`<!DOCTYPE html>${html}`), { headers: responseHeaders, status: responseStatusCode })
}

/**
 * Pages and their data are made for one user at one moment (and every page renews the `__ui`
 * cookie): no cache may keep them, so a signed-in page is never shown again from a cache after
 * sign-out. A route that sets its own Cache-Control keeps it.
 */
function doNotStore(headers: Headers) {
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store')
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  doNotStore(response.headers)
  return response
}

/** Unexpected errors of loaders and actions; thrown Responses (404, redirects) are not errors. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request.signal.aborted) return
  const where = { path: new URL(request.url).pathname, method: request.method }
  // A refusal (a wrong method, an unknown `_data` route, bad input) is the client's: a warning.
  const refusal = refusalOf(error)
  if (refusal) return logEvent('warn', 'page request refused', { ...where, ...refusal })
  reportError(error, { msg: 'page failure', ...where })
}

function refusalOf(error: unknown): { status: number; message: string } | null {
  if (isRouteErrorResponse(error) && error.status < 500) {
    // Remix keeps the reason on the response it made (`error`), beside what it answers (`data`).
    const reason = (error as { error?: unknown }).error
    const data = error.data as unknown
    const message = reason instanceof Error ? reason.message : typeof data === 'string' ? data : error.statusText
    return { status: error.status, message }
  }
  if (isAppError(error) && error.status < 500) return { status: error.status, message: error.message }
  return null
}
