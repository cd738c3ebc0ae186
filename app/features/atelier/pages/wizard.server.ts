// The server side of wizard.tsx: what its route loads and does.
import { getWizardStyle } from '#app/features/atelier/styles.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { atSummary } from './wizard.shared'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  if (atSummary(new URL(request.url))) return json({ summary: true as const })
  const wizard = await run(() => getWizardStyle(context.deps, actor, params.brandKey!, params.styleKey!))
  return json({ summary: false as const, brandKey: params.brandKey!, ...wizard })
}
