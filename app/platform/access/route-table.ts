// The route table of access.md §2 and catalogue.md §2: which paths are public, which need sign-in,
// and which need an ability on the brand the path names; how a path is matched and decided. Pure:
// the page guard (session.server.ts, permissions.server.ts) resolves a line's or collection's brand.
import { allows, brandGrant, type Ability } from '#app/platform/access/abilities'
import type { Grant } from '#app/platform/access/grants'

export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  /** Needs the ability on the brand named by the `:brand` segment. */
  | { kind: 'brand'; ability: Ability }
  /** Scoped to a line or collection; its brand is resolved from the model, then as `brand`. */
  | { kind: 'model'; model: 'Line' | 'Collection'; ability: Ability }

export interface RouteRule {
  pattern: string
  access: RouteAccess
  /** Where the rule comes from, or why it was decided where the spec is silent. */
  note?: string
}

const PUBLIC: RouteAccess = { kind: 'public' }
const SIGNED_IN: RouteAccess = { kind: 'signedIn' }
const brand = (ability: Ability): RouteAccess => ({ kind: 'brand', ability })
const ANY = brand('brand.view')
const NOT_SHOWN = 'spec: not shown beyond the general brand rule; any grant on the brand'

/**
 * One table for both documents. Patterns use `:name` for one segment and `*` for the rest of
 * the path; the first matching row wins, so specific rows come before catch-alls.
 */
export const ROUTE_TABLE: readonly RouteRule[] = [
  { pattern: '/', access: PUBLIC },
  { pattern: '/register', access: PUBLIC },
  { pattern: '/invite', access: PUBLIC },
  { pattern: '/password-reset', access: PUBLIC },
  { pattern: '/reset-password', access: PUBLIC },
  { pattern: '/verify-email', access: PUBLIC },
  { pattern: '/user-management', access: PUBLIC },
  { pattern: '/logout', access: SIGNED_IN },
  {
    pattern: '/brands',
    access: SIGNED_IN,
    note: 'spec: owner, editor or read; the list itself shows only brands the user holds a grant on',
  },
  {
    pattern: '/brands/create',
    access: SIGNED_IN,
    note: 'spec: owner or editor; creating a brand is decided by the service (account role admin)',
  },
  {
    pattern: '/brands/:brand/delete',
    access: SIGNED_IN,
    note: 'decided (docs/decisions/066): account role admin and owner of the brand, checked by the service',
  },
  {
    pattern: '/brands/:brand/remove-permissions',
    access: SIGNED_IN,
    note: 'decided (docs/decisions/066): account role admin with a grant on the brand, checked by the service',
  },
  {
    pattern: '/brands/:brand/restore',
    access: SIGNED_IN,
    note: 'decided (docs/decisions/066): account role admin who owns the archived brand, checked by the service',
  },
  { pattern: '/settings', access: SIGNED_IN },
  { pattern: '/settings/*', access: SIGNED_IN },
  { pattern: '/brand/:brand', access: ANY },
  { pattern: '/brand/:brand/assets', access: ANY },
  { pattern: '/brand/:brand/marketing', access: ANY },
  { pattern: '/brand/:brand/team', access: brand('team.manage') },
  { pattern: '/brand/:brand/team.csv', access: brand('team.manage') },
  { pattern: '/brand/:brand/team/*', access: brand('team.manage') },
  { pattern: '/brand/:brand/contacts', access: ANY },
  {
    pattern: '/brand/:brand/chat',
    access: brand('message.send'),
    note: 'the chat page without JavaScript (docs/decisions/056); members of the brand chat',
  },
  { pattern: '/brand/:brand/chat/*', access: brand('message.send'), note: 'a conversation, new group chat, deletes' },
  { pattern: '/brand/:brand/customization', access: brand('branding.edit') },
  { pattern: '/brand/:brand/customization/*', access: brand('branding.edit'), note: 'the Image Crop modal' },
  { pattern: '/brand/:brand/edit', access: brand('brand.edit') },
  { pattern: '/brand/:brand/settings', access: ANY, note: 'spec: signed in; scoped to the brand' },
  { pattern: '/brand/:brand/lines/create', access: brand('line.create') },
  { pattern: '/brand/:brand/collections/create', access: brand('line.create') },
  { pattern: '/brand/:brand/lines', access: ANY, note: NOT_SHOWN },
  { pattern: '/brand/:brand/lines/:line/info', access: ANY, note: 'the Info row action (docs/decisions/064)' },
  {
    pattern: '/brand/:brand/lines/:line/access',
    access: brand('team.view'),
    note: 'the Access row action: who holds grants on the line (docs/decisions/064)',
  },
  { pattern: '/brand/:brand/line/:line', access: ANY, note: NOT_SHOWN },
  {
    pattern: '/brand/:brand/line/:line/edit',
    access: brand('line.edit'),
    note: 'decided (docs/decisions/063): owner or editor; the service also accepts such a grant on the line',
  },
  { pattern: '/brand/:brand/line/:line/collections', access: ANY, note: NOT_SHOWN },
  {
    pattern: '/brand/:brand/line/:line/collections/create',
    access: brand('line.create'),
    note: 'Create New Collection with the line preset; owner like /collections/create',
  },
  { pattern: '/brand/:brand/collections', access: ANY, note: NOT_SHOWN },
  {
    pattern: '/brand/:brand/collection/:collection/edit',
    access: brand('line.edit'),
    note: 'decided (docs/decisions/063): owner or editor, as for lines',
  },
  { pattern: '/brand/:brand/products', access: ANY },
  { pattern: '/brand/:brand/products/upload', access: ANY },
  {
    pattern: '/brand/:brand/products/upload/template',
    access: ANY,
    note: 'the blank data template (xlsx) of the upload page',
  },
  {
    pattern: '/brand/:brand/products/upload/:import',
    access: ANY,
    note: 'decided (docs/decisions/086): the dry run of an upload; members may look, committing needs listing.edit (service)',
  },
  ...['mapping', 'row/:row', 'rollback', 'discard'].map((rest): RouteRule => ({
    pattern: `/brand/:brand/products/upload/:import/${rest}`,
    access: brand('listing.edit'),
    note: 'decided (docs/decisions/086): changing an upload (column mapping, row fix, roll back, discard) is for editors',
  })),
  ...['details', 'review', 'original', 'failed'].map((rest): RouteRule => ({
    pattern: `/brand/:brand/products/upload/:import/${rest}`,
    access: ANY,
    note: 'decided (docs/decisions/086): the outcome of an upload and its files, for every member',
  })),
  { pattern: '/brand/:brand/products/media/upload', access: ANY },
  { pattern: '/brand/:brand/products/media/manage', access: ANY },
  {
    pattern: '/brand/:brand/products/media/manage/delete/:media',
    access: brand('media.arrange'),
    note: 'decided (docs/decisions/100): Delete Image is a dialog route over the manage page, for those who arrange',
  },
  { pattern: '/brand/:brand/products/media', access: ANY, note: NOT_SHOWN },
  {
    pattern: '/brand/:brand/products/share',
    access: brand('invite.send'),
    note: 'the share-line modal: decided, whoever may invite may share (docs/decisions/073)',
  },
  { pattern: '/brand/:brand/products/listing/:listing', access: ANY },
  {
    pattern: '/brand/:brand/products/quick/:listing',
    access: brand('listing.view'),
    note: 'decided: Quick View is a modal route over the list (docs/decisions/068)',
  },
  {
    pattern: '/brand/:brand/products/delete/:listing',
    access: brand('listing.view'),
    note: 'decided: the row menu Delete; the service refuses those who may not edit the listing',
  },
  {
    pattern: '/brand/:brand/products/remove',
    access: brand('listing.view'),
    note: 'decided: bulk delete of the selected rows (a line team editor selects its own); the service refuses keys the actor may not edit',
  },
  {
    pattern: '/brand/:brand/products/team',
    access: ANY,
    note: 'spec: the team sidebar; its icon is hidden when the grants include owner',
  },
  {
    pattern: '/brand/:brand/products/listing/:listing/*',
    access: ANY,
    note: 'View Larger and Delete dialogs of the listing page; deleting is checked by the service (listing.edit)',
  },
  { pattern: '/brand/:brand/products/:product', access: ANY, note: NOT_SHOWN },
  { pattern: '/brand/:brand/products/:product/*', access: ANY, note: 'the View Larger dialog of the product page' },
  { pattern: '/brand/:brand/atelier', access: ANY, note: 'the list of styles (atelier.md §1); decision 152' },
  {
    pattern: '/brand/:brand/atelier/listings',
    access: ANY,
    note: 'decided: the products list in the atelier context, one click from the list of styles',
  },
  {
    pattern: '/brand/:brand/atelier/listings/remove',
    access: brand('listing.view'),
    note: 'decided: bulk delete in the atelier context, as on the products list',
  },
  {
    pattern: '/brand/:brand/atelier/listings/*',
    access: ANY,
    note: 'decided: the products list modals in the atelier context (quick view, delete, team)',
  },
  { pattern: '/brand/:brand/style/:style', access: ANY, note: NOT_SHOWN },
  { pattern: '/brand/:brand/style/:style/*', access: ANY, note: NOT_SHOWN },
  { pattern: '/brand/:brand/assets_library', access: ANY, note: NOT_SHOWN },
  { pattern: '/brand/:brand/assets_library/*', access: ANY, note: NOT_SHOWN },
  { pattern: '/brand/:brand/notifications', access: ANY, note: NOT_SHOWN },
  {
    pattern: '/brand/:brand/*',
    access: ANY,
    note: 'decided: any other brand path needs at least a grant on the brand',
  },
  {
    pattern: '/line/:line',
    access: { kind: 'model', model: 'Line', ability: 'brand.view' },
    note: "the form's short success target; redirects to the line page (docs/decisions/065)",
  },
  {
    pattern: '/collection/:collection',
    access: { kind: 'model', model: 'Collection', ability: 'brand.view' },
    note: "the form's short success target; redirects to its collections list (docs/decisions/065)",
  },
  {
    pattern: '/collection/:collection/products/upload',
    access: { kind: 'model', model: 'Collection', ability: 'brand.view' },
    note: NOT_SHOWN,
  },
  {
    pattern: '/collection/:collection/products/media/upload',
    access: { kind: 'model', model: 'Collection', ability: 'brand.view' },
    note: NOT_SHOWN,
  },
  {
    pattern: '/line/:line/products/upload',
    access: { kind: 'model', model: 'Line', ability: 'brand.view' },
    note: NOT_SHOWN,
  },
]

export interface RouteMatch {
  rule: RouteRule
  params: Record<string, string>
  /** The path could not be read safely (see decodePathSegments): refused as not found. */
  malformed?: true
}

const MALFORMED_RULE: RouteRule = {
  pattern: '!',
  access: SIGNED_IN,
  note: 'decided: an undecodable or ambiguous path is refused (404), never guessed at',
}

/**
 * The path's segments as the router sees them: each one percent-decoded, so `/brand/K/%65dit`
 * is `/brand/K/edit` here too. Null when a segment cannot be read in one way only: invalid
 * percent-encoding, an encoded `/` or `\` (one segment that a proxy or the router may split in
 * two), or a dot segment (`.`, `..`, also encoded), which URL parsers resolve differently.
 */
export function decodePathSegments(pathname: string): string[] | null {
  const segments: string[] = []
  for (const raw of pathname.split('/')) {
    if (raw.length === 0) continue
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '.' || segment === '..' || segment.includes('/') || segment.includes('\\')) return null
    segments.push(segment)
  }
  return segments
}

/** Finds the rule for a path; a path the table does not name needs a signed-in user. */
export function matchRoute(pathname: string): RouteMatch {
  const segments = decodePathSegments(pathname)
  if (!segments) return { rule: MALFORMED_RULE, params: {}, malformed: true }
  for (const rule of ROUTE_TABLE) {
    const params = matchPattern(rule.pattern.split('/').filter(Boolean), segments)
    if (params) return { rule, params }
  }
  return { rule: { pattern: '*', access: SIGNED_IN, note: 'decided: unknown paths need sign-in' }, params: {} }
}

/** Matches decoded segments against a pattern's parts (literal, `:name` or a final `*`). */
function matchPattern(pattern: string[], segments: string[]): Record<string, string> | null {
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!
    if (part === '*') return i < segments.length ? params : null
    const segment = segments[i]
    if (segment === undefined) return null
    if (part.startsWith(':')) {
      params[part.slice(1)] = segment
    } else if (part !== segment) {
      return null
    }
  }
  return pattern.length === segments.length ? params : null
}

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'signIn' }
  /** No grant at all on the brand: do not reveal that it exists. */
  | { allowed: false; reason: 'notFound' }
  /** Some grant on the brand, but not the kind this route needs. */
  | { allowed: false; reason: 'insufficient'; brandKey: string }

export interface Viewer {
  signedIn: boolean
  grants: readonly Grant[]
}

/**
 * Decides access to a path. Routes scoped to a line or collection need the brand resolved by
 * the caller (`resolvedBrandKey`), because that takes a database lookup.
 */
export function decideAccess(match: RouteMatch, viewer: Viewer, resolvedBrandKey?: string | null): AccessDecision {
  if (match.malformed) return { allowed: false, reason: 'notFound' }
  const { access } = match.rule
  if (access.kind === 'public') return { allowed: true }
  if (!viewer.signedIn) return { allowed: false, reason: 'signIn' }
  if (access.kind === 'signedIn') return { allowed: true }
  const brandKey = access.kind === 'brand' ? match.params.brand : resolvedBrandKey
  if (!brandKey) return { allowed: false, reason: 'notFound' }
  const held = brandGrant(viewer.grants, brandKey)
  if (held === null) return { allowed: false, reason: 'notFound' }
  if (allows(access.ability, held)) return { allowed: true }
  return { allowed: false, reason: 'insufficient', brandKey }
}

export const INSUFFICIENT_GRANT_MESSAGE =
  'Additional permissions required to access this view. You have been redirected to the brand dashboard.'
