// The demo style's materials (atelier.md §2 Materials step): a fabric, trim, hardware and branding
// with colours per side and pictures, so a new user sees a filled Materials step. The pictures are
// drawn at seed time like the other demo photos (docs/decisions/075) and sit in the file table as
// clean material images.
import { eq, sql } from 'drizzle-orm'
import { demoKey } from '#app/platform/ids'
import type { MaterialColorValue, MaterialTypeKey } from '#app/features/atelier'
import { thumbnailPath } from '#app/features/files'
import type { ServiceDeps } from '#app/platform/context.server'
import { markStyleStep } from '#app/features/atelier/index.server'
import { detailPhotoSvg, ensureImages, type DemoImage } from './demo-images'
import { files, materialStyles, materials } from '#db/schema'
import { DEMO_BRAND_KEY, demoAccountKey } from './demo-keys'
import { demoAtelierStyle } from './seed-atelier-references'

const picture = (body: string, background: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800"><rect width="600" height="800" fill="${background}"/>${body}</svg>`

interface DemoMaterial {
  id: string
  type: MaterialTypeKey
  name: string
  use: string
  colorway: string
  notes: string
  colors: MaterialColorValue[]
  front: () => string
  back: () => string
}

const color = (name: 'front' | 'back', code: string, hexcode: string, pantone: string): MaterialColorValue => ({
  name,
  code,
  hexcode,
  pantone,
  notes: '',
})

const DEMO_MATERIALS: DemoMaterial[] = [
  {
    id: 'linen-twill',
    type: 'fabric',
    name: 'Washed linen twill',
    use: 'Body and sleeves',
    colorway: 'Classic Blue / Sand',
    notes: '180 gsm, garment washed; shrinkage under 3%.',
    colors: [
      color('front', 'Classic Blue', '#0F4C81', '19-4052 TCX'),
      color('back', 'Sand Dollar', '#DECDBE', '13-1106 TCX'),
    ],
    front: () => detailPhotoSvg({ garment: 'shirt', colour: '#0F4C81', season: 'spring_summer' }),
    back: () => detailPhotoSvg({ garment: 'shirt', colour: '#DECDBE', season: 'spring_summer' }),
  },
  {
    id: 'horn-button',
    type: 'trim',
    name: 'Four-hole horn button 18L',
    use: 'Front placket',
    colorway: 'Natural',
    notes: 'Sew with cross stitch.',
    colors: [color('front', 'Mocha Mousse', '#A47864', '17-1230 TCX')],
    front: () =>
      picture(
        '<circle cx="300" cy="400" r="170" fill="#A47864" stroke="#6f4e3f" stroke-width="10"/><circle cx="260" cy="360" r="18" fill="#3b2a22"/><circle cx="340" cy="360" r="18" fill="#3b2a22"/><circle cx="260" cy="440" r="18" fill="#3b2a22"/><circle cx="340" cy="440" r="18" fill="#3b2a22"/>',
        '#f4efe8',
      ),
    back: () =>
      picture('<circle cx="300" cy="400" r="170" fill="#8c6553" stroke="#6f4e3f" stroke-width="10"/>', '#f4efe8'),
  },
  {
    id: 'brass-snap',
    type: 'hardware',
    name: 'Brushed brass snap',
    use: 'Cuffs',
    colorway: 'Brass',
    notes: 'Nickel free.',
    colors: [color('front', 'Brass', '#B5A642', ''), color('back', 'Brass', '#B5A642', '')],
    front: () =>
      picture(
        '<circle cx="300" cy="400" r="160" fill="#B5A642"/><circle cx="300" cy="400" r="110" fill="#cfc067"/><circle cx="300" cy="400" r="40" fill="#8a7e2e"/>',
        '#ecebe6',
      ),
    back: () =>
      picture(
        '<circle cx="300" cy="400" r="160" fill="#9c8f39"/><circle cx="300" cy="400" r="60" fill="#cfc067"/>',
        '#ecebe6',
      ),
  },
  {
    id: 'woven-label',
    type: 'branding',
    name: 'Woven neck label',
    use: 'Centre back neck',
    colorway: 'Black on white',
    notes: 'Damask weave, folded ends.',
    colors: [color('front', 'Black', '#2D2926', 'Black C'), color('back', 'Bright White', '#F4F5F0', '11-0601 TCX')],
    front: () =>
      picture(
        '<rect x="80" y="300" width="440" height="200" rx="8" fill="#F4F5F0" stroke="#2D2926" stroke-width="6"/><text x="300" y="418" font-family="Georgia, serif" font-size="64" text-anchor="middle" fill="#2D2926">DEMO</text>',
        '#d9d6cf',
      ),
    back: () => picture('<rect x="80" y="300" width="440" height="200" rx="8" fill="#F4F5F0"/>', '#d9d6cf'),
  },
]

const pathOf = (id: string, side: 'front' | 'back') => `brands/${DEMO_BRAND_KEY}/materials/${id}-${side}.jpg`

/** Draws the pictures every time (a data folder may have lost them); inserts the rows once. */
export async function seedAtelierMaterials(deps: ServiceDeps): Promise<void> {
  const images: DemoImage[] = DEMO_MATERIALS.flatMap((material) =>
    (['front', 'back'] as const).map((side) => ({
      path: pathOf(material.id, side),
      svg: material[side],
      thumbnail: true,
    })),
  )
  await ensureImages(deps.blobs, images)
  const styleKey = (await demoAtelierStyle(deps.db))?.key ?? null
  if (!styleKey) return
  const [seeded] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(materials)
    .where(eq(materials.brandKey, DEMO_BRAND_KEY))
  if ((seeded?.n ?? 0) > 0) return
  await deps.db.transaction(async (tx) => {
    for (const [index, material] of DEMO_MATERIALS.entries()) {
      const when = new Date(Date.now() - (index + 1) * 3600_000)
      const fileKey = (side: 'front' | 'back') => demoKey(`file:material:${material.id}:${side}`)
      await tx.insert(files).values(
        (['front', 'back'] as const).map((side) => ({
          key: fileKey(side),
          brandKey: DEMO_BRAND_KEY,
          purpose: 'material-image',
          originalName: `${material.id}-${side}.jpg`,
          contentType: 'image/jpeg',
          status: 'available' as const,
          originalKey: pathOf(material.id, side),
          thumbnailKey: thumbnailPath(pathOf(material.id, side)),
          width: 600,
          height: 800,
          uploadedBy: demoAccountKey('editor'),
          created: when,
          modified: when,
          scannedAt: when,
        })),
      )
      const key = demoKey(`material:${material.id}`)
      await tx.insert(materials).values({
        key,
        brandKey: DEMO_BRAND_KEY,
        type: material.type,
        name: material.name,
        use: material.use,
        colorway: material.colorway,
        notes: material.notes,
        colors: material.colors,
        frontFileKey: fileKey('front'),
        backFileKey: fileKey('back'),
        createdBy: demoAccountKey('editor'),
        created: when,
        modified: when,
      })
      await tx.insert(materialStyles).values({ materialKey: key, styleKey, brandKey: DEMO_BRAND_KEY })
    }
    await markStyleStep(tx, styleKey, 'materials', 'inprogress', { onlyIfUnset: true })
  })
}
