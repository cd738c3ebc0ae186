// A virtual sample's versions form a series (decision 139): the style shows each series by its
// newest version. The versions' markup is the samples feature's (samples/sample-versions.ts).

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
