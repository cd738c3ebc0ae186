// Versions of a virtual sample (decision 139): uploading a new version keeps the old one in the
// same series; the style shows each series by its newest version, and the markup of the version
// it replaces is carried over, each mark flagged "needs re-check" until someone looks at it again.
import type { Shape } from '#app/features/samples/markup/shapes'

export interface Versioned {
  key: string
  /** The key of the series' first version; the first version itself has none. */
  series: string | null
  version: number
}

export const seriesKeyOf = (sample: Versioned) => sample.series ?? sample.key

/** Each series once, by its highest version, in the order the newest versions come. */
export function newestOfEachSeries<T extends Versioned>(samples: readonly T[]): T[] {
  const newest = new Map<string, T>()
  for (const sample of samples) {
    const series = seriesKeyOf(sample)
    const held = newest.get(series)
    if (!held || sample.version > held.version) newest.set(series, sample)
  }
  return samples.filter((sample) => newest.get(seriesKeyOf(sample)) === sample)
}

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
