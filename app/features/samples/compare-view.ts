// How two versions are compared on the sample page (issue 28): side by side or stacked in one
// frame, with or without their markup, and how much of the newer one shows on top. All of it is
// query state (`?compareMarkup=off`, `?overlay=on`, `?opacity=NN`), so it works without JavaScript.
import type { Shape } from '#app/features/samples/markup/shapes'

/** The top version's opacity, in percent, when the address does not say. */
export const DEFAULT_OPACITY = 50

export interface CompareState {
  /** Each side's markup drawn over its picture (on unless `?compareMarkup=off`). */
  showMarkup: boolean
  /** Both versions stacked in one frame, the newer on top (`?overlay=on`). */
  overlay: boolean
  /** The top version's opacity in overlay mode, 0–100. */
  opacity: number
}

/** What the page receives to compare: the query state and the compared version's markup. */
export interface CompareView extends CompareState {
  /** The shapes drawn on the other version, as stored. */
  otherMarkup: Shape[]
}

/** An opacity from the address: a whole percent, kept within 0–100; anything else is the default. */
export function parseOpacity(value: string | null | undefined): number {
  if (value === null || value === undefined || value.trim() === '') return DEFAULT_OPACITY
  const number = Number(value)
  if (!Number.isFinite(number)) return DEFAULT_OPACITY
  return Math.min(100, Math.max(0, Math.round(number)))
}

export function parseCompareState(query: URLSearchParams): CompareState {
  return {
    showMarkup: query.get('compareMarkup') !== 'off',
    overlay: query.get('overlay') === 'on',
    opacity: parseOpacity(query.get('opacity')),
  }
}

/**
 * The query changes that give a compare state, for the page's links: defaults are left out of the
 * address, so the plain compare link stays short.
 */
export function compareQuery(state: CompareState): Record<'compareMarkup' | 'overlay' | 'opacity', string | null> {
  return {
    compareMarkup: state.showMarkup ? null : 'off',
    overlay: state.overlay ? 'on' : null,
    opacity: state.opacity === DEFAULT_OPACITY ? null : String(state.opacity),
  }
}

/** The shapes an overlay of a picture draws (a pin on a 3D model has no place on a picture). */
export function pictureShapes(shapes: readonly Shape[]): Shape[] {
  return shapes.filter((shape) => shape.kind !== 'pin3d')
}

/** Two versions in order, older first: on the left side by side, underneath when stacked. */
export function olderFirst<T extends { version: number }>(a: T, b: T): [T, T] {
  return a.version <= b.version ? [a, b] : [b, a]
}
