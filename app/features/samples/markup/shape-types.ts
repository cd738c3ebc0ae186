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
export const NORMAL_TOLERANCE = 0.01

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

export const ID = /^[A-Za-z0-9_-]+$/
// XML cannot carry most control characters at all, and markup text has no use for them; line
// breaks and tabs are kept.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/
// eslint-disable-next-line no-control-regex -- and what svgOf leaves out
export const CONTROL_GLOBAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
const clampUnit = (value: number) => clamp(value, 0, 1)

export function isMarkupColour(value: unknown): value is MarkupColour {
  return typeof value === 'string' && PALETTE.includes(value)
}

/** Scale factors from normalised units to pixels; a size that is not a real image is a bug. */
export function scaleOf(size: ImageSize): { sx: number; sy: number; side: number } {
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
export function clampBounds(bounds: Bounds): Bounds {
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
