// What a grant lets its holder do. Every permission check of the portal names an ability
// (pages through the route table, services through requireAbility, socket.io and Yjs); the grant
// types behind each ability are declared once, by the feature it belongs to, and registered here.
// How grants on a line, collection or style add to the brand grant: docs/decisions/034.
import { GRANT_TYPES, type Grant, type GrantModel, type GrantType } from '#app/platform/access/grants'

/** The grant types behind an ability: any grant, owner or editor, owner only. */
export const ANY: readonly GrantType[] = GRANT_TYPES
export const OWNER_OR_EDITOR: readonly GrantType[] = ['owner', 'editor']
export const OWNER: readonly GrantType[] = ['owner']

/**
 * The names of the portal's abilities. The access module declares those of the brand itself
 * (below); each feature declares its own in its `abilities.ts`, by adding to this interface and
 * registering their grant types with registerAbilities. app/features/abilities.ts loads them all,
 * and every entry (the server, the pages, the tests) loads that first.
 */
export interface AbilityRegistry {
  /** See the brand, its dashboard, lines, collections, products and styles. */
  'brand.view': true
  /** See listings and styles (and what hangs off them) of a brand, line, collection or style. */
  'listing.view': true
  /** Receive the brand's live events (its socket.io room). */
  'realtime.join': true
}

export type Ability = keyof AbilityRegistry

/** Grant types per ability, as a feature declares them. */
export type AbilityRules = { readonly [A in Ability]?: readonly GrantType[] }

const table = new Map<Ability, readonly GrantType[]>()

/** Adds a feature's abilities to the one table. The same name declared twice differently is a bug. */
export function registerAbilities(rules: AbilityRules): void {
  for (const [name, types] of Object.entries(rules) as [Ability, readonly GrantType[]][]) {
    const known = table.get(name)
    if (known && known.join() !== types.join()) throw new Error(`The ability ${name} is declared twice.`)
    table.set(name, types)
  }
}

registerAbilities({ 'brand.view': ANY, 'listing.view': ANY, 'realtime.join': ANY })

/** Every registered ability (the tests walk them all). */
export function abilityNames(): Ability[] {
  return [...table.keys()]
}

export function isAbility(value: string): value is Ability {
  return table.has(value as Ability)
}

/** The grant types that give an ability (for messages and the route table's notes). */
export function grantTypesFor(ability: Ability): readonly GrantType[] {
  const types = table.get(ability)
  if (!types) throw new Error(`The ability ${ability} is not registered: load app/features/abilities.ts first.`)
  return types
}

const RANK: Record<GrantType, number> = { read: 1, editor: 2, owner: 3 }

/** The strongest of some grant types (owner > editor > read), or null for none. */
export function strongestGrant(types: Iterable<GrantType>): GrantType | null {
  let best: GrantType | null = null
  for (const type of types) if (best === null || RANK[type] > RANK[best]) best = type
  return best
}

/** Whether an effective grant (null: none at all) gives the ability. */
export function allows(ability: Ability, grant: GrantType | null): boolean {
  return grant !== null && grantTypesFor(ability).includes(grant)
}

/** One object on the way from a brand down to the object asked about. */
export interface ModelRef {
  model: GrantModel
  key: string
}

/**
 * The actor's effective grant on an object: the strongest of its grants on the object itself and
 * on each of its ancestors, `chain` listing them from the brand down (Brand, Line, Collection,
 * Style). A grant on a child does not reach its parent: a style's reviewer does not thereby see
 * the rest of the collection (docs/decisions/034).
 */
export function effectiveGrant(grants: readonly Grant[], chain: readonly ModelRef[]): GrantType | null {
  const held: GrantType[] = []
  for (const grant of grants) {
    if (chain.some((ref) => ref.model === grant.model && ref.key === grant.model_id)) held.push(grant.type)
  }
  return strongestGrant(held)
}

/** The effective grant on a brand itself: its Brand grants only. */
export function brandGrant(grants: readonly Grant[], brandKey: string): GrantType | null {
  return effectiveGrant(grants, [{ model: 'Brand', key: brandKey }])
}

/** Whether the actor holds the ability on the brand itself (pages and lists of the whole brand). */
export function can(grants: readonly Grant[], ability: Ability, brandKey: string): boolean {
  return allows(ability, brandGrant(grants, brandKey))
}
