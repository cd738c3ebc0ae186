// What a grant lets its holder do. Every permission check of the portal names an ability here
// (pages through the route table, services through requireAbility, socket.io and Yjs); the
// grant types behind each ability are written down in this one table and nowhere else.
// How grants on a line, collection or style add to the brand grant: docs/decisions/034.
import { GRANT_TYPES, type Grant, type GrantModel, type GrantType } from '#app/platform/access/grants'

const ANY: readonly GrantType[] = GRANT_TYPES
const OWNER_OR_EDITOR: readonly GrantType[] = ['owner', 'editor']
const OWNER: readonly GrantType[] = ['owner']

export const ABILITIES = {
  /** See the brand, its dashboard, lines, collections, products and styles. */
  'brand.view': ANY,
  /** Company profile: name, headquarters, contact. */
  'brand.edit': OWNER_OR_EDITOR,
  /** Delete (archive) and restore the brand; also needs account role admin (docs/decisions/066). */
  'brand.delete': OWNER,
  /** Branding: colours, templates, logo and landing images. */
  'branding.edit': OWNER_OR_EDITOR,
  /** Contacts and the member lists of the brand and its teams. */
  'team.view': ANY,
  /** Manage Team: teams, members, deactivation, the team CSV. */
  'team.manage': OWNER,
  /** Send, list and revoke invites (an editor within limits: app/features/teams/invite-rules.ts mayInvite). */
  'invite.send': OWNER_OR_EDITOR,
  /** Create lines and collections. */
  'line.create': OWNER,
  /** Rename and describe lines and collections, move a collection between lines (docs/decisions/063). */
  'line.edit': OWNER_OR_EDITOR,
  'listing.view': ANY,
  'listing.edit': OWNER_OR_EDITOR,
  /** Order the media of listings (the media-order Yjs document). */
  'media.arrange': OWNER_OR_EDITOR,
  /** Annotate and decide on virtual samples (the annotations Yjs document). */
  'sample.review': OWNER_OR_EDITOR,
  'asset.manage': OWNER_OR_EDITOR,
  /** Chat in the brand's channels; read members take part in the conversation too. */
  'message.send': ANY,
  /** Delete a brand's group chat for everyone, whoever started it (docs/decisions/145). */
  'conversation.delete': OWNER,
  /** Read the comment thread of an object (a style, a listing, a reference) one can see. */
  'comment.view': ANY,
  /** Write in an object's comment thread: reviewing is work on the object (docs/decisions/048). */
  'comment.post': OWNER_OR_EDITOR,
  /** Receive the brand's live events (its socket.io room). */
  'realtime.join': ANY,
} as const satisfies Record<string, readonly GrantType[]>

export type Ability = keyof typeof ABILITIES

export const ABILITY_NAMES = Object.keys(ABILITIES) as Ability[]

export function isAbility(value: string): value is Ability {
  return Object.hasOwn(ABILITIES, value)
}

/** The grant types that give an ability (for messages and the route table's notes). */
export function grantTypesFor(ability: Ability): readonly GrantType[] {
  return ABILITIES[ability]
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
  return grant !== null && ABILITIES[ability].includes(grant)
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
