import { describe, expect, it } from 'vitest'
import {
  INITIAL_VIEW,
  ZOOM,
  clampZoom,
  panBy,
  parseZoom,
  viewTransform,
  zoomIn,
  zoomLabel,
  zoomOut,
  zoomTo,
} from '#app/ui/zoom-pan'

describe('zoom and pan of the lightbox and the compare view', () => {
  it('starts at 0.9, centred (atelier.md §9)', () => {
    expect(INITIAL_VIEW).toEqual({ zoom: 0.9, x: 0, y: 0 })
    expect(zoomLabel(INITIAL_VIEW.zoom)).toBe('90%')
  })

  it('steps by 0.1 and lands on round values', () => {
    let view = INITIAL_VIEW
    view = zoomIn(view)
    expect(view.zoom).toBe(1)
    view = zoomIn(zoomIn(view))
    expect(view.zoom).toBe(1.2)
    expect(zoomOut(view).zoom).toBe(1.1)
  })

  it('never goes below 0.2 however often one zooms out', () => {
    let view = INITIAL_VIEW
    for (let i = 0; i < 30; i++) view = zoomOut(view)
    expect(view.zoom).toBe(ZOOM.min)
    expect(view.zoom).toBe(0.2)
    expect(clampZoom(-3)).toBe(0.2)
    expect(clampZoom(Number.NaN)).toBe(0.9)
    expect(clampZoom(1000)).toBe(ZOOM.max)
  })

  it('keeps the point under the pointer where it is when zooming there', () => {
    const view = { zoom: 1, x: 0, y: 0 }
    const at = { x: 0.25, y: -0.2 }
    const next = zoomTo(view, 2, at)
    // The picture point under `at` before: (at - pan) / zoom; after, the same point maps to `at`.
    const before = { x: (at.x - view.x) / view.zoom, y: (at.y - view.y) / view.zoom }
    expect(next.x + before.x * next.zoom).toBeCloseTo(at.x, 10)
    expect(next.y + before.y * next.zoom).toBeCloseTo(at.y, 10)
    // At the centre it does not move.
    expect(zoomTo(view, 2)).toEqual({ zoom: 2, x: 0, y: 0 })
  })

  it('pans, but never loses the picture out of the frame', () => {
    const view = panBy({ zoom: 2, x: 0, y: 0 }, 0.3, -0.4)
    expect(view).toEqual({ zoom: 2, x: 0.3, y: -0.4 })
    const far = panBy(view, 10, -10)
    expect(far).toEqual({ zoom: 2, x: 1, y: -1 })
    expect(panBy({ zoom: 0.5, x: 0, y: 0 }, 3, 0).x).toBe(0.5)
    expect(panBy(INITIAL_VIEW, Number.NaN, Infinity)).toEqual({ zoom: 0.9, x: 0, y: 0 })
  })

  it('reads the zoom a link asks for, refusing nonsense', () => {
    expect(parseZoom(null)).toBe(0.9)
    expect(parseZoom('')).toBe(0.9)
    expect(parseZoom('1.3')).toBe(1.3)
    expect(parseZoom('0.01')).toBe(0.2)
    expect(parseZoom('abc')).toBe(0.9)
    expect(parseZoom('1e400')).toBe(0.9)
  })

  it('one view gives the same transform to two frames (compare)', () => {
    const view = { zoom: 1.5, x: 0.1, y: -0.05 }
    expect(viewTransform(view)).toBe('translate(10%, -5%) scale(1.5)')
  })
})
