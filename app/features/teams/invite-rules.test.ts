import { describe, expect, it } from 'vitest'
import {
  assembleInviteGrants,
  inviteGrantLevel,
  inviteLandingPath,
  inviteReach,
  inviteRole,
  isOpenInvite,
  isWellFormedInviteToken,
  mayInvite,
} from './invite-rules'

describe('job type → grant level and role (access.md §6)', () => {
  it.each([
    ['admin', 'owner', 'admin'],
    ['designer', 'editor', 'user'],
    ['marketing', 'editor', 'user'],
    ['vsm', 'read', 'user'],
    ['sales rep', 'read', 'user'],
    ['delegate', 'read', 'user'],
    ['guest', 'read', 'user'],
    ['owner', 'read', 'user'],
    ['Admin', 'owner', 'admin'],
  ])('%s gives %s and role %s', (jobType, level, role) => {
    expect(inviteGrantLevel(jobType)).toBe(level)
    expect(inviteRole(jobType)).toBe(role)
  })
})

describe('inviteReach: what the form says an invite gives, before it is sent', () => {
  it('names the brand-wide level of the job type, then what the chosen lines and collections add', () => {
    expect(inviteReach('Marketing', 'marketing', { lines: ['Resort'], collections: [] })).toBe(
      'Marketing: editor of the whole brand; they can see every line, collection and listing of the brand, and add, ' +
        'change and delete them in any line. They also get the lines Resort at the same level; that adds to the ' +
        'brand, it does not narrow it.',
    )
    expect(inviteReach('Sales Rep', 'sales rep', { lines: [], collections: [] })).toBe(
      'Sales Rep: read of the whole brand; they can see every line, collection and listing of the brand, and change nothing.',
    )
    expect(inviteReach('Admin', 'admin', { lines: ['A', 'B'], collections: ['SS27'] })).toContain(
      'They also get the lines A, B and the collections SS27 at the same level',
    )
  })
})

describe('assembleInviteGrants', () => {
  it('grants the level on the brand, each line and collection, then extra grants', () => {
    const { data, permissions } = assembleInviteGrants({
      brandKey: 'b1',
      level: 'editor',
      lines: ['l1'],
      collections: ['c1', 'c2'],
      extra: [{ model: 'Style', model_id: 's1', type: 'read' }],
    })
    expect(permissions).toEqual([
      { model: 'Brand', model_id: 'b1', type: 'editor' },
      { model: 'Line', model_id: 'l1', type: 'editor' },
      { model: 'Collection', model_id: 'c1', type: 'editor' },
      { model: 'Collection', model_id: 'c2', type: 'editor' },
      { model: 'Style', model_id: 's1', type: 'read' },
    ])
    expect(data.map((entry) => [entry.KIND, entry.model_id])).toEqual([
      ['Brand', 'b1'],
      ['Line', 'l1'],
      ['Collection', 'c1'],
      ['Collection', 'c2'],
      ['Style', 's1'],
    ])
  })

  it('drops duplicates and blank keys, and adds the team with its grants', () => {
    const { data, permissions } = assembleInviteGrants({
      brandKey: 'b1',
      level: 'read',
      lines: ['l1', 'l1', ' '],
      team: { key: 't1', grants: [{ model: 'Line', model_id: 'l1', type: 'read' }] },
      extra: [{ model: 'Brand', model_id: 'b1', type: 'read' }],
    })
    expect(permissions).toEqual([
      { model: 'Brand', model_id: 'b1', type: 'read' },
      { model: 'Line', model_id: 'l1', type: 'read' },
    ])
    expect(data.find((entry) => entry.KIND === 'Team')).toEqual({
      model: 'Team',
      model_id: 't1',
      KIND: 'Team',
      grants: [{ model: 'Line', model_id: 'l1', type: 'read' }],
    })
    expect(data.find((entry) => entry.KIND === 'Brand')?.grants).toHaveLength(1)
  })
})

describe('mayInvite (docs/decisions/013-invites.md)', () => {
  const editorInvite = { role: 'user', permissions: [{ model: 'Brand', model_id: 'b', type: 'editor' }] }
  const ownerInvite = { role: 'admin', permissions: [{ model: 'Brand', model_id: 'b', type: 'owner' }] }

  it('lets an owner invite anyone', () => {
    expect(mayInvite(['owner'], ownerInvite)).toBe(true)
  })
  it('lets an editor invite up to editor, never owner access or the admin role', () => {
    expect(mayInvite(['editor'], editorInvite)).toBe(true)
    expect(mayInvite(['editor'], ownerInvite)).toBe(false)
    expect(mayInvite(['editor'], { role: 'admin', permissions: editorInvite.permissions })).toBe(false)
  })
  it('refuses read members', () => {
    expect(mayInvite(['read'], editorInvite)).toBe(false)
    expect(mayInvite([], editorInvite)).toBe(false)
  })
})

describe('inviteLandingPath (access.md §4)', () => {
  const brand = { model: 'Brand', model_id: 'b1', type: 'read' }
  it('goes to the style page for a Style grant', () => {
    expect(inviteLandingPath('b1', [brand, { model: 'Style', model_id: 's1', type: 'read' }])).toBe(
      '/brand/b1/style/s1',
    )
  })
  it('filters products by the first Line or Collection grant', () => {
    expect(
      inviteLandingPath('b1', [
        brand,
        { model: 'Team', model_id: 't1', type: 'read' },
        { model: 'Collection', model_id: 'c1', type: 'read' },
        { model: 'Line', model_id: 'l1', type: 'read' },
      ]),
    ).toBe('/brand/b1/products?collections=c1')
    expect(inviteLandingPath('b1', [{ model: 'Line', model_id: 'l1', type: 'read' }])).toBe(
      '/brand/b1/products?lines=l1',
    )
  })
  it("goes to the brand's products without such a grant", () => {
    expect(inviteLandingPath('b1', [brand])).toBe('/brand/b1/products')
    expect(inviteLandingPath('b1', [])).toBe('/brand/b1/products')
  })
})

describe('invite status and token shape', () => {
  it('counts pending and invited as open', () => {
    expect(isOpenInvite('pending')).toBe(true)
    expect(isOpenInvite('invited')).toBe(true)
    expect(isOpenInvite('accepted')).toBe(false)
  })
  it('accepts only 43 URL-safe characters as a token', () => {
    expect(isWellFormedInviteToken('a'.repeat(43))).toBe(true)
    expect(isWellFormedInviteToken('a'.repeat(42))).toBe(false)
    expect(isWellFormedInviteToken(`${'a'.repeat(42)}!`)).toBe(false)
    expect(isWellFormedInviteToken(null)).toBe(false)
  })
})
