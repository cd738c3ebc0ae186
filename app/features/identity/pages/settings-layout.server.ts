// The server side of settings-layout.tsx: what its route loads and does.
import { currentBrandKey } from '#app/features/teams'
import { signedInPage, brandGrantTypes } from '#app/platform/access/permissions'
import { guard } from '#app/platform/session.server'
import { settingsTabs } from '#app/ui/settings-tab-rules'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brand = currentBrandKey(actor.preferences.brand, actor.grants)
  return json({ tabs: settingsTabs(brand, brand ? brandGrantTypes(actor.grants, brand) : []) })
}
