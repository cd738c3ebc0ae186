// What a page requires, declared by the page beside its loader (docs/decisions/173), and how
// that declaration is decided for a viewer. Pure: the page guard (session.server.ts,
// permissions.server.ts) reads the brand from the route's params, or resolves a line's or
// collection's brand. The table of every route's access is built from these declarations in
// app/routes/route-access.test.ts.
import { allows, brandGrant, type Ability } from '#app/platform/access/abilities'
import type { Grant } from '#app/platform/access/grants'

export type PageAccess =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  /** Needs the ability on the brand named by the route's `brandKey` param. */
  | { kind: 'brand'; ability: Ability }
  /** Scoped to a line or collection (`lineKey`, `collectionKey`); its brand is looked up, then as `brand`. */
  | { kind: 'model'; model: 'Line' | 'Collection'; ability: Ability }

export const publicPage: PageAccess = { kind: 'public' }
export const signedInPage: PageAccess = { kind: 'signedIn' }
export const brandPage = (ability: Ability): PageAccess => ({ kind: 'brand', ability })
export const lineScopedPage = (ability: Ability): PageAccess => ({ kind: 'model', model: 'Line', ability })
export const collectionScopedPage = (ability: Ability): PageAccess => ({ kind: 'model', model: 'Collection', ability })

/**
 * The path's segments as the router sees them: each one percent-decoded, so `/brand/K/%65dit`
 * is `/brand/K/edit` here too. Null when a segment cannot be read in one way only: invalid
 * percent-encoding, an encoded `/` or `\` (one segment that a proxy or the router may split in
 * two), or a dot segment (`.`, `..`, also encoded), which URL parsers resolve differently.
 * The guard refuses such a path (404), never guesses at it.
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

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'signIn' }
  /** No grant at all on the brand: do not reveal that it exists. */
  | { allowed: false; reason: 'notFound' }
  /** Some grant on the brand, but not the kind this page needs. */
  | { allowed: false; reason: 'insufficient'; brandKey: string }

export interface Viewer {
  signedIn: boolean
  grants: readonly Grant[]
}

/**
 * Decides a page's access. `brandKey` is the brand the page is about: the route's param for a
 * brand page, the looked-up brand for a line or collection page (null when there is none, or
 * the param is missing, which is never allowed).
 */
export function decideAccess(access: PageAccess, viewer: Viewer, brandKey?: string | null): AccessDecision {
  if (access.kind === 'public') return { allowed: true }
  if (!viewer.signedIn) return { allowed: false, reason: 'signIn' }
  if (access.kind === 'signedIn') return { allowed: true }
  if (!brandKey) return { allowed: false, reason: 'notFound' }
  const held = brandGrant(viewer.grants, brandKey)
  if (held === null) return { allowed: false, reason: 'notFound' }
  if (allows(access.ability, held)) return { allowed: true }
  return { allowed: false, reason: 'insufficient', brandKey }
}

export const INSUFFICIENT_GRANT_MESSAGE =
  'Additional permissions required to access this view. You have been redirected to the brand dashboard.'
