// Geometry and transforms of shapes in normalised coordinates.
import {
  PIN_RADIUS,
  TEXT_CHAR_WIDTH,
  TEXT_LINE_HEIGHT,
  clamp,
  clampBounds,
  clampToImage,
  isPin,
  type Bounds,
  type EllipseShape,
  type Point,
  type Shape,
} from './shape-types'

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

export function pairsOf(points: readonly number[]): Point[] {
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
