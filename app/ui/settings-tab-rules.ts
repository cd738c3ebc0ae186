// The Settings tabs of access.md §2 and who sees them. Tabs on brand pages (company profile,
// Manage Team, branding) point at the current brand; without a brand only the personal tabs remain.
import { allows, strongestGrant, type Ability } from '#app/platform/access/abilities'
import type { GrantType } from '#app/platform/access/grants'

export interface SettingsTab {
  id: 'company' | 'personal' | 'team' | 'security' | 'branding'
  label: string
  to: string
}

/**
 * Company Profile for owner or editor, Personal Profile for all, Manage Team for owners only,
 * Security & Privacy for all, Branding for owner or editor (the route table's reading). The
 * features preferences tab is hidden, as the spec says.
 */
export function settingsTabs(brandKey: string | null, grantTypes: readonly GrantType[]): SettingsTab[] {
  const brand = brandKey ? `/brand/${encodeURIComponent(brandKey)}` : null
  const held = strongestGrant(grantTypes)
  const has = (ability: Ability) => brand !== null && allows(ability, held)
  const tabs: (SettingsTab | false)[] = [
    has('brand.edit') && { id: 'company', label: 'Company Profile', to: `${brand}/edit` },
    { id: 'personal', label: 'Personal Profile', to: '/settings/profile' },
    has('team.manage') && { id: 'team', label: 'Manage Team', to: `${brand}/team` },
    { id: 'security', label: 'Security & Privacy', to: '/settings/security' },
    has('branding.edit') && { id: 'branding', label: 'Branding', to: `${brand}/customization` },
  ]
  return tabs.filter((tab): tab is SettingsTab => tab !== false)
}
