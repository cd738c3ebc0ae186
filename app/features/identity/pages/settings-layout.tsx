// `/settings/*`: the Settings tabs above each section (access.md §2). Tabs on brand pages point
// at the current brand: the preferred brand, else the one granted first (docs/decisions/021).
import type { FrameHandle } from '#app/ui/frame-handle'
import { SettingsTabs } from '#app/ui/settings-tabs'
import { type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import type { loader } from './settings-layout.server'

export const meta: MetaFunction = () => [{ title: 'Settings · Brand Portal' }]

export const handle: FrameHandle = { title: 'Settings', back: '/brands' }

export default function SettingsLayout() {
  const { tabs } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <SettingsTabs tabs={tabs} />
      <Outlet />
    </div>
  )
}
