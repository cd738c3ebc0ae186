import { describe, expect, it } from 'vitest'
import {
  ROUTE_TABLE,
  activeHeaderItem,
  decideAccess,
  decodePathSegments,
  headerItemsFor,
  assetLibraryEnabled,
  landingPath,
  matchRoute,
  safeRedirectPath,
  showsDashboardNavigation,
  type Grant,
  type GrantType,
} from '#app/platform/access/permissions'

const BRAND = 'brandkey1'
const grantsOf = (...types: GrantType[]): Grant[] => types.map((type) => ({ model: 'Brand', model_id: BRAND, type }))
const signedIn = (...types: GrantType[]) => ({ signedIn: true, grants: grantsOf(...types) })
const visitor = { signedIn: false, grants: [] }

// Every row of the route table, with the grants the spec names for it.
const EXPECTED: [path: string, allowed: 'public' | 'signedIn' | GrantType[]][] = [
  ['/', 'public'],
  ['/register', 'public'],
  ['/invite', 'public'],
  ['/password-reset', 'public'],
  ['/reset-password', 'public'],
  ['/verify-email', 'public'],
  ['/user-management', 'public'],
  ['/logout', 'signedIn'],
  ['/brands', 'signedIn'],
  ['/brands/create', 'signedIn'],
  ['/brands/b1/delete', 'signedIn'],
  ['/brands/b1/remove-permissions', 'signedIn'],
  ['/brands/b1/restore', 'signedIn'],
  ['/settings', 'signedIn'],
  ['/settings/profile', 'signedIn'],
  ['/settings/security', 'signedIn'],
  [`/brand/${BRAND}`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/assets`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/marketing`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/team`, ['owner']],
  [`/brand/${BRAND}/team/invite`, ['owner']],
  [`/brand/${BRAND}/team.csv`, ['owner']],
  [`/brand/${BRAND}/contacts`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/chat`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/chat/c1/delete`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/customization`, ['owner', 'editor']],
  [`/brand/${BRAND}/customization/image/logo`, ['owner', 'editor']],
  [`/brand/${BRAND}/edit`, ['owner', 'editor']],
  [`/brand/${BRAND}/settings`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/lines/create`, ['owner']],
  [`/brand/${BRAND}/collections/create`, ['owner']],
  [`/brand/${BRAND}/lines`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/line/l1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/line/l1/collections`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/collections`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/lines/l1/info`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/lines/l1/access`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/line/l1/edit`, ['owner', 'editor']],
  [`/brand/${BRAND}/line/l1/collections/create`, ['owner']],
  [`/brand/${BRAND}/collection/c1/edit`, ['owner', 'editor']],
  [`/brand/${BRAND}/products`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/template`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/details`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/review`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/original`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/failed`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/upload/i1/mapping`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/upload/i1/row/3`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/upload/i1/rollback`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/upload/i1/discard`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/media/upload`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/media/manage`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/media/manage/delete/m1`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/media`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/listing/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/p1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/p1/larger`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/share`, ['owner', 'editor']],
  [`/brand/${BRAND}/products/listing/abc/delete`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/listing/abc/larger`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/quick/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/delete/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/remove`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/products/team`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier/listings`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier/listings/remove`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/atelier/listings/quick/abc`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/style/s1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/style/s1/samples/r1`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/assets_library`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/assets_library/folder%20a/b`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/notifications`, ['owner', 'editor', 'read']],
  [`/brand/${BRAND}/anything-else`, ['owner', 'editor', 'read']],
]

describe('route table', () => {
  it.each(EXPECTED)('%s needs %j', (path, allowed) => {
    const match = matchRoute(path)
    if (allowed === 'public') {
      expect(decideAccess(match, visitor)).toEqual({ allowed: true })
      return
    }
    expect(decideAccess(match, visitor)).toEqual({ allowed: false, reason: 'signIn' })
    if (allowed === 'signedIn') {
      expect(decideAccess(match, signedIn())).toEqual({ allowed: true })
      return
    }
    for (const type of ['owner', 'editor', 'read'] as const) {
      const decision = decideAccess(match, signedIn(type))
      if (allowed.includes(type)) expect(decision, type).toEqual({ allowed: true })
      else expect(decision, type).toEqual({ allowed: false, reason: 'insufficient', brandKey: BRAND })
    }
    // No grant on this brand at all (only on another one): not revealed.
    const elsewhere = {
      signedIn: true,
      grants: [{ model: 'Brand' as const, model_id: 'other', type: 'owner' as const }],
    }
    expect(decideAccess(match, elsewhere)).toEqual({ allowed: false, reason: 'notFound' })
  })

  it('covers every row of the table with an expectation', () => {
    const matched = new Set(EXPECTED.map(([path]) => matchRoute(path).rule.pattern))
    const uncovered = ROUTE_TABLE.filter((rule) => rule.access.kind !== 'model' && !matched.has(rule.pattern))
    expect(uncovered.map((rule) => rule.pattern)).toEqual([])
  })

  it('treats line- and collection-scoped routes by the brand resolved from the model', () => {
    const match = matchRoute('/collection/c1/products/upload')
    expect(match.rule.access).toMatchObject({ kind: 'model', model: 'Collection' })
    expect(decideAccess(match, signedIn('read'), BRAND)).toEqual({ allowed: true })
    expect(decideAccess(match, signedIn('read'), null)).toEqual({ allowed: false, reason: 'notFound' })
    expect(matchRoute('/line/l1/products/upload').rule.access).toMatchObject({ kind: 'model', model: 'Line' })
    expect(matchRoute('/collection/c1/products/media/upload').params).toEqual({ collection: 'c1' })
  })

  it('accepts paths with or without a trailing slash and needs sign-in for unknown ones', () => {
    expect(matchRoute(`/brand/${BRAND}/team/`).rule.pattern).toBe('/brand/:brand/team')
    expect(matchRoute('/nowhere').rule.access).toEqual({ kind: 'signedIn' })
  })

  it('ignores grants on lines or collections when a brand grant is needed', () => {
    const lineOnly = { signedIn: true, grants: [{ model: 'Line' as const, model_id: BRAND, type: 'owner' as const }] }
    expect(decideAccess(matchRoute(`/brand/${BRAND}`), lineOnly)).toEqual({ allowed: false, reason: 'notFound' })
  })
})

// The router decodes percent-escapes before it matches a route, so the gate must as well: an
// escaped letter in any segment of any row reaches the same page and must meet the same rule.
const hex = (char: string) => char.charCodeAt(0).toString(16).padStart(2, '0')
const ENCODINGS: [name: string, encode: (segment: string) => string][] = [
  ['every character escaped', (segment) => [...segment].map((c) => `%${hex(c).toUpperCase()}`).join('')],
  ['first character escaped, lower-case hex', (segment) => `%${hex(segment[0]!)}${segment.slice(1)}`],
  ['last character escaped', (segment) => `${segment.slice(0, -1)}%${hex(segment.at(-1)!).toUpperCase()}`],
]
const ENCODED_VARIANTS = EXPECTED.flatMap(([path, allowed]) => {
  const segments = path.split('/').filter(Boolean)
  return segments.flatMap((segment, index) =>
    segment.includes('%')
      ? []
      : ENCODINGS.map(([how, encode]) => {
          const variant = segments.map((s, i) => (i === index ? encode(s) : s))
          return { path, variant: `/${variant.join('/')}`, how: `${segment}: ${how}`, allowed }
        }),
  )
})

describe('the gate on percent-encoded paths', () => {
  it.each(ENCODED_VARIANTS)('$variant ($how) meets the rule of $path', ({ path, variant, allowed }) => {
    const plain = matchRoute(path)
    const encoded = matchRoute(variant)
    expect(encoded.rule.pattern).toBe(plain.rule.pattern)
    expect(encoded.params).toEqual(plain.params)
    // A read member gets exactly what the plain path gives: a redirect where it needs more.
    const expected =
      Array.isArray(allowed) && !allowed.includes('read')
        ? { allowed: false, reason: 'insufficient', brandKey: BRAND }
        : { allowed: true }
    expect(decideAccess(encoded, signedIn('read'))).toEqual(expected)
  })

  it('reads /brand/K/%65dit as the company profile, which a read member may not open', () => {
    expect(matchRoute(`/brand/${BRAND}/%65dit`).rule.pattern).toBe('/brand/:brand/edit')
    expect(decideAccess(matchRoute(`/brand/${BRAND}/%65dit`), signedIn('read'))).toEqual({
      allowed: false,
      reason: 'insufficient',
      brandKey: BRAND,
    })
  })

  it('decodes the brand key as a parameter', () => {
    expect(matchRoute('/brand/a%20b/edit').params).toEqual({ brand: 'a b' })
  })

  it.each([
    [`/brand/${BRAND}/%`, 'an incomplete escape'],
    [`/brand/${BRAND}/%E0%A4%A`, 'a broken UTF-8 sequence'],
    [`/brand/${BRAND}/%zz`, 'a non-hex escape'],
    [`/brand/${BRAND}%2Fedit`, 'an encoded slash'],
    [`/brand/${BRAND}/team%2fmember/x`, 'an encoded slash, lower-case'],
    [`/brand/${BRAND}%5Cedit`, 'an encoded backslash'],
    [`/brand/${BRAND}/%2e%2e/other/edit`, 'an encoded dot-dot segment'],
    [`/brand/${BRAND}/.%2E/edit`, 'a half-encoded dot-dot segment'],
    [`/brand/${BRAND}/%2E/edit`, 'an encoded dot segment'],
    [`/brand/${BRAND}/../edit`, 'a raw dot-dot segment'],
  ])('refuses %s (%s) as not found, for everyone', (path) => {
    expect(decodePathSegments(path)).toBeNull()
    const match = matchRoute(path)
    expect(match.malformed).toBe(true)
    expect(decideAccess(match, signedIn('owner'))).toEqual({ allowed: false, reason: 'notFound' })
    expect(decideAccess(match, visitor)).toEqual({ allowed: false, reason: 'notFound' })
  })
})

describe('header items by job type', () => {
  const ALL = ['product', 'productData', 'assetLibrary', 'atelier', 'notifications', 'contact']
  it.each([
    ['admin', [], ALL],
    ['marketing', ['owner'], ALL],
    ['guest', ['read'], ['product', 'assetLibrary', 'atelier', 'notifications', 'contact']],
    ['marketing', ['read'], ['product', 'assetLibrary', 'atelier', 'notifications', 'contact']],
    ['editor', ['editor'], ALL],
    ['designer', ['editor'], ALL],
    ['vsm', ['editor'], ['productData', 'assetLibrary', 'atelier', 'notifications', 'contact']],
    ['sales rep', ['read'], ['product', 'assetLibrary', 'atelier', 'notifications', 'contact']],
  ] as [string, GrantType[], string[]][])('%s with %j', (jobType, grants, expected) => {
    expect(headerItemsFor(jobType, grants)).toEqual(expected)
  })

  it('shows the dashboard navigation only to owner or editor', () => {
    expect(showsDashboardNavigation(['owner'])).toBe(true)
    expect(showsDashboardNavigation(['editor'])).toBe(true)
    expect(showsDashboardNavigation(['read'])).toBe(false)
    expect(showsDashboardNavigation([])).toBe(false)
  })
})

describe('landing after sign-in', () => {
  it('sends onboarding accounts to settings', () => {
    expect(landingPath({ status: 'onboarding-personal', preferredBrand: BRAND, grants: grantsOf('owner') })).toBe(
      '/settings',
    )
  })
  it('sends to the preferred brand when the user still has a grant on it', () => {
    expect(landingPath({ status: 'onboarded', preferredBrand: BRAND, grants: grantsOf('read') })).toBe(
      `/brand/${BRAND}`,
    )
    expect(landingPath({ status: 'onboarded', preferredBrand: BRAND, grants: [] })).toBe('/brands')
  })
  it('falls back to the brand list', () => {
    expect(landingPath({ status: 'onboarded', preferredBrand: null, grants: grantsOf('owner') })).toBe('/brands')
  })
  it('only returns to same-site paths', () => {
    expect(safeRedirectPath('/brand/x/edit')).toBe('/brand/x/edit')
    expect(safeRedirectPath('//evil.example/x')).toBe('/')
    expect(safeRedirectPath('https://evil.example')).toBe('/')
    expect(safeRedirectPath('/\\evil.example')).toBe('/')
    expect(safeRedirectPath('/\t/evil.example')).toBe('/')
    expect(safeRedirectPath('/\n/evil.example')).toBe('/')
    expect(safeRedirectPath('/ /evil.example')).toBe('/')
    expect(safeRedirectPath('/brands?view=card#top')).toBe('/brands?view=card#top')
    expect(safeRedirectPath(undefined, '/brands')).toBe('/brands')
  })
})

describe('activeHeaderItem', () => {
  it('lights the item with the longest matching path, so upload pages light Product Data only', () => {
    expect(activeHeaderItem('products')).toBe('product')
    expect(activeHeaderItem('products/listing/abc')).toBe('product')
    expect(activeHeaderItem('products/upload')).toBe('productData')
    expect(activeHeaderItem('products/upload/xyz/review')).toBe('productData')
    // The wizard's media steps stay under Product Data, so the highlight does not move within it.
    expect(activeHeaderItem('products/media/upload')).toBe('productData')
    expect(activeHeaderItem('products/media/manage')).toBe('productData')
    expect(activeHeaderItem('products/mediax')).toBe('product')
    expect(activeHeaderItem('atelier')).toBe('atelier')
  })

  it('lights nothing for pages outside the header, or a mere name prefix', () => {
    expect(activeHeaderItem('lines')).toBeNull()
    expect(activeHeaderItem('productsx')).toBeNull()
    expect(activeHeaderItem('')).toBeNull()
  })
})

describe('assetLibraryEnabled', () => {
  it('is true only for server version 3 (atelier.md §6), which this server is', () => {
    expect(assetLibraryEnabled(3)).toBe(true)
    expect(assetLibraryEnabled(2)).toBe(false)
    expect(assetLibraryEnabled(4)).toBe(false)
    expect(assetLibraryEnabled()).toBe(true)
  })
})
