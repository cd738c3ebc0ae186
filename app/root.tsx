import { registerFeatureAbilities } from '#app/features/abilities'
import { type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { json } from '#app/platform/loader-data.server'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
} from '@remix-run/react'
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import stylesheet from '#app/styles/tailwind.css'
import { Toasts } from '#app/ui/toasts'
import { RouteDialog } from '#app/ui/dialog'
import { Button, ButtonLink } from '#app/ui/button'
import { commitUiSession, ensureCsrfToken, getUiSession } from '#app/platform/session.server'
import { toastList } from '#app/platform/toast'
import { useLiveToasts } from '#app/ui/live-toasts'
import { useNonce } from '#app/platform/nonce'
import { SESSION_EXPIRED_EVENT } from '#app/platform/api-client'
import { usePageLinks } from '#app/ui/page-link'
import { offlineAwareRevalidate } from '#app/ui/offline-forms'

// Every feature's abilities, before anything checks access.
registerFeatureAbilities()

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }]

export const meta: MetaFunction = () => [{ title: 'Brand Portal' }]

// Offline, the root is not read again for a page that stays (decision 169).
export const shouldRevalidate = offlineAwareRevalidate

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getUiSession(request, context)
  const toasts = toastList(session.get('toast'))
  const { token } = ensureCsrfToken(session)
  return json({ toasts, csrf: token }, { headers: { 'Set-Cookie': await commitUiSession(session, context) } })
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  const { toasts } = useLoaderData<typeof loader>()
  // The one click handler of the pages' plain links (app/ui/page-link.tsx).
  usePageLinks()
  // Toasts of the last redirect, then those raised in the browser since.
  const live = useLiveToasts()
  const shown = useMemo(() => [...toasts, ...live], [toasts, live])
  const expired = useSessionExpired()
  return (
    <Document>
      {/* No toast over the dialog. */}
      <Toasts toasts={expired ? [] : shown} />
      <Outlet />
      {expired ? <SessionExpiredDialog /> : null}
    </Document>
  )
}

/** catalogue.md §8: a 401 shows this undismissable dialog; its action reloads the page. */
function SessionExpiredDialog() {
  return (
    <RouteDialog title="Session expired" dismissible={false}>
      <p className="mb-6 text-sm">Your session has expired. Refresh session?</p>
      <Button type="button" onClick={() => window.location.reload()}>
        Refresh session
      </Button>
    </RouteDialog>
  )
}

/** A script's API call answered 401 (api-client.ts): the page shows the session dialog. */
function useSessionExpired(): boolean {
  const [expired, setExpired] = useState(false)
  useEffect(() => {
    const expire = () => setExpired(true)
    window.addEventListener(SESSION_EXPIRED_EVENT, expire)
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, expire)
  }, [])
  return expired
}

function errorMessage(data: unknown): string {
  if (data && typeof data === 'object' && 'error' in data) {
    const error = (data as { error?: { message?: string } }).error
    if (error?.message) return error.message
  }
  return typeof data === 'string' ? data : ''
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 401) {
    return (
      <Document>
        <SessionExpiredDialog />
      </Document>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <Document>
        <RouteDialog title="Permission error" dismissible={false}>
          <p className="mb-6 text-sm">permission error: {errorMessage(error.data)}</p>
          <GoBack />
        </RouteDialog>
      </Document>
    )
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404
  // A refusal (a thrown 4xx: a form that could not be read, a field the text rule refuses) is the
  // client's mistake, not a fault: only a fault is logged as an error.
  if (!(isRouteErrorResponse(error) && error.status < 500)) console.error(error)
  return (
    <Document>
      <main className="mx-auto flex min-h-screen max-w-lg flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-semibold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="text-muted">
          {notFound
            ? 'This page does not exist, or you do not have access to it.'
            : 'Something went wrong, please contact support'}
        </p>
        <ButtonLink to="/brands" reloadDocument>
          Go to your brands
        </ButtonLink>
      </main>
    </Document>
  )
}

function GoBack() {
  return (
    <a
      href="/brands"
      className="inline-flex rounded-md bg-ink px-4 py-2 text-sm font-medium text-white"
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault()
          window.history.back()
        }
      }}
    >
      Go Back
    </a>
  )
}
