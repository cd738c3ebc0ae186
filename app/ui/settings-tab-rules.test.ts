import { describe, expect, it } from 'vitest'
import { settingsTabs } from '#app/ui/settings-tab-rules'

const labels = (brand: string | null, types: Parameters<typeof settingsTabs>[1]) =>
  settingsTabs(brand, types).map((tab) => tab.label)

describe('settings tabs', () => {
  it('shows every tab to an owner, pointing at the brand', () => {
    expect(settingsTabs('b1', ['owner'])).toEqual([
      { id: 'company', label: 'Company Profile', to: '/brand/b1/edit' },
      { id: 'personal', label: 'Personal Profile', to: '/settings/profile' },
      { id: 'team', label: 'Manage Team', to: '/brand/b1/team' },
      { id: 'security', label: 'Security & Privacy', to: '/settings/security' },
      { id: 'branding', label: 'Branding', to: '/brand/b1/customization' },
    ])
  })
  it('hides Manage Team from an editor', () => {
    expect(labels('b1', ['editor'])).toEqual(['Company Profile', 'Personal Profile', 'Security & Privacy', 'Branding'])
  })
  it('shows a read member only the personal tabs', () => {
    expect(labels('b1', ['read'])).toEqual(['Personal Profile', 'Security & Privacy'])
  })
  it('shows only the personal tabs without a brand', () => {
    expect(labels(null, ['owner'])).toEqual(['Personal Profile', 'Security & Privacy'])
  })
})
