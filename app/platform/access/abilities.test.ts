import { describe, expect, it } from 'vitest'
import '#app/features/abilities'
import {
  abilityNames,
  allows,
  grantTypesFor,
  can,
  effectiveGrant,
  strongestGrant,
  type Ability,
} from '#app/platform/access/abilities'
import { GRANT_TYPES, type Grant, type GrantType } from '#app/platform/access/grants'

// The abilities table as the spec and the decisions read it, written out by hand: a change to
// an ability's grant types, in whichever feature declares it, that is not made here too fails below.
const EXPECTED: Record<Ability, Record<GrantType, boolean>> = {
  'brand.view': { owner: true, editor: true, read: true },
  'brand.edit': { owner: true, editor: true, read: false },
  'branding.edit': { owner: true, editor: true, read: false },
  'team.view': { owner: true, editor: true, read: true },
  'team.manage': { owner: true, editor: false, read: false },
  'invite.send': { owner: true, editor: true, read: false },
  'line.create': { owner: true, editor: false, read: false },
  'brand.delete': { owner: true, editor: false, read: false },
  'line.edit': { owner: true, editor: true, read: false },
  'listing.view': { owner: true, editor: true, read: true },
  'listing.edit': { owner: true, editor: true, read: false },
  'media.arrange': { owner: true, editor: true, read: false },
  'sample.review': { owner: true, editor: true, read: false },
  'sample.reopen': { owner: true, editor: false, read: false },
  'asset.manage': { owner: true, editor: true, read: false },
  'message.send': { owner: true, editor: true, read: true },
  'conversation.delete': { owner: true, editor: false, read: false },
  'comment.view': { owner: true, editor: true, read: true },
  'comment.post': { owner: true, editor: true, read: false },
  'realtime.join': { owner: true, editor: true, read: true },
}

describe('the abilities table', () => {
  const ABILITY_NAMES = abilityNames()
  it('lists exactly the abilities expected here', () => {
    expect([...ABILITY_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  const rows = ABILITY_NAMES.flatMap((ability) => GRANT_TYPES.map((type) => [ability, type] as const))
  it.each(rows)('%s with a %s grant', (ability, type) => {
    expect(allows(ability, type)).toBe(EXPECTED[ability][type])
  })

  it.each(ABILITY_NAMES)('%s needs some grant', (ability) => {
    expect(allows(ability, null)).toBe(false)
  })

  it('never gives a weaker grant more than a stronger one', () => {
    for (const ability of ABILITY_NAMES) {
      const granted = grantTypesFor(ability)
      if (granted.includes('read')) expect(granted).toContain('editor')
      if (granted.includes('editor')) expect(granted).toContain('owner')
    }
  })
})

describe('strongestGrant', () => {
  it.each([
    [[], null],
    [['read'], 'read'],
    [['read', 'editor'], 'editor'],
    [['editor', 'owner', 'read'], 'owner'],
  ] as [GrantType[], GrantType | null][])('%j → %s', (types, expected) => {
    expect(strongestGrant(types)).toBe(expected)
  })
})

describe('effective grant on a brand, line, collection and style', () => {
  const chain = {
    Brand: [{ model: 'Brand' as const, key: 'b1' }],
    Line: [
      { model: 'Brand' as const, key: 'b1' },
      { model: 'Line' as const, key: 'l1' },
    ],
    Collection: [
      { model: 'Brand' as const, key: 'b1' },
      { model: 'Line' as const, key: 'l1' },
      { model: 'Collection' as const, key: 'c1' },
    ],
    Style: [
      { model: 'Brand' as const, key: 'b1' },
      { model: 'Line' as const, key: 'l1' },
      { model: 'Collection' as const, key: 'c1' },
      { model: 'Style' as const, key: 's1' },
    ],
  }
  const keyOf = { Brand: 'b1', Line: 'l1', Collection: 'c1', Style: 's1' } as const
  const LEVELS = [null, ...GRANT_TYPES] as const
  const RANK = { read: 1, editor: 2, owner: 3 } as const
  type Level = (typeof LEVELS)[number]

  // Every combination of no grant or one grant type on each of the four levels (4^4 = 256 rows).
  const combinations: Record<keyof typeof keyOf, Level>[] = []
  for (const brand of LEVELS)
    for (const line of LEVELS)
      for (const collection of LEVELS)
        for (const style of LEVELS)
          combinations.push({ Brand: brand, Line: line, Collection: collection, Style: style })

  const grantsOf = (combo: Record<keyof typeof keyOf, Level>): Grant[] =>
    (Object.keys(combo) as (keyof typeof keyOf)[]).flatMap((model) =>
      combo[model] ? [{ model, model_id: keyOf[model], type: combo[model] }] : [],
    )
  const strongestOf = (levels: Level[]): Level =>
    levels.reduce<Level>((best, level) => (level && (!best || RANK[level] > RANK[best]) ? level : best), null)

  it.each(combinations)('brand %s, line %s, collection %s, style %s', (combo) => {
    const grants = grantsOf(combo)
    // The object's own grant and its ancestors' count; its descendants' do not.
    expect(effectiveGrant(grants, chain.Brand)).toBe(strongestOf([combo.Brand]))
    expect(effectiveGrant(grants, chain.Line)).toBe(strongestOf([combo.Brand, combo.Line]))
    expect(effectiveGrant(grants, chain.Collection)).toBe(strongestOf([combo.Brand, combo.Line, combo.Collection]))
    expect(effectiveGrant(grants, chain.Style)).toBe(
      strongestOf([combo.Brand, combo.Line, combo.Collection, combo.Style]),
    )
  })

  it('ignores grants on other brands and on siblings', () => {
    const grants: Grant[] = [
      { model: 'Brand', model_id: 'b2', type: 'owner' },
      { model: 'Line', model_id: 'l2', type: 'owner' },
      { model: 'Collection', model_id: 'c2', type: 'owner' },
    ]
    expect(effectiveGrant(grants, chain.Style)).toBeNull()
    expect(can(grants, 'brand.view', 'b1')).toBe(false)
    expect(can(grants, 'team.manage', 'b2')).toBe(true)
  })

  it('gives no brand-wide ability from a grant on a line alone', () => {
    const grants: Grant[] = [{ model: 'Line', model_id: 'l1', type: 'owner' }]
    expect(can(grants, 'brand.view', 'b1')).toBe(false)
    expect(allows('listing.edit', effectiveGrant(grants, chain.Collection))).toBe(true)
  })
})
