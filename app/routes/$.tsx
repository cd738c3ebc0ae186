// Any other path: sign-in required (a visitor is sent to `/`), then an honest 404.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { guard } from '#app/platform/session.server'
import { signedInPage } from '#app/platform/access/permissions'

// decided: unknown paths need sign-in
export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
  throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
}

export default function NotFound() {
  return null
}
