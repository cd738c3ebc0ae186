// The header's navigation per job type (access.md §2 "page frame", §6 "Header items by job type")
// and the brand dashboard's navigation.
import { allows, strongestGrant } from '#app/platform/access/abilities'
import type { GrantType } from '#app/platform/access/grants'

export const HEADER_ITEMS = [
  { id: 'product', label: 'Product', path: 'products' },
  { id: 'productData', label: 'Product Data', path: 'products/upload' },
  { id: 'assetLibrary', label: 'Asset Library', path: 'assets_library' },
  { id: 'atelier', label: 'Virtual Atelier', path: 'atelier' },
  { id: 'notifications', label: 'Notifications', path: 'notifications' },
  { id: 'contact', label: 'Contact', path: 'contacts' },
] as const
export type HeaderItemId = (typeof HEADER_ITEMS)[number]['id']

/**
 * The header item of a page inside a brand: the one whose path is the longest prefix of the
 * page's, so the upload pages light Product Data only, not Product as well.
 */
export function activeHeaderItem(pathWithinBrand: string): HeaderItemId | null {
  const path = pathWithinBrand.replace(/^\/+/, '')
  // The upload wizard's later steps (media upload, media management) stay under Product Data.
  if (path === 'products/media' || path.startsWith('products/media/')) return 'productData'
  let best: (typeof HEADER_ITEMS)[number] | null = null
  for (const item of HEADER_ITEMS) {
    const matches = path === item.path || path.startsWith(`${item.path}/`)
    if (matches && (!best || item.path.length > best.path.length)) best = item
  }
  return best?.id ?? null
}

const BASE_ITEMS: HeaderItemId[] = ['product', 'atelier', 'assetLibrary', 'notifications', 'contact']

/**
 * Header items for a job type. Job types the spec does not list (owner, sales rep, delegate)
 * are decided here: owner sees everything like admin; sales rep and delegate see the base set.
 */
export function headerItemsFor(jobType: string, grantTypesOnBrand: readonly GrantType[]): HeaderItemId[] {
  // An owner of the brand (who manages its team) sees every item, as admin does.
  if (jobType === 'admin' || jobType === 'owner' || allows('team.manage', strongestGrant(grantTypesOnBrand))) {
    return HEADER_ITEMS.map((item) => item.id).filter((id) => id !== 'assetLibrary' || assetLibraryEnabled())
  }
  let ids: HeaderItemId[]
  switch (jobType) {
    case 'editor':
    case 'designer':
      ids = [...BASE_ITEMS, 'productData']
      break
    case 'vsm':
      ids = ['productData', 'atelier', 'assetLibrary', 'notifications', 'contact']
      break
    default:
      ids = BASE_ITEMS
  }
  // Keep the header's order stable whatever the job type.
  return HEADER_ITEMS.map((item) => item.id).filter(
    (id) => ids.includes(id) && (id !== 'assetLibrary' || assetLibraryEnabled()),
  )
}

/** The Asset Library needs server API version 3 (access.md §6). */
export const API_VERSION = 3

/** atelier.md §6: the Asset Library is enabled only when the server's version equals 3. */
export function assetLibraryEnabled(version: number = API_VERSION): boolean {
  return version === 3
}

/** Dashboard navigation (lines, collections, company profile, branding) is for owner or editor. */
export function showsDashboardNavigation(grantTypesOnBrand: readonly GrantType[]): boolean {
  return allows('brand.edit', strongestGrant(grantTypesOnBrand))
}
