// The server side of coming-soon.tsx: what its route loads and does.
import { matchRoute } from '#app/platform/access/permissions'
import { guard } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

const TITLES: Record<string, string> = {
  products: 'Products',
  'products/upload': 'Product Data',
  assets_library: 'Asset Library',
  atelier: 'Virtual Atelier',
  notifications: 'Notifications',
  contacts: 'Contacts',
  team: 'Manage Team',
  customization: 'Branding',
  lines: 'Lines',
  collections: 'Collections',
  settings: 'Settings',
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard(request, context)
  const rest = params['*'] ?? ''
  if (matchRoute(new URL(request.url).pathname).rule.pattern === '/brand/:brand/*' && !TITLES[rest]) {
    throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  }
  return json({ title: TITLES[rest] ?? TITLES[rest.split('/')[0] ?? ''] ?? 'Coming soon', brandKey: params.brandKey! })
}
