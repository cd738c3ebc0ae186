// Markup drawn on a sample image in virtual sample review. Everything here is plain data and pure
// functions so it can be unit-tested without a canvas; Konva only draws what these describe, and
// the shapes travel between colleagues through a Yjs document, so anything read from there goes
// through parseShape first.
//
// Coordinates are normalised: 0..1 of the image's width (x) and height (y), so markup sits on the
// same spot of the garment at any display size and zoom. Line widths and text sizes are fractions
// of the image's smaller side, so a stroke stays as thick across as it is down on a wide image.
//
// One kind is not on an image: a 3D pin ('pin3d') sits on the surface of a 3D sample, in the
// model's own coordinates, and keeps the camera its author looked through (docs/decisions/137).
// The image functions below leave it as it is.

/** The colours markup may have. Nothing else is stored or drawn, so a colour is never free text. */
export const MARKUP_COLOURS = {
  red: '#e03131',
  orange: '#f76707',
  yellow: '#fab005',
  green: '#2f9e44',
  blue: '#1971c2',
  black: '#111111',
} as const
export type MarkupColourName = keyof typeof MARKUP_COLOURS
export type MarkupColour = (typeof MARKUP_COLOURS)[MarkupColourName]
const PALETTE: readonly string[] = Object.values(MARKUP_COLOURS)

export const SHAPE_KINDS = ['pen', 'arrow', 'rect', 'ellipse', 'text', 'pin', 'pin3d'] as const
export type ShapeKind = (typeof SHAPE_KINDS)[number]

/** Longest text of one text shape, in characters. */
export const MAX_TEXT_LENGTH = 500
/** Most points of one pen stroke; a freehand line is simplified long before this. */
export const MAX_PEN_POINTS = 2000
export const MAX_ID_LENGTH = 64
/** The thickest stroke and largest text, as fractions of the image's smaller side. */
export const MAX_STROKE_WIDTH = 0.1
export const MAX_TEXT_SIZE = 0.25
/** Drawn radius of a pin, and how near a click must be to pick it, in normalised units. */
export const PIN_RADIUS = 0.015
export const MAX_PIN_NUMBER = 9999
/** Untrusted coordinates may lie this far outside the image (a stroke dragged off the edge). */
export const COORDINATE_MIN = -0.5
export const COORDINATE_MAX = 1.5
/**
 * Farthest a 3D pin's point, camera target or camera distance may be from the model's origin, in
 * the model's units (metres in glTF): a garment is a metre or two, a model exported in millimetres
 * a few thousand units.
 */
export const MAX_MODEL_DISTANCE = 100_000
/** A camera's turn around the model, in radians, either way; model-viewer keeps adding up turns. */
export const MAX_CAMERA_THETA = 1000
/** Narrowest and widest field of view a 3D pin keeps, in degrees. */
export const MIN_FIELD_OF_VIEW = 1
export const MAX_FIELD_OF_VIEW = 179
/** How far from length 1 a stored normal may be (4 stored decimals), before it is made length 1. */
const NORMAL_TOLERANCE = 0.01

// Text is measured by the canvas only; for bounds and hit tests an average glyph is taken to be
// 0.6 of the text size wide and a line 1.2 of it high, which fits the sans-serif markup font.
export const TEXT_CHAR_WIDTH = 0.6
export const TEXT_LINE_HEIGHT = 1.2

export interface Point {
  x: number
  y: number
}

export interface Bounds {
  x: number
  y: number
  width: number
  height: number
}

export interface ImageSize {
  width: number
  height: number
}

interface ShapeBase {
  id: string
  colour: MarkupColour
  /** Fraction of the image's smaller side. */
  strokeWidth: number
  /** Account key of whoever drew it. */
  author: string
  /** When it was drawn, in ms since the epoch. */
  created: number
  /** Carried over from a previous sample version: the spot it marks may have changed. */
  needsRecheck?: boolean
}

export interface PenShape extends ShapeBase {
  kind: 'pen'
  /** x, y pairs one after the other: [x0, y0, x1, y1, …], as Konva's Line takes them. */
  points: number[]
}
export interface ArrowShape extends ShapeBase {
  kind: 'arrow'
  from: Point
  /** The end with the head. */
  to: Point
}
export interface RectShape extends ShapeBase {
  kind: 'rect'
  x: number
  y: number
  width: number
  height: number
}
export interface EllipseShape extends ShapeBase {
  kind: 'ellipse'
  cx: number
  cy: number
  rx: number
  ry: number
}
export interface TextShape extends ShapeBase {
  kind: 'text'
  /** Top left corner of the first line. */
  x: number
  y: number
  text: string
  /** Fraction of the image's smaller side. */
  size: number
}
export interface PinShape extends ShapeBase {
  kind: 'pin'
  x: number
  y: number
  /** Shown in the pin and used to refer to it in comments: "see 3". */
  number: number
  resolved: boolean
  /** Key of the comment thread about this pin, once there is one. */
  thread?: string
}

export interface Vector3 {
  x: number
  y: number
  z: number
}

/**
 * What a 3D pin's author looked through, as model-viewer gives and takes it: the orbit about the
 * target (theta around, phi down from the top, both in radians, radius in model units), the target
 * itself, and the vertical field of view in degrees.
 */
export interface CameraPose {
  theta: number
  phi: number
  radius: number
  target: Vector3
  fov: number
}

export interface ModelPinShape extends ShapeBase {
  kind: 'pin3d'
  /** A point on the model's surface, in the model's coordinates. */
  position: Vector3
  /** The surface's unit normal there: the pin hides when the model turns that side away. */
  normal: Vector3
  /** Clicking the pin brings everyone's camera back to this. */
  camera: CameraPose
  number: number
  resolved: boolean
  thread?: string
}

export type Shape = PenShape | ArrowShape | RectShape | EllipseShape | TextShape | PinShape | ModelPinShape
/** The shapes drawn on an image (all but 3D pins). */
export type ImageShape = Exclude<Shape, ModelPinShape>
/** A numbered pin with a comment thread, on an image or on a 3D model. */
export type AnyPin = PinShape | ModelPinShape
/** The same fields as a Shape, in pixels of one displayed size of the image. */
export type PixelShape = Shape

export const isImageShape = (shape: Shape): shape is ImageShape => shape.kind !== 'pin3d'
export const isPin = (shape: Shape): shape is AnyPin => shape.kind === 'pin' || shape.kind === 'pin3d'

const ID = /^[A-Za-z0-9_-]+$/
// XML cannot carry most control characters at all, and markup text has no use for them; line
// breaks and tabs are kept.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/
// eslint-disable-next-line no-control-regex -- and what svgOf leaves out
const CONTROL_GLOBAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
const clampUnit = (value: number) => clamp(value, 0, 1)

export function isMarkupColour(value: unknown): value is MarkupColour {
  return typeof value === 'string' && PALETTE.includes(value)
}

/** Scale factors from normalised units to pixels; a size that is not a real image is a bug. */
function scaleOf(size: ImageSize): { sx: number; sy: number; side: number } {
  const { width, height } = size
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) {
    throw new RangeError(`An image size must be positive, not ${width}×${height}.`)
  }
  return { sx: width, sy: height, side: Math.min(width, height) }
}

function scaleShape(shape: Shape, sx: number, sy: number, side: number): Shape {
  const strokeWidth = shape.strokeWidth * side
  switch (shape.kind) {
    case 'pen':
      return { ...shape, strokeWidth, points: shape.points.map((v, i) => v * (i % 2 === 0 ? sx : sy)) }
    case 'arrow':
      return {
        ...shape,
        strokeWidth,
        from: { x: shape.from.x * sx, y: shape.from.y * sy },
        to: { x: shape.to.x * sx, y: shape.to.y * sy },
      }
    case 'rect':
      return {
        ...shape,
        strokeWidth,
        x: shape.x * sx,
        y: shape.y * sy,
        width: shape.width * sx,
        height: shape.height * sy,
      }
    case 'ellipse':
      return { ...shape, strokeWidth, cx: shape.cx * sx, cy: shape.cy * sy, rx: shape.rx * sx, ry: shape.ry * sy }
    case 'text':
      return { ...shape, strokeWidth, x: shape.x * sx, y: shape.y * sy, size: shape.size * side }
    case 'pin':
      return { ...shape, strokeWidth, x: shape.x * sx, y: shape.y * sy }
    case 'pin3d':
      return shape
  }
}

/**
 * The shape in pixels of an image shown at `size`. x and widths scale with the width, y and
 * heights with the height (an ellipse's rx with the width, ry with the height); strokeWidth and
 * text size scale with the smaller side.
 */
export function toPixels(shape: Shape, size: ImageSize): PixelShape {
  const { sx, sy, side } = scaleOf(size)
  return scaleShape(shape, sx, sy, side)
}

/** The normalised shape of one drawn in pixels on an image shown at `size`; undoes toPixels. */
export function fromPixels(shape: PixelShape, size: ImageSize): Shape {
  const { sx, sy, side } = scaleOf(size)
  return scaleShape(shape, 1 / sx, 1 / sy, 1 / side)
}

/** The part of a box that lies on the image; a box already on it is returned as it is. */
function clampBounds(bounds: Bounds): Bounds {
  const { x, y, width, height } = bounds
  const inside = x >= 0 && y >= 0 && width >= 0 && height >= 0 && x + width <= 1 && y + height <= 1
  // Recomputing the width of a box already inside would only add rounding errors.
  if (inside) return { x, y, width, height }
  const left = clampUnit(x)
  const top = clampUnit(y)
  return {
    x: left,
    y: top,
    width: Math.max(0, clampUnit(x + width) - left),
    height: Math.max(0, clampUnit(y + height) - top),
  }
}

/**
 * The shape kept on the image: every point is clamped into 0..1, and a rectangle or ellipse is cut
 * to the part of its box that lies on the image.
 */
export function clampToImage<S extends Shape>(shape: S): S
export function clampToImage(shape: Shape): Shape {
  switch (shape.kind) {
    case 'pen':
      return { ...shape, points: shape.points.map(clampUnit) }
    case 'arrow':
      return {
        ...shape,
        from: { x: clampUnit(shape.from.x), y: clampUnit(shape.from.y) },
        to: { x: clampUnit(shape.to.x), y: clampUnit(shape.to.y) },
      }
    case 'rect':
      return { ...shape, ...clampBounds(shape) }
    case 'ellipse': {
      const own = { x: shape.cx - shape.rx, y: shape.cy - shape.ry, width: 2 * shape.rx, height: 2 * shape.ry }
      const box = clampBounds(own)
      if (box.x === own.x && box.y === own.y && box.width === own.width && box.height === own.height) return shape
      return { ...shape, cx: box.x + box.width / 2, cy: box.y + box.height / 2, rx: box.width / 2, ry: box.height / 2 }
    }
    case 'text':
    case 'pin':
      return { ...shape, x: clampUnit(shape.x), y: clampUnit(shape.y) }
    case 'pin3d':
      return shape
  }
}

// ---------------------------------------------------------------------------------------------
// Reading untrusted shapes

type Fields = Record<string, unknown>

const BASE_FIELDS = ['id', 'kind', 'colour', 'strokeWidth', 'author', 'created', 'needsRecheck']
const KIND_FIELDS: Record<ShapeKind, string[]> = {
  pen: ['points'],
  arrow: ['from', 'to'],
  rect: ['x', 'y', 'width', 'height'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  text: ['x', 'y', 'text', 'size'],
  pin: ['x', 'y', 'number', 'resolved', 'thread'],
  pin3d: ['position', 'normal', 'camera', 'number', 'resolved', 'thread'],
}
const CAMERA_FIELDS = ['theta', 'phi', 'radius', 'target', 'fov']

function isPlainObject(value: unknown): value is Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_ID_LENGTH && ID.test(value)
const isCoordinate = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= COORDINATE_MIN && value <= COORDINATE_MAX
const isNumberIn = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max

function readPoint(value: unknown): Point | null {
  if (!isPlainObject(value) || Object.keys(value).length !== 2) return null
  return isCoordinate(value.x) && isCoordinate(value.y) ? { x: value.x, y: value.y } : null
}

const hasExactly = (value: Fields, keys: readonly string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key))

function readVector(value: unknown, max: number): Vector3 | null {
  if (!isPlainObject(value) || !hasExactly(value, ['x', 'y', 'z'])) return null
  const { x, y, z } = value
  return isNumberIn(x, -max, max) && isNumberIn(y, -max, max) && isNumberIn(z, -max, max) ? { x, y, z } : null
}

/** A normal of length 1 (within what 4 stored decimals lose), made exactly length 1. */
function readNormal(value: unknown): Vector3 | null {
  const normal = readVector(value, 1 + NORMAL_TOLERANCE)
  if (!normal) return null
  const length = Math.hypot(normal.x, normal.y, normal.z)
  if (Math.abs(length - 1) > NORMAL_TOLERANCE) return null
  return { x: normal.x / length, y: normal.y / length, z: normal.z / length }
}

function readCamera(value: unknown): CameraPose | null {
  if (!isPlainObject(value) || !hasExactly(value, CAMERA_FIELDS)) return null
  const { theta, phi, radius, fov } = value
  const target = readVector(value.target, MAX_MODEL_DISTANCE)
  if (!target || !isNumberIn(theta, -MAX_CAMERA_THETA, MAX_CAMERA_THETA) || !isNumberIn(phi, 0, Math.PI)) return null
  if (!isNumberIn(radius, 0, MAX_MODEL_DISTANCE) || radius === 0) return null
  if (!isNumberIn(fov, MIN_FIELD_OF_VIEW, MAX_FIELD_OF_VIEW)) return null
  return { theta, phi, radius, target, fov }
}

function readText(value: unknown): string | null {
  // Length is checked on UTF-16 units first, so a huge string is refused before it is split.
  if (typeof value !== 'string' || value.length > MAX_TEXT_LENGTH * 2) return null
  if ([...value].length > MAX_TEXT_LENGTH || value.trim() === '' || CONTROL.test(value)) return null
  return value
}

function readShape(value: unknown): Shape | null {
  if (!isPlainObject(value)) return null
  const kind = value.kind
  if (typeof kind !== 'string' || !(SHAPE_KINDS as readonly string[]).includes(kind)) return null
  const allowed = [...BASE_FIELDS, ...KIND_FIELDS[kind as ShapeKind]]
  // Unknown fields are refused, not dropped: the value sits in the shared document as sent and
  // would travel on to every colleague, however large.
  if (Object.keys(value).some((key) => !allowed.includes(key))) return null

  const { id, colour, strokeWidth, author, created, needsRecheck } = value
  if (!isKey(id) || !isKey(author)) return null
  const lowerColour = typeof colour === 'string' ? colour.toLowerCase() : colour
  if (!isMarkupColour(lowerColour)) return null
  if (!isNumberIn(strokeWidth, 0, MAX_STROKE_WIDTH)) return null
  if (!isNumberIn(created, 0, Number.MAX_SAFE_INTEGER)) return null
  if (needsRecheck !== undefined && typeof needsRecheck !== 'boolean') return null
  const base = {
    id,
    colour: lowerColour,
    strokeWidth,
    author,
    created,
    ...(needsRecheck === undefined ? {} : { needsRecheck }),
  }

  switch (kind as ShapeKind) {
    case 'pen': {
      const { points } = value
      if (!Array.isArray(points) || points.length < 2 || points.length % 2 !== 0) return null
      if (points.length > MAX_PEN_POINTS * 2 || !points.every(isCoordinate)) return null
      return { ...base, kind: 'pen', points: [...points] }
    }
    case 'arrow': {
      const from = readPoint(value.from)
      const to = readPoint(value.to)
      return from && to ? { ...base, kind: 'arrow', from, to } : null
    }
    case 'rect': {
      const { x, y, width, height } = value
      if (!isCoordinate(x) || !isCoordinate(y)) return null
      if (!isNumberIn(width, 0, COORDINATE_MAX - x) || !isNumberIn(height, 0, COORDINATE_MAX - y)) return null
      return { ...base, kind: 'rect', x, y, width, height }
    }
    case 'ellipse': {
      const { cx, cy, rx, ry } = value
      if (!isCoordinate(cx) || !isCoordinate(cy)) return null
      if (!isNumberIn(rx, 0, COORDINATE_MAX - COORDINATE_MIN) || !isNumberIn(ry, 0, COORDINATE_MAX - COORDINATE_MIN)) {
        return null
      }
      if (!isCoordinate(cx - rx) || !isCoordinate(cx + rx) || !isCoordinate(cy - ry) || !isCoordinate(cy + ry)) {
        return null
      }
      return { ...base, kind: 'ellipse', cx, cy, rx, ry }
    }
    case 'text': {
      const { x, y, size } = value
      const text = readText(value.text)
      if (!isCoordinate(x) || !isCoordinate(y) || text === null) return null
      if (!isNumberIn(size, 0, MAX_TEXT_SIZE) || size === 0) return null
      return { ...base, kind: 'text', x, y, text, size }
    }
    case 'pin': {
      const { x, y, number, resolved, thread } = value
      if (!isCoordinate(x) || !isCoordinate(y) || typeof resolved !== 'boolean') return null
      if (!Number.isSafeInteger(number) || !isNumberIn(number, 1, MAX_PIN_NUMBER)) return null
      if (thread !== undefined && !isKey(thread)) return null
      return { ...base, kind: 'pin', x, y, number, resolved, ...(thread === undefined ? {} : { thread }) }
    }
    case 'pin3d': {
      const { number, resolved, thread } = value
      const position = readVector(value.position, MAX_MODEL_DISTANCE)
      const normal = readNormal(value.normal)
      const camera = readCamera(value.camera)
      if (!position || !normal || !camera || typeof resolved !== 'boolean') return null
      if (!Number.isSafeInteger(number) || !isNumberIn(number, 1, MAX_PIN_NUMBER)) return null
      if (thread !== undefined && !isKey(thread)) return null
      return {
        ...base,
        kind: 'pin3d',
        position,
        normal,
        camera,
        number,
        resolved,
        ...(thread === undefined ? {} : { thread }),
      }
    }
  }
}

/**
 * A shape from untrusted input (the network, the shared Yjs document), or null when it is not one
 * exactly: a known kind with finite numbers, coordinates no further off the image than
 * COORDINATE_MIN..COORDINATE_MAX, a palette colour, short [A-Za-z0-9_-] keys, bounded text and
 * points, and no other fields. What passes is a fresh object, clamped onto the image. Never throws.
 */
export function parseShape(value: unknown): Shape | null {
  try {
    const shape = readShape(value)
    return shape && clampToImage(shape)
  } catch {
    // A getter or proxy that throws is as unreadable as a wrong value.
    return null
  }
}

/** Longest stored form of one shape: a pen stroke of MAX_PEN_POINTS with room to spare. */
export const MAX_STORED_SHAPE_LENGTH = 64 * 1024
/** Decimals kept of a stored fraction: 1/10,000 of the image, below a pixel on any screen. */
const STORED_DECIMALS = 1e4

/**
 * A shape as JSON text, fractions rounded to 4 decimals (the rounding keeps it small); whole
 * numbers (times, pin numbers) are kept as they are. The form of a shape being drawn in awareness.
 */
export function shapeText(shape: Shape): string {
  return JSON.stringify(shape, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isInteger(value)
      ? Math.round(value * STORED_DECIMALS) / STORED_DECIMALS
      : value,
  )
}

const utf8 = new TextEncoder()
const fromUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The form a shape takes in the shared Yjs document: its JSON text (shapeText) as UTF-8 bytes.
 * Yjs reads a plain object number by number, a string as one piece, and bytes stored in its
 * update format 2 as a view on the update without copying them (decision 140): a document of
 * 10,000 shapes opens several times faster than with objects, about twice as fast as with strings.
 */
export function storedShape(shape: Shape): Uint8Array {
  return utf8.encode(shapeText(shape))
}

/**
 * A shape as read from the shared document or from awareness (its UTF-8 bytes, its JSON text, or
 * a plain object as first stored), checked by parseShape.
 */
export function parseStoredShape(value: unknown): Shape | null {
  if (value instanceof Uint8Array) {
    if (value.byteLength > MAX_STORED_SHAPE_LENGTH) return null
    try {
      return parseStoredShape(fromUtf8.decode(value))
    } catch {
      return null
    }
  }
  if (typeof value !== 'string') return parseShape(value)
  if (value.length > MAX_STORED_SHAPE_LENGTH) return null
  try {
    return parseShape(JSON.parse(value))
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------
// Geometry

function boundsOfPoints(points: readonly number[]): Bounds {
  if (points.length < 2) return { x: 0, y: 0, width: 0, height: 0 }
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (let i = 0; i + 1 < points.length; i += 2) {
    const x = points[i]!
    const y = points[i + 1]!
    minX = Math.min(minX, x)
    maxX = Math.max(maxX, x)
    minY = Math.min(minY, y)
    maxY = Math.max(maxY, y)
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY }
}

/**
 * The normalised box around a shape's geometry, without its stroke width. A pin's box is its
 * point. A text's box is estimated (TEXT_CHAR_WIDTH, TEXT_LINE_HEIGHT) and depends on the image's
 * shape, since its size is a fraction of the smaller side: `aspect` is the image's width ÷ height.
 */
export function boundsOf(shape: Shape, aspect = 1): Bounds {
  switch (shape.kind) {
    case 'pen':
      return boundsOfPoints(shape.points)
    case 'arrow':
      return boundsOfPoints([shape.from.x, shape.from.y, shape.to.x, shape.to.y])
    case 'rect':
      return { x: shape.x, y: shape.y, width: shape.width, height: shape.height }
    case 'ellipse':
      return { x: shape.cx - shape.rx, y: shape.cy - shape.ry, width: 2 * shape.rx, height: 2 * shape.ry }
    case 'text': {
      const lines = shape.text.split('\n')
      const longest = Math.max(...lines.map((line) => [...line].length))
      // The smaller side as a fraction of the width and of the height.
      const perWidth = aspect >= 1 ? 1 / aspect : 1
      const perHeight = aspect >= 1 ? 1 : aspect
      return {
        x: shape.x,
        y: shape.y,
        width: longest * TEXT_CHAR_WIDTH * shape.size * perWidth,
        height: lines.length * TEXT_LINE_HEIGHT * shape.size * perHeight,
      }
    }
    case 'pin':
      return { x: shape.x, y: shape.y, width: 0, height: 0 }
    case 'pin3d':
      // Not on the image: an empty box at its corner, so moves and resizes leave it be.
      return { x: 0, y: 0, width: 0, height: 0 }
  }
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x
  const dy = b.y - a.y
  const lengthSquared = dx * dx + dy * dy
  const t = lengthSquared === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0, 1)
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

function distanceToPolyline(p: Point, points: readonly Point[], closed: boolean): number {
  if (points.length === 0) return Infinity
  if (points.length === 1) return Math.hypot(p.x - points[0]!.x, p.y - points[0]!.y)
  let best = Infinity
  const last = closed ? points.length : points.length - 1
  for (let i = 0; i < last; i++) {
    best = Math.min(best, distanceToSegment(p, points[i]!, points[(i + 1) % points.length]!))
  }
  return best
}

// An ellipse's outline is taken as a polygon of this many sides: the exact distance to an
// ellipse has no closed form, and at markup sizes 64 sides are within a fraction of a pixel.
const ELLIPSE_SIDES = 64

function ellipseOutline(shape: EllipseShape): Point[] {
  return Array.from({ length: ELLIPSE_SIDES }, (_, i) => {
    const angle = (2 * Math.PI * i) / ELLIPSE_SIDES
    return { x: shape.cx + shape.rx * Math.cos(angle), y: shape.cy + shape.ry * Math.sin(angle) }
  })
}

function pairsOf(points: readonly number[]): Point[] {
  const pairs: Point[] = []
  for (let i = 0; i + 1 < points.length; i += 2) pairs.push({ x: points[i]!, y: points[i + 1]! })
  return pairs
}

function hits(shape: Shape, point: Point, tolerance: number, aspect: number): boolean {
  const reach = tolerance + shape.strokeWidth / 2
  switch (shape.kind) {
    case 'pen':
      return distanceToPolyline(point, pairsOf(shape.points), false) <= reach
    case 'arrow':
      return distanceToSegment(point, shape.from, shape.to) <= reach
    case 'rect': {
      const { x, y, width, height } = shape
      const corners = [
        { x, y },
        { x: x + width, y },
        { x: x + width, y: y + height },
        { x, y: y + height },
      ]
      return distanceToPolyline(point, corners, true) <= reach
    }
    case 'ellipse':
      return distanceToPolyline(point, ellipseOutline(shape), true) <= reach
    case 'text': {
      const box = boundsOf(shape, aspect)
      return (
        point.x >= box.x - tolerance &&
        point.x <= box.x + box.width + tolerance &&
        point.y >= box.y - tolerance &&
        point.y <= box.y + box.height + tolerance
      )
    }
    case 'pin':
      return Math.hypot(point.x - shape.x, point.y - shape.y) <= PIN_RADIUS + tolerance
    case 'pin3d':
      return false
  }
}

/**
 * The id of the topmost shape (the last in array order, as drawn) at a normalised point, or null.
 * Lines count within `tolerance` (normalised units) of the stroke. Rectangles and ellipses count
 * on their outline only, never inside: they are drawn unfilled and usually circle other markup, so
 * a click inside must reach the pin or text they surround. Text counts anywhere in its box, a pin
 * within PIN_RADIUS of its point. `aspect` (width ÷ height) is needed for text boxes.
 */
export function hitTest(shapes: readonly Shape[], point: Point, tolerance: number, aspect = 1): string | null {
  for (let i = shapes.length - 1; i >= 0; i--) {
    const shape = shapes[i]!
    if (hits(shape, point, tolerance, aspect)) return shape.id
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Transforms

function translate<S extends Shape>(shape: S, dx: number, dy: number): S
function translate(shape: Shape, dx: number, dy: number): Shape {
  switch (shape.kind) {
    case 'pen':
      return { ...shape, points: shape.points.map((v, i) => v + (i % 2 === 0 ? dx : dy)) }
    case 'arrow':
      return {
        ...shape,
        from: { x: shape.from.x + dx, y: shape.from.y + dy },
        to: { x: shape.to.x + dx, y: shape.to.y + dy },
      }
    case 'ellipse':
      return { ...shape, cx: shape.cx + dx, cy: shape.cy + dy }
    case 'rect':
    case 'text':
    case 'pin':
      return { ...shape, x: shape.x + dx, y: shape.y + dy }
    case 'pin3d':
      return shape
  }
}

/**
 * The shape moved by dx, dy (normalised), the move cut short at the image's edges so its box stays
 * on the image. A text box wider than the image stops with its start at the left edge.
 */
export function moveShape<S extends Shape>(shape: S, dx: number, dy: number, aspect = 1): S {
  const box = boundsOf(shape, aspect)
  const minDx = -box.x
  const minDy = -box.y
  const clampedDx = clamp(dx, minDx, Math.max(minDx, 1 - box.x - box.width))
  const clampedDy = clamp(dy, minDy, Math.max(minDy, 1 - box.y - box.height))
  // Clamping again only takes off rounding errors such as 1.0000000000000002.
  return clampToImage(translate(shape, clampedDx, clampedDy))
}

/**
 * The shape fitted to a new box (normalised; a negative width or height is read from the other
 * corner, without mirroring the shape). Rectangles and ellipses take the box; pen strokes and
 * arrows are scaled into it point by point; text and pins keep their size and move to its top
 * left corner. The box is first cut to the image.
 */
export function resizeShape<S extends Shape>(shape: S, newBounds: Bounds): S
export function resizeShape(shape: Shape, newBounds: Bounds): Shape {
  const target = clampBounds({
    x: Math.min(newBounds.x, newBounds.x + newBounds.width),
    y: Math.min(newBounds.y, newBounds.y + newBounds.height),
    width: Math.abs(newBounds.width),
    height: Math.abs(newBounds.height),
  })
  const box = boundsOf(shape)
  // A line with no width (or height) cannot be stretched across: it keeps to the box's left (top).
  const scaleX = box.width === 0 ? 0 : target.width / box.width
  const scaleY = box.height === 0 ? 0 : target.height / box.height
  const mapX = (x: number) => target.x + (x - box.x) * scaleX
  const mapY = (y: number) => target.y + (y - box.y) * scaleY
  switch (shape.kind) {
    case 'rect':
      return { ...shape, ...target }
    case 'ellipse':
      return {
        ...shape,
        cx: target.x + target.width / 2,
        cy: target.y + target.height / 2,
        rx: target.width / 2,
        ry: target.height / 2,
      }
    case 'pen':
      return clampToImage({ ...shape, points: shape.points.map((v, i) => (i % 2 === 0 ? mapX(v) : mapY(v))) })
    case 'arrow':
      return clampToImage({
        ...shape,
        from: { x: mapX(shape.from.x), y: mapY(shape.from.y) },
        to: { x: mapX(shape.to.x), y: mapY(shape.to.y) },
      })
    case 'text':
    case 'pin':
      return { ...shape, x: target.x, y: target.y }
    case 'pin3d':
      return shape
  }
}

/** The number a new pin gets (on the image or the model): one more than the highest so far, 1 for the first. */
export function nextPinNumber(shapes: readonly Shape[]): number {
  let highest = 0
  for (const shape of shapes) if (isPin(shape)) highest = Math.max(highest, shape.number)
  return highest + 1
}

// ---------------------------------------------------------------------------------------------
// SVG for the overlay rendered on the server (when JavaScript is off)

/** Opacity of a resolved pin: still there to read, no longer asking for attention. */
export const RESOLVED_PIN_OPACITY = 0.4
/** The number inside a pin. The only colour drawn that is not from the palette, and a constant. */
export const PIN_LABEL_COLOUR = '#ffffff'
const FONT = 'system-ui, sans-serif'

function escapeXml(text: string): string {
  return text
    .replace(CONTROL_GLOBAL, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** A number for an attribute: short, and never NaN or Infinity. */
function num(value: number): string {
  return Number.isFinite(value) ? String(Math.round(value * 100) / 100) : '0'
}

/** A shape's colour when it is in the palette, else red: whatever a shape says, only palette colours are written. */
function safeColour(colour: string): MarkupColour {
  return isMarkupColour(colour) ? colour : MARKUP_COLOURS.red
}

function colourName(colour: MarkupColour): MarkupColourName {
  return (Object.keys(MARKUP_COLOURS) as MarkupColourName[]).find((name) => MARKUP_COLOURS[name] === colour)!
}

// One marker per colour, with a fixed id: two overlays on one page define the same markers alike.
function arrowMarker(colour: MarkupColour): string {
  return (
    `<marker id="markup-arrow-${colourName(colour)}" viewBox="0 0 10 10" refX="8" refY="5" ` +
    `markerWidth="4" markerHeight="4" orient="auto-start-reverse">` +
    `<path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`
  )
}

function svgOfShape(shape: PixelShape, side: number): string {
  const colour = safeColour(shape.colour)
  const stroke = `fill="none" stroke="${colour}" stroke-width="${num(shape.strokeWidth)}"`
  const round = 'stroke-linecap="round" stroke-linejoin="round"'
  switch (shape.kind) {
    case 'pen': {
      const pairs = pairsOf(shape.points)
      if (pairs.length === 0) return ''
      // A single point is drawn as a zero-length line, which a round cap shows as a dot.
      const path = (pairs.length === 1 ? [pairs[0]!, pairs[0]!] : pairs)
        .map((p, i) => `${i === 0 ? 'M' : 'L'}${num(p.x)} ${num(p.y)}`)
        .join(' ')
      return `<path d="${path}" ${stroke} ${round}/>`
    }
    case 'arrow':
      return (
        `<line x1="${num(shape.from.x)}" y1="${num(shape.from.y)}" x2="${num(shape.to.x)}" y2="${num(shape.to.y)}" ` +
        `${stroke} ${round} marker-end="url(#markup-arrow-${colourName(colour)})"/>`
      )
    case 'rect':
      return `<rect x="${num(shape.x)}" y="${num(shape.y)}" width="${num(shape.width)}" height="${num(shape.height)}" ${stroke}/>`
    case 'ellipse':
      return `<ellipse cx="${num(shape.cx)}" cy="${num(shape.cy)}" rx="${num(shape.rx)}" ry="${num(shape.ry)}" ${stroke}/>`
    case 'text': {
      const lineHeight = shape.size * TEXT_LINE_HEIGHT
      const lines = String(shape.text)
        .split('\n')
        .map((line, i) => `<tspan x="${num(shape.x)}" y="${num(shape.y + i * lineHeight)}">${escapeXml(line)}</tspan>`)
        .join('')
      return (
        `<text font-family="${FONT}" font-size="${num(shape.size)}" fill="${colour}" ` +
        `dominant-baseline="hanging" xml:space="preserve">${lines}</text>`
      )
    }
    case 'pin': {
      const radius = PIN_RADIUS * side
      const opacity = shape.resolved ? ` opacity="${RESOLVED_PIN_OPACITY}"` : ''
      const label = Number.isSafeInteger(shape.number) ? String(shape.number) : ''
      return (
        `<g${opacity}><circle cx="${num(shape.x)}" cy="${num(shape.y)}" r="${num(radius)}" fill="${colour}"/>` +
        `<text x="${num(shape.x)}" y="${num(shape.y)}" font-family="${FONT}" font-size="${num(radius * 1.1)}" ` +
        `font-weight="bold" fill="${PIN_LABEL_COLOUR}" text-anchor="middle" dominant-baseline="central">${label}</text></g>`
      )
    }
    case 'pin3d':
      return ''
  }
}

/**
 * The shapes as an SVG document of the image's pixel size, to lay over the image. Text is escaped,
 * colours are only ever the palette's, pins are numbered circles (resolved ones faded) and arrows
 * end in a head.
 */
export function svgOf(shapes: readonly Shape[], size: ImageSize): string {
  const { side } = scaleOf(size)
  const arrowColours = new Set<MarkupColour>()
  const body: string[] = []
  for (const shape of shapes) {
    const pixels = toPixels(shape, size)
    if (pixels.kind === 'arrow') arrowColours.add(safeColour(pixels.colour))
    const drawn = svgOfShape(pixels, side)
    // Carried over from the previous version: dashed until someone checks it again.
    body.push(
      shape.needsRecheck && drawn
        ? `<g data-needs-recheck="true" stroke-dasharray="${num(side * 0.012)} ${num(side * 0.008)}">${drawn}</g>`
        : drawn,
    )
  }
  const defs = arrowColours.size === 0 ? '' : `<defs>${[...arrowColours].map(arrowMarker).join('')}</defs>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(size.width)} ${num(size.height)}" ` +
    `width="${num(size.width)}" height="${num(size.height)}">${defs}${body.join('')}</svg>`
  )
}
