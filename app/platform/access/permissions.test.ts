import { describe, expect, it } from 'vitest'
import type { Ability } from '#app/platform/access/abilities'
import {
  activeHeaderItem,
  brandPage,
  collectionScopedPage,
  decideAccess,
  decodePathSegments,
  headerItemsFor,
  assetLibraryEnabled,
  landingPath,
  lineScopedPage,
  publicPage,
  safeRedirectPath,
  signedInPage,
  showsDashboardNavigation,
  type Grant,
  type GrantType,
} from '#app/platform/access/permissions'

const BRAND = 'brandkey1'
const grantsOf = (...types: GrantType[]): Grant[] => types.map((type) => ({ model: 'Brand', model_id: BRAND, type }))
const signedIn = (...types: GrantType[]) => ({ signedIn: true, grants: grantsOf(...types) })
const visitor = { signedIn: false, grants: [] }

const elsewhere = { signedIn: true, grants: [{ model: 'Brand' as const, model_id: 'other', type: 'owner' as const }] }

// What each page requires is declared beside its loader; which path meets which declaration, row
// by row of the spec, is checked in app/routes/route-access.test.ts over the real route tree.
describe("deciding a page's declared access", () => {
  it('lets everyone open a public page', () => {
    expect(decideAccess(publicPage, visitor)).toEqual({ allowed: true })
    expect(decideAccess(publicPage, signedIn())).toEqual({ allowed: true })
  })

  it('sends a visitor to sign in for any other page', () => {
    for (const access of [signedInPage, brandPage('brand.view'), lineScopedPage('brand.view')]) {
      expect(decideAccess(access, visitor, BRAND)).toEqual({ allowed: false, reason: 'signIn' })
    }
    expect(decideAccess(signedInPage, signedIn())).toEqual({ allowed: true })
  })

  it.each([
    ['brand.view', ['owner', 'editor', 'read']],
    ['brand.edit', ['owner', 'editor']],
    ['team.manage', ['owner']],
  ] as [Ability, GrantType[]][])('a brand page needing %s opens for %j, redirects the others', (ability, allowed) => {
    for (const type of ['owner', 'editor', 'read'] as const) {
      const decision = decideAccess(brandPage(ability), signedIn(type), BRAND)
      if (allowed.includes(type)) expect(decision, type).toEqual({ allowed: true })
      else expect(decision, type).toEqual({ allowed: false, reason: 'insufficient', brandKey: BRAND })
    }
    // No grant on this brand at all (only on another one): not revealed.
    expect(decideAccess(brandPage(ability), elsewhere, BRAND)).toEqual({ allowed: false, reason: 'notFound' })
  })

  it('never allows a brand page without a brand, whatever the grants', () => {
    for (const brandKey of [undefined, null, '']) {
      expect(decideAccess(brandPage('brand.view'), signedIn('owner'), brandKey)).toEqual({
        allowed: false,
        reason: 'notFound',
      })
    }
  })

  it('treats line- and collection-scoped pages by the brand resolved from the model', () => {
    expect(collectionScopedPage('brand.view')).toEqual({ kind: 'model', model: 'Collection', ability: 'brand.view' })
    expect(lineScopedPage('brand.view')).toEqual({ kind: 'model', model: 'Line', ability: 'brand.view' })
    expect(decideAccess(collectionScopedPage('brand.view'), signedIn('read'), BRAND)).toEqual({ allowed: true })
    expect(decideAccess(collectionScopedPage('brand.view'), signedIn('read'), null)).toEqual({
      allowed: false,
      reason: 'notFound',
    })
  })

  it('ignores grants on lines or collections when a brand grant is needed', () => {
    const lineOnly = { signedIn: true, grants: [{ model: 'Line' as const, model_id: BRAND, type: 'owner' as const }] }
    expect(decideAccess(brandPage('brand.view'), lineOnly, BRAND)).toEqual({ allowed: false, reason: 'notFound' })
  })
})

// The router decodes percent-escapes before it matches a route and hands pages decoded params;
// a path it could read in more than one way is refused by the guard (404) before any rule.
describe('paths the guard refuses', () => {
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
  ])('refuses %s (%s)', (path) => {
    expect(decodePathSegments(path)).toBeNull()
  })

  it('reads escaped letters and spaces as the router does', () => {
    expect(decodePathSegments(`/brand/${BRAND}/%65dit`)).toEqual(['brand', BRAND, 'edit'])
    expect(decodePathSegments('/brand/a%20b/edit/')).toEqual(['brand', 'a b', 'edit'])
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
