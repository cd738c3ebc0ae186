// The server side of unknown-brand-page.tsx: an address under a brand that names no screen.
import { guard } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Signed out, the sign-in comes first, as for every page of a brand.
  await guard(request, context)
  throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
}
