// What an actor holds on one brand itself: the grant types, and whether an ability is among them.
import { allows, brandGrant, type Ability } from '#app/platform/access/abilities'
import { GRANT_TYPES, type Grant, type GrantType } from '#app/platform/access/grants'

/** The grant types the actor holds on one brand itself (deduplicated, strongest first). */
export function brandGrantTypes(grants: readonly Grant[], brandKey: string): GrantType[] {
  const types = new Set<GrantType>()
  for (const grant of grants) {
    if (grant.model === 'Brand' && grant.model_id === brandKey) types.add(grant.type)
  }
  return GRANT_TYPES.filter((type) => types.has(type))
}

/** Whether the actor holds the ability on the brand itself (brand.view: is a member). */
export function hasBrandAbility(grants: readonly Grant[], brandKey: string, ability: Ability = 'brand.view'): boolean {
  return allows(ability, brandGrant(grants, brandKey))
}
