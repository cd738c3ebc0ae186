// Brand screens that later issues build. The gate still applies (route table), and the page says
// plainly that the screen is not built yet instead of failing.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EmptyState } from '#app/ui/misc'
import { guard } from '#app/platform/session.server'
import { matchRoute } from '#app/platform/access/permissions'
import type { FrameHandle } from '#app/ui/frame-handle'

export const handle: FrameHandle = {
  title: (data) => (data as { title?: string })?.title ?? '',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

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

export default function NotBuiltYet() {
  const { title, brandKey } = useLoaderData<typeof loader>()
  return (
    <EmptyState title={`${title} is coming soon`}>
      This screen is not built yet.{' '}
      <Link to={`/brand/${brandKey}`} className="underline">
        Back to the brand home
      </Link>
    </EmptyState>
  )
}
