// Zoom and pan of a picture in a frame (the Expand lightbox and the side-by-side compare of two
// versions). Pure, so the rules are tested without a browser, and one view can drive two frames:
// the pan is in fractions of the frame, so the same view sits the same in frames of the same size.
// Lightbox constants are atelier.md §9's: zoom initial 0.9, min 0.2, step 0.1; fade 200 ms.

export const ZOOM = { initial: 0.9, min: 0.2, step: 0.1, max: 8 } as const
export const LIGHTBOX_FADE_MS = 200

export interface View {
  /** 1 = the picture fitted to the frame. */
  zoom: number
  /** The picture's centre from the frame's centre, in frame widths and heights. */
  x: number
  y: number
}

export const INITIAL_VIEW: View = { zoom: ZOOM.initial, x: 0, y: 0 }

/** Two decimals: stepping by 0.1 must land on 1.0, not 0.9999999. */
const round = (value: number) => Math.round(value * 100) / 100

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM.initial
  return round(Math.min(ZOOM.max, Math.max(ZOOM.min, zoom)))
}

/**
 * Keeps part of the picture in the frame: its centre may go as far as half the picture's size
 * past the frame's centre, so it can be dragged to an edge but never lost.
 */
export function clampPan(view: View): View {
  const limit = Math.max(0.5, view.zoom / 2)
  const clamp = (value: number) => (Number.isFinite(value) ? Math.min(limit, Math.max(-limit, value)) : 0)
  return { zoom: view.zoom, x: clamp(view.x), y: clamp(view.y) }
}

/**
 * Zooms to `zoom` keeping the picture's point under `at` (frame fractions from its centre, -0.5..0.5)
 * where it is, as a wheel or a pinch does; the buttons zoom at the centre.
 */
export function zoomTo(view: View, zoom: number, at: { x: number; y: number } = { x: 0, y: 0 }): View {
  const next = clampZoom(zoom)
  const factor = next / view.zoom
  return clampPan({ zoom: next, x: at.x - (at.x - view.x) * factor, y: at.y - (at.y - view.y) * factor })
}

export const zoomIn = (view: View, at?: { x: number; y: number }) => zoomTo(view, view.zoom + ZOOM.step, at)
export const zoomOut = (view: View, at?: { x: number; y: number }) => zoomTo(view, view.zoom - ZOOM.step, at)

/** Drags by a distance in frame fractions. */
export function panBy(view: View, dx: number, dy: number): View {
  return clampPan({ zoom: view.zoom, x: view.x + dx, y: view.y + dy })
}

/** The zoom a link or the address asks for (`?zoom=1.3`), for the page without JavaScript. */
export function parseZoom(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === '') return ZOOM.initial
  const zoom = Number(value)
  return Number.isFinite(zoom) ? clampZoom(zoom) : ZOOM.initial
}

/** The CSS transform of the picture's layer (a frame-sized box, so percentages are of the frame). */
export function viewTransform(view: View): string {
  return `translate(${round4(view.x * 100)}%, ${round4(view.y * 100)}%) scale(${view.zoom})`
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000

export const zoomLabel = (zoom: number) => `${Math.round(zoom * 100)}%`
