// The demo's catalogue: garments, colours, sizes, collections, its listings and images.
import { heroSvg, logoSvg, photoImages, type DemoImage, type PhotoSpec } from './demo-images'
import { DEMO_BRAND_KEY } from './demo-keys'

export const GARMENTS = [
  ['Linen Shirt', 'Tops', 'Linen 100%', 'shirt'],
  ['Pleated Trouser', 'Bottoms', 'Wool 70% Polyester 30%', 'trouser'],
  ['Wrap Dress', 'Dresses', 'Viscose 100%', 'dress'],
  ['Cropped Jacket', 'Outerwear', 'Cotton 98% Elastane 2%', 'jacket'],
  ['Knit Cardigan', 'Knitwear', 'Merino wool 100%', 'cardigan'],
] as const
export const COLOURS = [
  { name: 'Ivory', hexCode: '#f4efe6', pantone: '11-0507 TCX', code: 'IVR' },
  { name: 'Black', hexCode: '#111111', pantone: '19-4005 TCX', code: 'BLK' },
  { name: 'Sage', hexCode: '#9caf88', pantone: '15-6316 TCX', code: 'SGE' },
  { name: 'Navy', hexCode: '#1f2a44', pantone: '19-3923 TCX', code: 'NVY' },
  { name: 'Rust', hexCode: '#b7410e', pantone: '18-1248 TCX', code: 'RST' },
] as const
export const SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const

export const DEMO_COLLECTIONS = [
  { id: 'ss26', name: 'Coastal Light', season: 'spring_summer', year: 2026, line: 'womenswear' },
  { id: 'fw26', name: 'Northern Wool', season: 'fall_winter', year: 2026, line: 'womenswear' },
  { id: 'core', name: 'Core Resort', season: 'resort', year: 2027, line: 'essentials' },
] as const

/** What the i-th demo listing is: garment, colour, size and collection, and so its photos. */
export function demoListing(i: number) {
  const garment = GARMENTS[i % GARMENTS.length]!
  const colour = COLOURS[Math.floor(i / GARMENTS.length) % COLOURS.length]!
  const collection = DEMO_COLLECTIONS[i % DEMO_COLLECTIONS.length]!
  const photo: PhotoSpec = { garment: garment[3], colour: colour.hexCode, season: collection.season }
  return { garment, colour, collection, photo }
}
export const DEMO_LISTING_COUNT = 50

export const DEMO_LOGO_PATH = `brands/${DEMO_BRAND_KEY}/demo-logo.png`
export const DEMO_HERO_PATH = `brands/${DEMO_BRAND_KEY}/demo-hero.jpg`

/** The demo's pictures: logo, hero and the photos of its listings (seed/demo-images.ts). */
export function demoImages(): DemoImage[] {
  const photos = new Map<string, DemoImage>()
  for (let i = 0; i < DEMO_LISTING_COUNT; i++) {
    for (const image of photoImages(DEMO_BRAND_KEY, demoListing(i).photo)) photos.set(image.path, image)
  }
  const heroPieces: PhotoSpec[] = GARMENTS.map((garment, g) => ({
    garment: garment[3],
    colour: COLOURS[(g + 2) % COLOURS.length]!.hexCode,
    season: 'spring_summer',
  }))
  return [
    { path: DEMO_LOGO_PATH, svg: logoSvg },
    { path: DEMO_HERO_PATH, svg: () => heroSvg(heroPieces, 'spring_summer') },
    ...photos.values(),
  ]
}
