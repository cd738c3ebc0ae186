// Any other path: sign-in required (a visitor is sent to `/`), then an honest 404.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { guard } from '#app/platform/session.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context)
  throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
}

export default function NotFound() {
  return null
}
