// Pictures of the demo workspace, drawn here as SVG and rendered by sharp, so a fresh portal looks
// like a studio's catalogue without binaries in the repository: Demo Brand's logo and hero, and a
// front shot and a fabric detail of each garment in each colour and collection. They are made at
// seed time into the blob store (DATA_DIR/blobs by default), once: a file already there is kept.
// Shapes are simple on purpose (a garment on a hanger against a seasonal studio backdrop); what
// makes them read as photos is the light, the shadow and the weave of the cloth.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp from 'sharp'
import { demoKey } from '#app/platform/ids'
import { createQueue } from '#app/platform/queue'
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, thumbnailPath } from '#app/features/files'
import type { BlobStore } from '#app/infra/blob-store.server'

/** Product photos are 3:4 (catalogue.md §9). */
export const PHOTO_WIDTH = 600
export const PHOTO_HEIGHT = 800

export type GarmentKind = 'shirt' | 'trouser' | 'dress' | 'jacket' | 'cardigan'
export type Season = 'spring_summer' | 'fall_winter' | 'resort' | 'pre_fall'

export interface PhotoSpec {
  garment: GarmentKind
  /** The cloth's colour (the listing's colour hex code). */
  colour: string
  season: Season
}

/** Studio backdrops per season: the sweep's light and dark end, and the floor's shadow tone. */
const PALETTES: Record<Season, { light: string; dark: string; accent: string }> = {
  spring_summer: { light: '#f3efe6', dark: '#c9d8da', accent: '#e8d9bf' },
  fall_winter: { light: '#e4ded6', dark: '#9d948b', accent: '#6f5f52' },
  resort: { light: '#f6ead9', dark: '#d8b493', accent: '#c98f6a' },
  pre_fall: { light: '#ece6da', dark: '#b4a88e', accent: '#7d6b4f' },
}

/** Outlines in a 600 × 800 frame, the hanger's hook at the top centre. */
const SILHOUETTES: Record<GarmentKind, { outline: string; details: string; hanger: boolean; weave: Weave }> = {
  shirt: {
    outline:
      'M240 150 L205 158 L132 192 Q112 202 108 228 L78 488 L126 498 L166 300 L170 700 Q300 716 430 700 L434 300 L474 498 L522 488 L492 228 Q488 202 468 192 L395 158 L360 150 Q300 182 240 150 Z',
    details:
      '<path d="M240 150 L268 206 L300 184 L332 206 L360 150 Q300 180 240 150 Z" fill="url(#cloth)" stroke="rgba(0,0,0,.25)" stroke-width="1.5"/>' +
      '<line x1="300" y1="186" x2="300" y2="706" stroke="rgba(0,0,0,.22)" stroke-width="2"/>' +
      [240, 310, 380, 450, 520, 590]
        .map((y) => `<circle cx="308" cy="${y}" r="5" fill="#f4f1ea" stroke="rgba(0,0,0,.3)"/>`)
        .join('') +
      '<path d="M200 330 Q210 470 196 640 M404 330 Q394 470 408 640" stroke="rgba(0,0,0,.10)" stroke-width="6" fill="none"/>' +
      '<path d="M372 232 h42 v48 h-42 Z" fill="none" stroke="rgba(0,0,0,.18)" stroke-width="1.5"/>',
    hanger: true,
    weave: 'linen',
  },
  trouser: {
    outline: 'M196 120 L404 120 L426 700 L318 706 L300 310 L282 706 L174 700 Z',
    details:
      '<rect x="196" y="120" width="208" height="34" fill="rgba(0,0,0,.10)"/>' +
      '<path d="M252 156 L246 700 M348 156 L354 700" stroke="rgba(0,0,0,.16)" stroke-width="2" fill="none"/>' +
      '<path d="M300 156 L300 300" stroke="rgba(0,0,0,.22)" stroke-width="2"/>' +
      '<path d="M206 168 Q236 196 232 236 M394 168 Q364 196 368 236" stroke="rgba(0,0,0,.2)" stroke-width="2" fill="none"/>' +
      [226, 270, 330, 374]
        .map((x) => `<rect x="${x - 4}" y="116" width="8" height="42" fill="rgba(0,0,0,.14)"/>`)
        .join(''),
    hanger: false,
    weave: 'twill',
  },
  dress: {
    outline:
      'M252 140 L222 148 L184 176 L202 266 L218 258 L228 380 Q184 530 128 712 Q300 740 472 712 Q416 530 372 380 L382 258 L398 266 L416 176 L378 148 L348 140 Q300 290 252 140 Z',
    details:
      '<path d="M228 376 Q300 392 372 376 L374 398 Q300 414 226 398 Z" fill="rgba(0,0,0,.16)"/>' +
      '<path d="M360 394 Q378 470 362 540 M368 396 Q398 462 396 520" stroke="url(#cloth)" stroke-width="12" fill="none" stroke-linecap="round"/>' +
      '<path d="M252 140 Q300 290 348 140" stroke="rgba(0,0,0,.2)" stroke-width="2" fill="none"/>' +
      '<path d="M240 420 Q226 560 196 700 M300 410 Q300 560 300 716 M360 420 Q376 560 404 700" stroke="rgba(0,0,0,.10)" stroke-width="8" fill="none"/>',
    hanger: true,
    weave: 'drape',
  },
  jacket: {
    outline:
      'M232 150 L152 184 Q126 196 122 224 L98 490 L148 498 L172 300 L172 520 L428 520 L428 300 L452 498 L502 490 L478 224 Q474 196 448 184 L368 150 Z',
    details:
      '<path d="M232 150 L268 150 L300 330 L258 234 L236 246 Z M368 150 L332 150 L300 330 L342 234 L364 246 Z" fill="rgba(0,0,0,.14)" stroke="rgba(0,0,0,.25)" stroke-width="1.5"/>' +
      '<line x1="300" y1="330" x2="300" y2="520" stroke="rgba(0,0,0,.25)" stroke-width="2"/>' +
      '<circle cx="312" cy="380" r="7" fill="#2a2420"/><circle cx="312" cy="450" r="7" fill="#2a2420"/>' +
      '<path d="M196 420 h70 M334 420 h70" stroke="rgba(0,0,0,.25)" stroke-width="3"/>' +
      '<rect x="172" y="500" width="256" height="20" fill="rgba(0,0,0,.12)"/>',
    hanger: true,
    weave: 'canvas',
  },
  cardigan: {
    outline:
      'M238 150 L200 160 L130 196 Q110 208 106 236 L80 560 L130 568 L166 310 L166 640 Q300 656 434 640 L434 310 L470 568 L520 560 L494 236 Q490 208 470 196 L400 160 L362 150 Q330 300 300 380 Q270 300 238 150 Z',
    details:
      '<path d="M238 150 Q270 300 300 380 Q330 300 362 150" stroke="rgba(0,0,0,.22)" stroke-width="14" fill="none"/>' +
      '<line x1="300" y1="380" x2="300" y2="652" stroke="rgba(0,0,0,.22)" stroke-width="12"/>' +
      [420, 480, 540, 600]
        .map((y) => `<circle cx="312" cy="${y}" r="6" fill="#efe7d8" stroke="rgba(0,0,0,.3)"/>`)
        .join('') +
      '<rect x="166" y="606" width="268" height="40" fill="url(#rib)"/>' +
      '<path d="M80 540 L130 548 L128 568 L80 560 Z M520 540 L470 548 L472 568 L520 560 Z" fill="url(#rib)"/>',
    hanger: true,
    weave: 'knit',
  },
}

type Weave = 'linen' | 'twill' | 'drape' | 'canvas' | 'knit'

/** The cloth's surface: a noise filter shaped like the weave, laid over the colour. */
const WEAVES: Record<Weave, { frequency: string; octaves: number; opacity: number }> = {
  linen: { frequency: '0.9 0.06', octaves: 2, opacity: 0.16 },
  twill: { frequency: '0.35 0.35', octaves: 2, opacity: 0.2 },
  drape: { frequency: '0.01 0.04', octaves: 1, opacity: 0.12 },
  canvas: { frequency: '0.6 0.6', octaves: 1, opacity: 0.22 },
  knit: { frequency: '0.05 0.55', octaves: 3, opacity: 0.3 },
}

/** A colour's relative lightness 0–1, to keep highlights and shadows visible on black and white. */
function lightness(hex: string): number {
  const value = Number.parseInt(hex.replace('#', ''), 16)
  const r = (value >> 16) & 255
  const g = (value >> 8) & 255
  const b = value & 255
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

function clothDefs(colour: string, weave: Weave, id = 'cloth'): string {
  const { frequency, octaves, opacity } = WEAVES[weave]
  const light = lightness(colour)
  return `
    <filter id="${id}-weave" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="${octaves}" seed="7" result="noise"/>
      <feColorMatrix in="noise" type="matrix" values="0 0 0 0 ${light > 0.5 ? 0 : 1}  0 0 0 0 ${light > 0.5 ? 0 : 1}  0 0 0 0 ${light > 0.5 ? 0 : 1}  0 0 0 ${opacity * 2.2} -${opacity * 0.6}"/>
    </filter>
    <linearGradient id="${id}-light" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="${light > 0.8 ? 0.1 : 0.22}"/>
      <stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="${light < 0.15 ? 0.1 : 0.28}"/>
    </linearGradient>
    <pattern id="${id}-rib" width="8" height="8" patternUnits="userSpaceOnUse">
      <rect width="8" height="8" fill="${colour}"/><rect width="3" height="8" fill="rgba(0,0,0,.18)"/>
    </pattern>
    <linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${colour}"/><stop offset="1" stop-color="${colour}"/>
    </linearGradient>`
}

function backdrop(season: Season, width: number, height: number): { defs: string; body: string } {
  const palette = PALETTES[season]
  return {
    defs: `
    <radialGradient id="sweep" cx="0.5" cy="0.32" r="0.85">
      <stop offset="0" stop-color="${palette.light}"/>
      <stop offset="0.7" stop-color="${palette.dark}" stop-opacity="0.85"/>
      <stop offset="1" stop-color="${palette.dark}"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.accent}" stop-opacity="0"/>
      <stop offset="1" stop-color="${palette.accent}" stop-opacity="0.35"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="18"/></filter>
`,
    body: `
    <rect width="${width}" height="${height}" fill="url(#sweep)"/>
    <rect y="${height * 0.78}" width="${width}" height="${height * 0.22}" fill="url(#floor)"/>`,
  }
}

/** A garment drawn at the origin of the 600 × 800 frame. */
function garmentGroup(spec: PhotoSpec, id: string): { defs: string; body: string } {
  const shape = SILHOUETTES[spec.garment]
  const hanger = shape.hanger
    ? `<path d="M300 96 Q300 70 318 70 Q334 72 332 88" stroke="#8a8f96" stroke-width="5" fill="none" stroke-linecap="round"/>
       <path d="M300 96 L196 150 Q300 138 404 150 Z" fill="#a57a52" stroke="#7d5a3a" stroke-width="3"/>`
    : `<path d="M300 96 Q300 70 318 70 Q334 72 332 88" stroke="#8a8f96" stroke-width="5" fill="none" stroke-linecap="round"/>
       <path d="M300 96 L180 116 L420 116 Z" fill="none" stroke="#8a8f96" stroke-width="5"/>
       <rect x="170" y="108" width="260" height="12" rx="3" fill="#5d6066"/>`
  return {
    defs: `${clothDefs(spec.colour, shape.weave, id)}
    <clipPath id="${id}-clip"><path d="${shape.outline}"/></clipPath>`,
    body: `
    <ellipse cx="300" cy="742" rx="190" ry="20" fill="rgba(0,0,0,.28)" filter="url(#soft)"/>
    <path d="${shape.outline}" transform="translate(10 14)" fill="rgba(0,0,0,.22)" filter="url(#soft)"/>
    ${hanger}
    <g clip-path="url(#${id}-clip)">
      <rect width="600" height="800" fill="${spec.colour}"/>
      <rect width="600" height="800" filter="url(#${id}-weave)"/>
      ${shape.details.replaceAll('url(#rib)', `url(#${id}-rib)`).replaceAll('url(#cloth)', `url(#${id})`)}
      <rect width="600" height="800" fill="url(#${id}-light)"/>
    </g>
    <path d="${shape.outline}" fill="none" stroke="rgba(0,0,0,.28)" stroke-width="1.5"/>`,
  }
}

/** The front shot: the garment on its hanger in the collection's studio light. */
export function frontPhotoSvg(spec: PhotoSpec): string {
  const scene = backdrop(spec.season, PHOTO_WIDTH, PHOTO_HEIGHT)
  const garment = garmentGroup(spec, 'cloth')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 600 800">
  <defs>${scene.defs}${garment.defs}</defs>${scene.body}${garment.body}</svg>`
}

/** The detail shot: the cloth up close, folded, with a seam and a button. */
export function detailPhotoSvg(spec: PhotoSpec): string {
  const shape = SILHOUETTES[spec.garment]
  const { frequency, octaves, opacity } = WEAVES[shape.weave]
  const scale = frequency
    .split(' ')
    .map((value) => Number(value) / 2.5)
    .join(' ')
  const light = lightness(spec.colour)
  const ink = light > 0.5 ? 0 : 1
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 600 800">
  <defs>
    <filter id="weave" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="${scale}" numOctaves="${octaves}" seed="11"/>
      <feColorMatrix type="matrix" values="0 0 0 0 ${ink}  0 0 0 0 ${ink}  0 0 0 0 ${ink}  0 0 0 ${opacity * 2.4} -${opacity * 0.6}"/>
    </filter>
    <linearGradient id="fold" x1="0" y1="0" x2="1" y2="0.3">
      <stop offset="0" stop-color="#000" stop-opacity="0.25"/>
      <stop offset="0.35" stop-color="#fff" stop-opacity="0.18"/>
      <stop offset="0.6" stop-color="#000" stop-opacity="0.2"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0.1"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="10"/></filter>
  </defs>
  <rect width="600" height="800" fill="${spec.colour}"/>
  <rect width="600" height="800" filter="url(#weave)"/>
  <rect width="600" height="800" fill="url(#fold)"/>
  <path d="M0 520 Q300 470 600 540 L600 800 L0 800 Z" fill="rgba(0,0,0,.18)" filter="url(#soft)"/>
  <path d="M0 500 Q300 452 600 520" stroke="${ink ? 'rgba(255,255,255,.55)' : 'rgba(0,0,0,.45)'}" stroke-width="3" stroke-dasharray="14 9" fill="none"/>
  <circle cx="420" cy="300" r="34" fill="#efe7d8" stroke="rgba(0,0,0,.35)" stroke-width="3"/>
  <circle cx="410" cy="292" r="4" fill="#8d8373"/><circle cx="430" cy="292" r="4" fill="#8d8373"/>
  <circle cx="410" cy="310" r="4" fill="#8d8373"/><circle cx="430" cy="310" r="4" fill="#8d8373"/>
</svg>`
}

/** The hero: the collection's pieces on a rail across a wide studio. */
export function heroSvg(pieces: PhotoSpec[], season: Season): string {
  const width = 1920
  const height = 800
  const scene = backdrop(season, width, height)
  const step = width / (pieces.length + 1)
  const groups = pieces.map((piece, index) => {
    const garment = garmentGroup(piece, `cloth${index}`)
    const x = step * (index + 1) - 300 * 0.82
    return { defs: garment.defs, body: `<g transform="translate(${x} 40) scale(0.82 0.9)">${garment.body}</g>` }
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${scene.defs}${groups.map((g) => g.defs).join('')}</defs>${scene.body}
  <rect x="60" y="96" width="${width - 120}" height="10" rx="5" fill="#5d6066"/>
  ${groups.map((g) => g.body).join('')}
  <text x="${width - 80}" y="${height - 60}" text-anchor="end" font-family="DejaVu Serif" font-size="54" letter-spacing="10" fill="rgba(40,34,30,.78)">DEMO BRAND</text>
</svg>`
}

/** The wordmark: a monogram in a ring and the name, on a transparent ground. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="240" viewBox="0 0 720 240">
  <circle cx="120" cy="120" r="92" fill="none" stroke="#1f1b18" stroke-width="6"/>
  <circle cx="120" cy="120" r="78" fill="none" stroke="#b7410e" stroke-width="2"/>
  <text x="120" y="146" text-anchor="middle" font-family="DejaVu Serif" font-size="78" fill="#1f1b18">DB</text>
  <text x="250" y="118" font-family="DejaVu Serif" font-size="62" letter-spacing="14" fill="#1f1b18">DEMO</text>
  <text x="254" y="178" font-family="DejaVu Sans" font-size="30" letter-spacing="24" fill="#6b625a">BRAND</text>
</svg>`
}

/** Renders at most two images at once: seeding must not starve a portal serving pages. */
const rendering = createQueue(2)

/** Bumped when the drawings change, so cached renders of older drawings are not reused. */
const DRAWING_VERSION = 2

/**
 * Renders are kept in a folder of the machine, by a hash of what was drawn: every portal started on
 * it (each test portal has a DATA_DIR of its own) copies them instead of drawing again.
 */
export function renderCacheDir(): string {
  return process.env.DEMO_IMAGE_CACHE || path.join(os.tmpdir(), 'brand-portal-demo-images')
}

type Format = 'jpeg' | 'png'

async function render(svg: string, format: Format, resize?: { width: number; height: number }): Promise<Buffer> {
  const hash = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, format, resize ?? null, svg]))
    .digest('hex')
  const file = path.join(renderCacheDir(), `${hash}.${format}`)
  try {
    return await fs.promises.readFile(file)
  } catch {
    // not rendered on this machine yet
  }
  const data = await rendering.run(async () => {
    let image = sharp(Buffer.from(svg))
    if (resize) image = image.resize(resize.width, resize.height, { fit: 'cover' })
    return format === 'png'
      ? image.png({ compressionLevel: 9 }).toBuffer()
      : image.jpeg({ quality: 84, mozjpeg: true }).toBuffer()
  })
  // Written aside and renamed, so a portal starting at the same moment never reads half a file.
  await fs.promises.mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await fs.promises.writeFile(temporary, data)
  await fs.promises.rename(temporary, file)
  return data
}

async function exists(blobs: BlobStore, key: string): Promise<boolean> {
  const blob = await blobs.get(key)
  if (!blob) return false
  blob.stream.destroy()
  return true
}

export interface DemoImage {
  /** The blob key; .jpg or .png. */
  path: string
  svg: () => string
  /** Also store the `_300x400` thumbnail next to it (product photos). */
  thumbnail?: boolean
}

/**
 * Stores each image (and its thumbnail) that the blob store does not hold yet. Idempotent; returns
 * how many blobs it wrote.
 */
export async function ensureImages(blobs: BlobStore, images: DemoImage[]): Promise<number> {
  let written = 0
  await Promise.all(
    images.map(async (image) => {
      const format: Format = image.path.endsWith('.png') ? 'png' : 'jpeg'
      const contentType = `image/${format}`
      const wanted = [{ key: image.path, resize: undefined as { width: number; height: number } | undefined }]
      if (image.thumbnail) {
        wanted.push({ key: thumbnailPath(image.path), resize: { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT } })
      }
      for (const { key, resize } of wanted) {
        if (await exists(blobs, key)) continue
        const data = await render(image.svg(), format, resize)
        await blobs.put(key, Readable.from([data]), { contentType, maxBytes: data.length })
        written++
      }
    }),
  )
  return written
}

/** Where the demo photos of a garment in a colour and season live, in a brand's blob folder. */
export function photoPaths(brandKey: string, spec: PhotoSpec): { front: string; detail: string } {
  const base = `brands/${brandKey}/listings/${spec.garment}-${spec.colour.replace('#', '')}`
  // The detail is the cloth alone, the same in every season.
  return { front: `${base}-${spec.season}-front.jpg`, detail: `${base}-detail.jpg` }
}

export function photoImages(brandKey: string, spec: PhotoSpec): DemoImage[] {
  const paths = photoPaths(brandKey, spec)
  return [
    { path: paths.front, svg: () => frontPhotoSvg(spec), thumbnail: true },
    { path: paths.detail, svg: () => detailPhotoSvg(spec), thumbnail: true },
  ]
}

/** A listing's media (catalogue.md §3): shot name → media item, front first. */
export function listingMedia(brandKey: string, spec: PhotoSpec, created: Date): Record<string, unknown> {
  const paths = photoPaths(brandKey, spec)
  const time = Math.floor(created.getTime() / 1000)
  const item = (name: string, path: string, position: number) => ({
    key: demoKey(`media:${path}`),
    name: path.slice(path.lastIndexOf('/') + 1),
    type: 'image',
    status: 'active',
    created: time,
    modified: time,
    position,
    path,
    original: path,
    progress: 1,
    assets: { image: { path } },
    shot: name,
  })
  return { front: item('front', paths.front, 1), detail: item('detail', paths.detail, 2) }
}
