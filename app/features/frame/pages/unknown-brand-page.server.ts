// The server side of unknown-brand-page.tsx: an address under a brand that names no screen.
import { guard } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided: any other brand path needs at least a grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Signed out, the sign-in comes first, as for every page of a brand.
  await guard({ request, context, params }, access)
  throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
}
