// `/settings/{section}` for sections without a page of their own: the security section until it
// is built says so; anything else is not a settings section (404).
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { EmptyState } from '#app/ui/misc'
import { guard } from '#app/platform/session.server'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

const COMING_SOON = new Set(['security'])

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
  if (!COMING_SOON.has(params['*'] ?? '')) {
    throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  }
  return null
}

export default function SettingsSectionComingSoon() {
  return <EmptyState title="Password and Authentication is coming soon">This section is not built yet.</EmptyState>
}
