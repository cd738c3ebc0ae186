// The demo style's atelier files, so a new user opens a full wizard: a tech pack PDF and flat
// sketch, a DXF pattern with its pattern record, a print and a graphic, additional references in a
// folder tree two deep, and a final file cloned from the sketch; each of those steps completed.
// Files are made here (sharp draws the pictures) and written to the blob store as clean uploads.
// Idempotent: rows are keyed by name, and missing blobs are written again on every run.
import { Readable } from 'node:stream'
import { asc, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { files, graphics, patterns, references, styles, techpacks } from '#db/schema'
import { demoKey } from '#app/platform/ids'
import { thumbnailPath, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '#app/features/files'
import { webPath } from '#app/features/files/index.server'
import type { ServiceDeps } from '#app/platform/context.server'

const DEMO_BRAND = demoKey('brand:demo')
const UPLOADER = demoKey('account:editor')

/** The style every atelier part seeds into: Demo Brand's first by name. */
export async function demoAtelierStyle(db: ServiceDeps['db']): Promise<{ key: string; name: string } | null> {
  const [style] = await db
    .select({ key: styles.key, name: styles.name })
    .from(styles)
    .where(eq(styles.brandKey, DEMO_BRAND))
    .orderBy(asc(styles.name), asc(styles.key))
    .limit(1)
  return style ?? null
}

export interface SeedFile {
  id: string
  name: string
  type: string
  ext: string
  bytes: () => Promise<Buffer>
  image?: boolean
}

export const drawing = (width: number, height: number, background: string, label: string, ink = '#1f2937') =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect width="100%" height="100%" fill="${background}"/>
        <g fill="none" stroke="${ink}" stroke-width="4" stroke-linejoin="round">
          <path d="M${width * 0.35} ${height * 0.18} L${width * 0.2} ${height * 0.3} L${width * 0.27} ${height * 0.42}
                   L${width * 0.32} ${height * 0.38} L${width * 0.32} ${height * 0.82} L${width * 0.68} ${height * 0.82}
                   L${width * 0.68} ${height * 0.38} L${width * 0.73} ${height * 0.42} L${width * 0.8} ${height * 0.3}
                   L${width * 0.65} ${height * 0.18} Q${width * 0.5} ${height * 0.26} ${width * 0.35} ${height * 0.18} Z"/>
        </g>
        <text x="50%" y="${height * 0.93}" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(height / 22)}"
              fill="${ink}" text-anchor="middle">${label}</text>
      </svg>`,
    ),
  )
    .png()
    .toBuffer()

const repeat = (size: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
        <defs><pattern id="p" width="80" height="80" patternUnits="userSpaceOnUse">
          <rect width="80" height="80" fill="#f5e6d3"/>
          <circle cx="20" cy="20" r="12" fill="#c2410c"/><circle cx="60" cy="60" r="9" fill="#65a30d"/>
          <circle cx="60" cy="20" r="5" fill="#1e3a8a"/>
        </pattern></defs>
        <rect width="100%" height="100%" fill="url(#p)"/>
      </svg>`,
    ),
  )
    .png()
    .toBuffer()

/** A one-page PDF saying what a tech pack would, small enough to read in the source. */
function techPackPdf(): Buffer {
  const text = 'BT /F1 18 Tf 72 720 Td (Tech Pack - measurements, construction, trims) Tj ET'
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, i) => {
    offsets.push(body.length)
    body += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body)
}

/** A bodice block outline as DXF lines (AAMA-style layers are beyond a demo). */
function bodiceDxf(): Buffer {
  const points = [
    [0, 0],
    [0, 60],
    [18, 66],
    [30, 60],
    [30, 0],
  ]
  let body = '  0\nSECTION\n  2\nENTITIES\n'
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!
    const [x2, y2] = points[(i + 1) % points.length]!
    body += `  0\nLINE\n  8\nBODICE\n 10\n${x1}.0\n 20\n${y1}.0\n 11\n${x2}.0\n 21\n${y2}.0\n`
  }
  body += '  0\nENDSEC\n  0\nEOF\n'
  return Buffer.from(body)
}

export const FILES: SeedFile[] = [
  {
    id: 'techpack-pdf',
    name: 'Tech pack SS27.pdf',
    type: 'application/pdf',
    ext: 'pdf',
    bytes: async () => techPackPdf(),
  },
  {
    id: 'flat-sketch',
    name: 'Flat sketch front.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(600, 800, '#fafaf9', 'Flat sketch - front'),
  },
  { id: 'bodice-dxf', name: 'Bodice block.dxf', type: 'image/vnd.dxf', ext: 'dxf', bytes: async () => bodiceDxf() },
  { id: 'floral', name: 'Floral repeat.png', type: 'image/png', ext: 'png', image: true, bytes: () => repeat(800) },
  {
    id: 'logo-placement',
    name: 'Logo placement.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(600, 800, '#eef2ff', 'Logo 4 cm below collar', '#1e3a8a'),
  },
  {
    id: 'colour-story',
    name: 'Colour story.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(800, 800, '#fde68a', 'Colour story', '#78350f'),
  },
  {
    id: 'mood',
    name: 'Mood board.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(800, 1200, '#e7e5e4', 'Mood board'),
  },
  {
    id: 'runway',
    name: 'Runway look 12.png',
    type: 'image/png',
    ext: 'png',
    image: true,
    bytes: () => drawing(1600, 900, '#d6d3d1', 'Runway look 12'),
  },
]

const fileKey = (id: string) => demoKey(`atelier-file:${id}`)
const refKey = (id: string) => demoKey(`atelier-ref:${id}`)
const originalKeyOf = (file: SeedFile) => `brands/${DEMO_BRAND}/files/${fileKey(file.id)}.${file.ext}`

export async function blobExists(deps: ServiceDeps, key: string): Promise<boolean> {
  const blob = await deps.blobs.get(key)
  blob?.stream.destroy()
  return blob !== null
}

/** Writes a seed file's original (and an image's thumbnail and web size) where they are missing. */
export async function ensureBlobs(
  deps: ServiceDeps,
  file: SeedFile,
  originalKey = originalKeyOf(file),
): Promise<{ size: number; width?: number; height?: number }> {
  const data = await file.bytes()
  const put = async (key: string, bytes: Buffer, contentType: string) => {
    if (await blobExists(deps, key)) return
    await deps.blobs.put(key, Readable.from([bytes]), { contentType, maxBytes: bytes.length })
  }
  await put(originalKey, data, file.type)
  if (!file.image) return { size: data.length }
  const thumbnail = await sharp(data).resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover' }).png().toBuffer()
  await put(thumbnailPath(originalKey), thumbnail, file.type)
  await put(webPath(originalKey), data, file.type)
  const { width, height } = await sharp(data).metadata()
  return { size: data.length, width, height }
}

/** The file record of a seed file, clean as if scanned, uploaded by the demo designer. */
export function seedFileRow(
  file: SeedFile,
  key: string,
  originalKey: string,
  purpose: string,
  sizes: { size: number; width?: number; height?: number },
): typeof files.$inferInsert {
  return {
    key,
    brandKey: DEMO_BRAND,
    purpose,
    originalName: file.name,
    size: sizes.size,
    contentType: file.type,
    status: 'available',
    scanResult: { verdict: 'clean', check: 'seed', detail: 'Made by the demo seed.' },
    originalKey,
    thumbnailKey: file.image ? thumbnailPath(originalKey) : null,
    webKey: file.image ? webPath(originalKey) : null,
    width: sizes.width ?? null,
    height: sizes.height ?? null,
    uploadedBy: UPLOADER,
    scannedAt: new Date(),
  }
}

export async function seedAtelierReferences(deps: ServiceDeps): Promise<void> {
  const style = await demoAtelierStyle(deps.db)
  if (!style) return
  const already = await deps.db
    .select({ key: references.key })
    .from(references)
    .where(inArray(references.key, [refKey('flat-sketch')]))
  const seeded = already.length > 0
  const made = new Map<string, { size: number; width?: number; height?: number }>()
  for (const file of FILES) {
    // Drawn only when a blob is missing: later starts cost one lookup per file.
    if (seeded && (await blobExists(deps, originalKeyOf(file)))) continue
    made.set(file.id, await ensureBlobs(deps, file))
  }
  if (seeded) return

  const techpack = demoKey('atelier-techpack')
  const graphicsBox = demoKey('atelier-graphics')
  const inspiration = refKey('folder-inspiration')
  const runway = refKey('folder-runway')
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(files)
      .values(
        FILES.map((file) => seedFileRow(file, fileKey(file.id), originalKeyOf(file), 'style-file', made.get(file.id)!)),
      )
    await tx.insert(techpacks).values({ key: techpack, brandKey: DEMO_BRAND, styleKey: style.key, name: 'Tech Pack' })
    await tx
      .insert(graphics)
      .values({ key: graphicsBox, brandKey: DEMO_BRAND, styleKey: style.key, name: 'Graphics & prints' })
    await tx.insert(patterns).values({
      key: demoKey('atelier-pattern:bodice'),
      brandKey: DEMO_BRAND,
      styleKey: style.key,
      name: 'Bodice block',
      notes: 'Size 38 base, graded with the RUL table of the block library.',
      assetType: 'pattern',
      digitization: 'done',
    })
    const base = { brandKey: DEMO_BRAND, styleKey: style.key, createdBy: UPLOADER }
    const file = (id: string, type: string) => ({ key: refKey(id), fileKey: fileKey(id), type })
    const onStyle = { model: 'Style', modelKey: style.key }
    await tx.insert(references).values([
      {
        ...base,
        ...file('techpack-pdf', 'pdf'),
        name: 'Tech pack SS27.pdf',
        model: 'Techpack',
        modelKey: techpack,
        step: 'techpack',
        position: 1,
      },
      {
        ...base,
        ...file('flat-sketch', 'image'),
        name: 'Flat sketch front.png',
        model: 'Techpack',
        modelKey: techpack,
        step: 'techpack',
        position: 2,
      },
      {
        ...base,
        ...file('bodice-dxf', 'pattern'),
        ...onStyle,
        name: 'Bodice block.dxf',
        step: 'patterns',
        assetType: 'pattern',
      },
      {
        ...base,
        ...file('floral', 'image'),
        name: 'Floral repeat.png',
        model: 'Graphics',
        modelKey: graphicsBox,
        step: 'graphics',
        kind: 'print',
        assetType: 'print',
      },
      {
        ...base,
        ...file('logo-placement', 'image'),
        name: 'Logo placement.png',
        model: 'Graphics',
        modelKey: graphicsBox,
        step: 'graphics',
        kind: 'graphic',
      },
      {
        ...base,
        ...onStyle,
        key: inspiration,
        type: 'folder',
        name: 'Inspiration',
        pathname: 'Inspiration',
        step: 'references',
      },
      {
        ...base,
        ...onStyle,
        key: runway,
        type: 'folder',
        name: 'Runway',
        pathname: 'Inspiration/Runway',
        step: 'references',
        path: [inspiration],
      },
      { ...base, ...file('colour-story', 'image'), ...onStyle, name: 'Colour story.png', step: 'references' },
      {
        ...base,
        ...file('mood', 'image'),
        ...onStyle,
        name: 'Mood board.png',
        step: 'references',
        path: [inspiration],
      },
      {
        ...base,
        ...file('runway', 'image'),
        ...onStyle,
        name: 'Runway look 12.png',
        step: 'references',
        path: [inspiration, runway],
      },
      // The approved sketch, cloned as Final: the same file, tagged final.
      {
        ...base,
        ...onStyle,
        key: refKey('final-sketch'),
        fileKey: fileKey('flat-sketch'),
        type: 'image',
        name: 'Flat sketch front.png',
        step: 'final',
        tags: ['final'],
      },
    ])
    await tx
      .update(styles)
      .set({
        statusTechpack: 'completed',
        statusPatterns: 'completed',
        statusGraphics: 'completed',
        statusReferences: 'completed',
        statusFinal: 'completed',
        modified: new Date(),
      })
      .where(eq(styles.key, style.key))
  })
}
