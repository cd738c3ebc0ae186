import { describe, expect, it } from 'vitest'
import {
  FITTED_VIEW,
  STAGE_ZOOM,
  clampStageView,
  movedAway,
  panStage,
  pinAt,
  pinchView,
  stageTransform,
  toBox,
  toPicture,
  WHEEL_NOTCH_ZOOM,
  wheelZoomFactor,
  zoomAround,
} from './stage-view'
import { MARKUP_COLOURS, type PinShape, type Point } from './shape-types'

const box = { width: 600, height: 800 }
const pinOf = (id: string, x: number, y: number): PinShape => ({
  id,
  kind: 'pin',
  x,
  y,
  number: 1,
  resolved: false,
  colour: MARKUP_COLOURS.red,
  strokeWidth: 0.005,
  author: 'a',
  created: 1,
})

describe('the live stage’s view', () => {
  it('maps the box onto the picture and back, at any zoom and pan', () => {
    expect(toPicture(FITTED_VIEW, { x: 150, y: 600 }, box)).toEqual({ x: 0.25, y: 0.75 })
    const view = { zoom: 2.5, x: 0.3, y: -0.2 }
    const point = { x: 0.4, y: 0.65 }
    const there = toBox(view, point, box)
    const back = toPicture(view, there, box)
    expect(back.x).toBeCloseTo(point.x, 10)
    expect(back.y).toBeCloseTo(point.y, 10)
  })

  it('draws the canvas with the transform the picture has', () => {
    const view = { zoom: 2, x: 0.1, y: 0 }
    const { scale, x, y } = stageTransform(view, box)
    const pixel = { x: 0.7 * box.width, y: 0.2 * box.height }
    const onScreen = toBox(view, { x: 0.7, y: 0.2 }, box)
    expect(pixel.x * scale + x).toBeCloseTo(onScreen.x, 10)
    expect(pixel.y * scale + y).toBeCloseTo(onScreen.y, 10)
  })

  it('never zooms out past the fitted picture nor in past the maximum', () => {
    expect(clampStageView({ zoom: 0.3, x: 0.2, y: 0 })).toEqual(FITTED_VIEW)
    expect(clampStageView({ zoom: 50, x: 0, y: 0 }).zoom).toBe(STAGE_ZOOM.max)
    expect(clampStageView({ zoom: Number.NaN, x: Number.NaN, y: Infinity })).toEqual(FITTED_VIEW)
  })

  it('keeps the picture over the whole box when panned', () => {
    expect(panStage(FITTED_VIEW, 200, 100, box)).toEqual(FITTED_VIEW)
    const zoomed = { zoom: 3, x: 0, y: 0 }
    expect(panStage(zoomed, 10_000, -10_000, box)).toEqual({ zoom: 3, x: 1, y: -1 })
    const edge = toBox(panStage(zoomed, 10_000, 0, box), { x: 0, y: 0.5 }, box)
    expect(edge.x).toBeCloseTo(0, 10)
  })
})

describe('pinching', () => {
  const fingers = (a: Point, b: Point): [Point, Point] => [a, b]

  it('zooms by how far the fingers spread', () => {
    const from = fingers({ x: 250, y: 400 }, { x: 350, y: 400 })
    const to = fingers({ x: 200, y: 400 }, { x: 400, y: 400 })
    expect(pinchView(FITTED_VIEW, from, to, box).zoom).toBeCloseTo(2, 10)
    expect(pinchView({ zoom: 2, x: 0, y: 0 }, to, from, box).zoom).toBeCloseTo(1, 10)
  })

  it('keeps the picture’s point between the fingers under them, zooming off centre', () => {
    const from = fingers({ x: 100, y: 150 }, { x: 140, y: 180 })
    const to = fingers({ x: 60, y: 120 }, { x: 180, y: 210 })
    const start = { zoom: 1.5, x: 0.1, y: 0.05 }
    const under = toPicture(start, { x: 120, y: 165 }, box)
    const next = pinchView(start, from, to, box)
    expect(next.zoom).toBeCloseTo(4.5, 10)
    const after = toBox(next, under, box)
    expect(after.x).toBeCloseTo(120, 6)
    expect(after.y).toBeCloseTo(165, 6)
  })

  it('pans with two fingers moving together, the point under them following', () => {
    const start = { zoom: 3, x: 0, y: 0 }
    const from = fingers({ x: 280, y: 400 }, { x: 320, y: 400 })
    const to = fingers({ x: 310, y: 380 }, { x: 350, y: 380 })
    const under = toPicture(start, { x: 300, y: 400 }, box)
    const next = pinchView(start, from, to, box)
    expect(next.zoom).toBe(3)
    expect(toBox(next, under, box).x).toBeCloseTo(330, 6)
    expect(toBox(next, under, box).y).toBeCloseTo(380, 6)
  })

  it('clamps the zoom, and a pinch at the fitted size cannot move the picture', () => {
    const from = fingers({ x: 290, y: 400 }, { x: 310, y: 400 })
    const wide = fingers({ x: 0, y: 400 }, { x: 600, y: 400 })
    expect(pinchView(FITTED_VIEW, from, wide, box).zoom).toBe(STAGE_ZOOM.max)
    expect(pinchView(FITTED_VIEW, wide, from, box)).toEqual(FITTED_VIEW)
    const moved = fingers({ x: 390, y: 500 }, { x: 410, y: 500 })
    expect(pinchView(FITTED_VIEW, from, moved, box)).toEqual(FITTED_VIEW)
  })

  it('ignores fingers that land on the same spot', () => {
    const same = fingers({ x: 300, y: 400 }, { x: 300, y: 400 })
    const view = { zoom: 2, x: 0.1, y: 0.1 }
    expect(pinchView(view, same, fingers({ x: 100, y: 400 }, { x: 500, y: 400 }), box).zoom).toBe(2)
  })

  it('zooms a trackpad’s pinch about the pointer', () => {
    const at = { x: 420, y: 200 }
    const under = toPicture(FITTED_VIEW, at, box)
    const next = zoomAround(FITTED_VIEW, 2, at, box)
    expect(toBox(next, under, box).x).toBeCloseTo(at.x, 6)
    expect(toBox(next, under, box).y).toBeCloseTo(at.y, 6)
  })
})

describe('pressing', () => {
  it('is in place until the finger moves more than a few pixels', () => {
    expect(movedAway({ x: 10, y: 10 }, { x: 15, y: 15 })).toBe(false)
    expect(movedAway({ x: 10, y: 10 }, { x: 19, y: 10 })).toBe(true)
  })

  it('finds the pin under a finger by its size on screen, at any zoom', () => {
    const pins = [pinOf('a', 0.5, 0.5), pinOf('b', 0.52, 0.5)]
    // At zoom 1 the two are 12 px apart: the nearer wins.
    expect(pinAt(pins, { x: 309, y: 400 }, FITTED_VIEW, box, 14)?.id).toBe('b')
    expect(pinAt(pins, { x: 300, y: 400 }, FITTED_VIEW, box, 14)?.id).toBe('a')
    expect(pinAt(pins, { x: 300, y: 430 }, FITTED_VIEW, box, 14)).toBeNull()
    // Zoomed in 4 times, b is 48 px from a on screen, and a finger 20 px off a misses both.
    const zoomed = { zoom: 4, x: 0, y: 0 }
    expect(pinAt(pins, { x: 320, y: 400 }, zoomed, box, 14)).toBeNull()
    expect(pinAt(pins, { x: 345, y: 400 }, zoomed, box, 14)?.id).toBe('b')
  })
})

describe('Ctrl+wheel zoom', () => {
  it('zooms one even step per mouse-wheel notch, whatever the wheel reports', () => {
    for (const [delta, mode] of [
      [100, 0],
      [120, 0],
      [200, 0],
      [3, 1],
      [1, 2],
    ] as const) {
      expect(wheelZoomFactor(-delta, mode)).toBeCloseTo(WHEEL_NOTCH_ZOOM, 10)
      expect(wheelZoomFactor(delta, mode)).toBeCloseTo(1 / WHEEL_NOTCH_ZOOM, 10)
    }
    // From 1× the wheel (a delta of 200) went to 7.4×; now one notch is 1.25×.
    expect(wheelZoomFactor(-200)).toBe(1.25)
  })

  it('follows a trackpad pinch smoothly, as the browser scales it', () => {
    expect(wheelZoomFactor(-10)).toBeCloseTo(Math.exp(0.1), 10)
    expect(wheelZoomFactor(4)).toBeCloseTo(Math.exp(-0.04), 10)
    expect(wheelZoomFactor(0)).toBe(1)
    expect(wheelZoomFactor(Number.NaN)).toBe(1)
  })
})
