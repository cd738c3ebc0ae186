// The public face of a brand: logo, hero, grid images and colours from its Branding settings
// (access.md §2 "Branding"). Shown on the brand's login page (/?brand={key}) and invite landing,
// so it holds nothing private: images go out as signed blob URLs, colours as they were saved.
import type { ServiceDeps } from '#app/platform/context.server'
import { brands } from '#db/schema'
import { and, eq, isNull } from 'drizzle-orm'
import type { BrandLook } from './views'
export type { BrandLook, LandingLayout } from './views'

export const DEFAULT_BACKGROUND = '#000000'
export const DEFAULT_FONT = '#ffffff'
export const GRID_IMAGE_SLOTS = ['image_2', 'image_3', 'image_4', 'image_5', 'image_6', 'image_7'] as const

/** The look with nothing customised: black background, white font (access.md §9). */
export function defaultLook(brandKey = '', brandName = 'Brand Portal'): BrandLook {
  return {
    brandKey,
    brandName,
    logoUrl: null,
    heroUrl: null,
    panel: { backgroundColor: DEFAULT_BACKGROUND, fontColor: DEFAULT_FONT },
    login: { backgroundColor: DEFAULT_BACKGROUND, fontColor: DEFAULT_FONT, backgroundImageUrl: null },
    landing: {
      layout: 'modal',
      backgroundColor: DEFAULT_BACKGROUND,
      fontColor: DEFAULT_FONT,
      gridImageUrls: GRID_IMAGE_SLOTS.map(() => null),
    },
  }
}

const HEX = /^#[0-9a-fA-F]{6}$/
const colour = (value: unknown, fallback: string) => (typeof value === 'string' && HEX.test(value) ? value : fallback)

/**
 * The brand's look, or null when there is no such brand or it is archived (an archived brand shows
 * nowhere, its login page included). Public by design (see above).
 */
export async function loadBrandLook(deps: ServiceDeps, brandKey: string): Promise<BrandLook | null> {
  const [brand] = await deps.db
    .select({ key: brands.key, name: brands.name, template: brands.template, assets: brands.assets })
    .from(brands)
    .where(and(eq(brands.key, brandKey), isNull(brands.archivedAt)))
    .limit(1)
  if (!brand) return null
  const template = brand.template as Record<string, Record<string, unknown> | undefined>
  const imageUrl = (slot: string) => {
    const path = brand.assets[slot]?.path
    return path ? deps.blobs.signedUrl(path) : null
  }
  const look = defaultLook(brand.key, brand.name)
  const universal = template.universal ?? {}
  const login = template.login ?? {}
  const landing = template.landing ?? {}
  return {
    ...look,
    logoUrl: imageUrl('logo'),
    heroUrl: imageUrl('hero'),
    panel: {
      backgroundColor: colour(universal.backgroundColor, DEFAULT_BACKGROUND),
      fontColor: colour(universal.fontColor, DEFAULT_FONT),
    },
    login: {
      backgroundColor: colour(login.backgroundColor, DEFAULT_BACKGROUND),
      fontColor: colour(login.fontColor, DEFAULT_FONT),
      backgroundImageUrl: imageUrl('login_background'),
    },
    landing: {
      layout: landing.layout === 'grid' ? 'grid' : 'modal',
      backgroundColor: colour(landing.backgroundColor, DEFAULT_BACKGROUND),
      fontColor: colour(landing.fontColor, DEFAULT_FONT),
      gridImageUrls: GRID_IMAGE_SLOTS.map((slot) => imageUrl(slot)),
    },
  }
}
