// Zoom and pan of the live markup stage, and the rules of touch gestures on it. Pure, so they are
// tested without a browser. The stage is the picture's own box: at zoom 1 the picture fills it
// and cannot be moved; zoomed in, it can be moved as far as its edge reaches the box's edge, so
// the box is never partly empty. Shapes stay in picture coordinates (0..1); these functions turn
// a point on the box (pixels from its top left) into one on the picture and back.
import type { ImageSize, PinShape, Point } from './shape-types'

/** As the lightbox's view: the zoom (1 = fitted), and the picture's centre from the box's centre in box fractions. */
export interface StageView {
  zoom: number
  x: number
  y: number
}

export const STAGE_ZOOM = { min: 1, max: 8 } as const
export const FITTED_VIEW: StageView = { zoom: 1, x: 0, y: 0 }

/** The most one wheel event zooms by: one notch of a mouse wheel, in or out. */
export const WHEEL_NOTCH_ZOOM = 1.25

/** Pixels per line and per page, for wheels that count in lines (Firefox) or pages. */
const WHEEL_UNIT = [1, 16, 800] as const

/**
 * How much a Ctrl+wheel event zooms: a trackpad's pinch (many small deltas) follows the fingers
 * smoothly, as browsers scale pinches (e^(-delta/100)); a mouse wheel's notch (a delta of 100 or
 * more, 3 lines in Firefox) zooms by one even step, whatever the wheel's resolution.
 */
export function wheelZoomFactor(deltaY: number, deltaMode = 0): number {
  const pixels = finite(deltaY, 0) * (WHEEL_UNIT[deltaMode as 0 | 1 | 2] ?? 1)
  const factor = Math.exp(-pixels * 0.01)
  return Math.min(WHEEL_NOTCH_ZOOM, Math.max(1 / WHEEL_NOTCH_ZOOM, factor))
}

/** A press held this long without moving is a long press. */
export const LONG_PRESS_MS = 500
/** How far a finger may wander, in pixels, and still be pressing (or tapping) in place. */
export const PRESS_SLOP = 8

const finite = (value: number, fallback: number) => (Number.isFinite(value) ? value : fallback)

/** The zoom within STAGE_ZOOM, and the picture kept over the whole box. */
export function clampStageView(view: StageView): StageView {
  const zoom = Math.min(STAGE_ZOOM.max, Math.max(STAGE_ZOOM.min, finite(view.zoom, 1)))
  const limit = (zoom - 1) / 2
  const clamp = (value: number) => Math.min(limit, Math.max(-limit, finite(value, 0)))
  return { zoom, x: clamp(view.x), y: clamp(view.y) }
}

/** The point of the picture (0..1, not clamped) under a point of the box. */
export function toPicture(view: StageView, at: Point, box: ImageSize): Point {
  return {
    x: (at.x - box.width / 2 - view.x * box.width) / view.zoom / box.width + 0.5,
    y: (at.y - box.height / 2 - view.y * box.height) / view.zoom / box.height + 0.5,
  }
}

/** Where a point of the picture (0..1) shows in the box, in pixels from its top left. */
export function toBox(view: StageView, point: Point, box: ImageSize): Point {
  return {
    x: (point.x - 0.5) * box.width * view.zoom + view.x * box.width + box.width / 2,
    y: (point.y - 0.5) * box.height * view.zoom + view.y * box.height + box.height / 2,
  }
}

/**
 * The canvas transform that draws the picture's pixels (at zoom 1) as the view shows them: scale
 * by the zoom about the box's centre, then move by the pan.
 */
export function stageTransform(view: StageView, box: ImageSize): { scale: number; x: number; y: number } {
  const origin = toBox(view, { x: 0, y: 0 }, box)
  return { scale: view.zoom, x: origin.x, y: origin.y }
}

const middle = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 })
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/**
 * The view while two fingers pinch: `start` is the view when they landed at `from`, `to` is where
 * they are now. The zoom follows the distance between them and the picture's point that was
 * midway between them stays midway, so spreading zooms in there and moving both pans.
 */
export function pinchView(start: StageView, from: [Point, Point], to: [Point, Point], box: ImageSize): StageView {
  const before = distance(from[0], from[1])
  const after = distance(to[0], to[1])
  const factor = before < 1 || !Number.isFinite(after / before) ? 1 : after / before
  return zoomAround(start, start.zoom * factor, middle(...from), box, middle(...to))
}

/**
 * The view at `zoom` with the picture's point under `at` moved under `to` (by default kept where
 * it is), as a pinch or a trackpad's zoom does.
 */
export function zoomAround(view: StageView, zoom: number, at: Point, box: ImageSize, to: Point = at): StageView {
  const point = toPicture(view, at, box)
  const next = Math.min(STAGE_ZOOM.max, Math.max(STAGE_ZOOM.min, finite(zoom, view.zoom)))
  return clampStageView({
    zoom: next,
    x: (to.x - box.width / 2 - (point.x - 0.5) * box.width * next) / box.width,
    y: (to.y - box.height / 2 - (point.y - 0.5) * box.height * next) / box.height,
  })
}

/** Drags the picture by a distance in pixels of the box. */
export function panStage(view: StageView, dx: number, dy: number, box: ImageSize): StageView {
  return clampStageView({ zoom: view.zoom, x: view.x + dx / box.width, y: view.y + dy / box.height })
}

/** Whether a press has moved too far from where it landed to be a tap or a long press. */
export const movedAway = (from: Point, to: Point) => distance(from, to) > PRESS_SLOP

/**
 * The pin drawn under a point of the box, if any: pins keep their size on screen (`radius`
 * pixels) at every zoom, so the test is made in pixels of the box. The nearest wins; of two as
 * near, the one drawn last (on top).
 */
export function pinAt(
  pins: readonly PinShape[],
  at: Point,
  view: StageView,
  box: ImageSize,
  radius: number,
): PinShape | null {
  let found: PinShape | null = null
  let nearest = Infinity
  for (const pin of pins) {
    const away = distance(toBox(view, pin, box), at)
    if (away <= radius && away <= nearest) {
      found = pin
      nearest = away
    }
  }
  return found
}
