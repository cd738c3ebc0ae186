// Versions of a virtual sample (decision 139): uploading a new version keeps the old one in the
// same series; the style shows each series by its newest version, and the markup of the version
// it replaces is carried over, each mark flagged "needs re-check" until someone looks at it again.
import type { Shape } from '#app/features/samples/markup/shapes'

export { newestOfEachSeries, seriesKeyOf, type Versioned } from '#app/features/atelier'

/** The marks of the replaced version, as the new version starts with them. */
export function carriedOver(shapes: readonly Shape[]): Shape[] {
  return shapes.map((shape) => ({ ...shape, needsRecheck: true }))
}

/** A mark someone has looked at again (or moved) on the new version. */
export function markChecked<S extends Shape>(shape: S): S {
  const { needsRecheck: _dropped, ...rest } = shape
  return rest as S
}

export const needsRecheckCount = (shapes: readonly Shape[]) => shapes.filter((shape) => shape.needsRecheck).length

export const versionLabel = (version: number) => `Version ${version}`
