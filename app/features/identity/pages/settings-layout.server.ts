// The server side of settings-layout.tsx: what its route loads and does.
import { currentBrandKey } from '#app/features/teams'
import { brandGrantTypes } from '#app/platform/access/permissions'
import { guard } from '#app/platform/session.server'
import { settingsTabs } from '#app/ui/settings-tab-rules'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brand = currentBrandKey(actor.preferences.brand, actor.grants)
  return json({ tabs: settingsTabs(brand, brand ? brandGrantTypes(actor.grants, brand) : []) })
}
