// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).

export interface BrandLook {
  brandKey: string
  brandName: string
  logoUrl: string | null
  heroUrl: string | null
  /** Universal style: the panel around forms. */
  panel: { backgroundColor: string; fontColor: string }
  login: { backgroundColor: string; fontColor: string; backgroundImageUrl: string | null }
  landing: { layout: LandingLayout; backgroundColor: string; fontColor: string; gridImageUrls: (string | null)[] }
}

export type LandingLayout = 'modal' | 'grid'
