import { describe, expect, it } from 'vitest'
import { mayChoosePermission } from '#app/features/teams/share-line-schemas'
import { sharedBrandLevel, sharedJobType, sharedTeamGrants } from './share-rules'

describe('sharing rules', () => {
  it('gives shared invitees job type vsm for a style and designer otherwise', () => {
    expect(sharedJobType('Style')).toBe('vsm')
    expect(sharedJobType('Line')).toBe('designer')
    expect(sharedJobType('Collection')).toBe('designer')
  })

  it('makes a shared model’s team hand out editor on it', () => {
    expect(sharedTeamGrants('Line', 'l1')).toEqual([{ model: 'Line', model_id: 'l1', type: 'editor' }])
  })

  it('hands out read on the brand, except owner for the admin job type', () => {
    expect(sharedBrandLevel('designer')).toBe('read')
    expect(sharedBrandLevel('sales rep')).toBe('read')
    expect(sharedBrandLevel('admin')).toBe('owner')
  })

  it('offers the Permissions dropdown to role admin or job type admin only', () => {
    expect(mayChoosePermission({ role: 'admin', jobType: 'designer' })).toBe(true)
    expect(mayChoosePermission({ role: 'user', jobType: 'admin' })).toBe(true)
    expect(mayChoosePermission({ role: 'user', jobType: 'designer' })).toBe(false)
  })
})
