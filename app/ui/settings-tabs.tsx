// The Settings tabs (access.md §2): plain links, so they work without JavaScript. Pages outside
// /settings that belong to it (company profile, Manage Team, branding) render them too.
import { NavLink } from '@remix-run/react'
import type { SettingsTab } from '#app/ui/settings-tab-rules'

export function SettingsTabs({ tabs }: { tabs: readonly SettingsTab[] }) {
  return (
    <nav aria-label="Settings" className="flex flex-wrap gap-1 border-b border-line text-sm">
      {tabs.map((tab) => (
        <NavLink
          key={tab.id}
          to={tab.to}
          className={({ isActive }) =>
            `-mb-px border-b-2 px-4 py-2 ${
              isActive ? 'border-ink font-medium text-ink' : 'border-transparent text-muted hover:text-ink'
            }`
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}
