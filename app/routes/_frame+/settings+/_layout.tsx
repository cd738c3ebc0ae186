// `/settings/*`: the Settings tabs above each section (access.md §2). Tabs on brand pages point
// at the current brand: the preferred brand, else the one granted first (docs/decisions/021).
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { SettingsTabs } from '#app/ui/settings-tabs'
import { guard } from '#app/platform/session.server'
import { currentBrandKey } from '#app/features/teams/onboarding-rules'
import { brandGrantTypes } from '#app/platform/access/permissions'
import { settingsTabs } from '#app/ui/settings-tab-rules'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Settings · Brand Portal' }]
export const handle: FrameHandle = { title: 'Settings', back: '/brands' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brand = currentBrandKey(actor.preferences.brand, actor.grants)
  return json({ tabs: settingsTabs(brand, brand ? brandGrantTypes(actor.grants, brand) : []) })
}

export default function SettingsLayout() {
  const { tabs } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <SettingsTabs tabs={tabs} />
      <Outlet />
    </div>
  )
}
