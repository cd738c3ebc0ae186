// Crop rectangles and image slots, shared by the crop area in the browser and the server that
// crops with sharp. A rectangle is in percent of the image (0–100), so it does not depend on the
// size the image is shown at; the server turns it into pixels of the stored original.

export interface CropRect {
  x: number
  y: number
  width: number
  height: number
}

export interface PixelRect {
  left: number
  top: number
  width: number
  height: number
}

export const SELECT_CROP_AREA = 'Select crop area'
export const CROP_FIELDS_MESSAGE = 'The crop area must lie inside the image (x, y, width and height in percent).'

export const GRID_SLOTS = ['image_2', 'image_3', 'image_4', 'image_5', 'image_6', 'image_7'] as const
export const BRAND_IMAGE_SLOTS = ['logo', 'hero', 'login_background', ...GRID_SLOTS] as const
export type BrandImageSlot = (typeof BRAND_IMAGE_SLOTS)[number]

export interface SlotSpec {
  label: string
  /** Width ÷ height of the crop, or null for a free crop. */
  aspect: number | null
  hint: string | null
  /** Logos keep transparency (PNG); everything else is stored as JPEG. */
  keepTransparency: boolean
  /** Longest side of the stored result, in pixels. */
  maxSide: number
  round?: boolean
}

const LOGO_HINT = 'Suggested logo is at least 200 px high'
const BACKGROUND_HINT = 'Suggested background is at least 1920 px wide'

export const SLOT_SPECS: Record<BrandImageSlot, SlotSpec> = {
  logo: { label: 'Logo', aspect: null, hint: LOGO_HINT, keepTransparency: true, maxSide: 1200 },
  hero: { label: 'Hero image', aspect: null, hint: BACKGROUND_HINT, keepTransparency: false, maxSide: 2560 },
  login_background: {
    label: 'Login background image',
    aspect: null,
    hint: BACKGROUND_HINT,
    keepTransparency: false,
    maxSide: 2560,
  },
  ...(Object.fromEntries(
    GRID_SLOTS.map((slot) => [
      slot,
      // Product photos are 3:4 across the portal (design notes, ui.md).
      { label: `Grid image ${slot.slice(-1)}`, aspect: 3 / 4, hint: null, keepTransparency: false, maxSide: 1600 },
    ]),
  ) as Record<(typeof GRID_SLOTS)[number], SlotSpec>),
}

/** The profile picture: a circle on screen, a square JPEG in storage (access.md §9). */
export const PROFILE_PICTURE_SPEC: SlotSpec = {
  label: 'Profile picture',
  aspect: 1,
  hint: null,
  keepTransparency: false,
  maxSide: 512,
  round: true,
}

export function isBrandImageSlot(value: unknown): value is BrandImageSlot {
  return typeof value === 'string' && (BRAND_IMAGE_SLOTS as readonly string[]).includes(value)
}

const round2 = (value: number) => Math.round(value * 100) / 100

/** The whole image, or the largest centred rectangle of the aspect. */
export function defaultCrop(imageWidth: number, imageHeight: number, aspect: number | null): CropRect {
  if (!aspect) return { x: 0, y: 0, width: 100, height: 100 }
  const imageAspect = imageWidth / imageHeight
  if (imageAspect > aspect) {
    const width = round2((aspect / imageAspect) * 100)
    return { x: round2((100 - width) / 2), y: 0, width, height: 100 }
  }
  const height = round2((imageAspect / aspect) * 100)
  return { x: 0, y: round2((100 - height) / 2), width: 100, height }
}

/** Keeps a rectangle inside the image; null when nothing of it is left. */
export function clampCrop(rect: CropRect): CropRect | null {
  const values = [rect.x, rect.y, rect.width, rect.height]
  if (values.some((value) => !Number.isFinite(value))) return null
  const x = Math.min(Math.max(rect.x, 0), 100)
  const y = Math.min(Math.max(rect.y, 0), 100)
  const width = Math.min(rect.width + Math.min(rect.x, 0), 100 - x)
  const height = Math.min(rect.height + Math.min(rect.y, 0), 100 - y)
  if (width <= 0 || height <= 0) return null
  return { x: round2(x), y: round2(y), width: round2(width), height: round2(height) }
}

/** Shrinks a rectangle to the aspect (of pixels, not percent), centred on where it was. */
export function fitAspect(rect: CropRect, imageWidth: number, imageHeight: number, aspect: number | null): CropRect {
  if (!aspect) return rect
  const pixelWidth = (rect.width / 100) * imageWidth
  const pixelHeight = (rect.height / 100) * imageHeight
  if (Math.abs(pixelWidth / pixelHeight - aspect) < 0.01) return rect
  if (pixelWidth / pixelHeight > aspect) {
    const width = ((pixelHeight * aspect) / imageWidth) * 100
    return { ...rect, x: round2(rect.x + (rect.width - width) / 2), width: round2(width) }
  }
  const height = (pixelWidth / aspect / imageHeight) * 100
  return { ...rect, y: round2(rect.y + (rect.height - height) / 2), height: round2(height) }
}

/** Pixels of the image that a rectangle covers: whole pixels, at least one, inside the image. */
export function toPixelRect(rect: CropRect, imageWidth: number, imageHeight: number): PixelRect {
  const left = Math.min(Math.floor((rect.x / 100) * imageWidth), imageWidth - 1)
  const top = Math.min(Math.floor((rect.y / 100) * imageHeight), imageHeight - 1)
  const width = Math.max(1, Math.min(Math.round((rect.width / 100) * imageWidth), imageWidth - left))
  const height = Math.max(1, Math.min(Math.round((rect.height / 100) * imageHeight), imageHeight - top))
  return { left, top, width, height }
}

export type CropFieldsResult = { kind: 'none' } | { kind: 'rect'; rect: CropRect } | { kind: 'invalid' }

/** The x, y, width and height fields of a form: all empty, a usable rectangle, or invalid. */
export function parseCropFields(fields: {
  x?: string | null
  y?: string | null
  width?: string | null
  height?: string | null
}): CropFieldsResult {
  const texts = [fields.x, fields.y, fields.width, fields.height].map((value) => (value ?? '').trim())
  if (texts.every((text) => text === '')) return { kind: 'none' }
  if (texts.some((text) => text === '' || !/^-?\d+(\.\d+)?$/.test(text))) return { kind: 'invalid' }
  const [x, y, width, height] = texts.map(Number) as [number, number, number, number]
  if (width <= 0 || height <= 0 || x >= 100 || y >= 100) return { kind: 'invalid' }
  const rect = clampCrop({ x, y, width, height })
  return rect ? { kind: 'rect', rect } : { kind: 'invalid' }
}

/** A rectangle from two pointer positions (percent), normalised whichever way it was dragged. */
export function rectFromPoints(
  start: { x: number; y: number },
  end: { x: number; y: number },
  imageWidth: number,
  imageHeight: number,
  aspect: number | null,
): CropRect | null {
  const clampPoint = (value: number) => Math.min(Math.max(value, 0), 100)
  const x1 = clampPoint(Math.min(start.x, end.x))
  const y1 = clampPoint(Math.min(start.y, end.y))
  const x2 = clampPoint(Math.max(start.x, end.x))
  const y2 = clampPoint(Math.max(start.y, end.y))
  if (x2 - x1 < 1 || y2 - y1 < 1) return null
  return fitAspect(
    { x: round2(x1), y: round2(y1), width: round2(x2 - x1), height: round2(y2 - y1) },
    imageWidth,
    imageHeight,
    aspect,
  )
}

/** Moves a rectangle by a step (keyboard nudging), keeping it inside the image. */
export function nudgeCrop(rect: CropRect, dx: number, dy: number): CropRect {
  return {
    ...rect,
    x: round2(Math.min(Math.max(rect.x + dx, 0), 100 - rect.width)),
    y: round2(Math.min(Math.max(rect.y + dy, 0), 100 - rect.height)),
  }
}
