// A token bucket per key, kept in the process: cheap enough to run before every chat message,
// where a database-backed limit would cost a write per message. Each process counts on its own,
// so behind N processes a sender gets at most N times the rate; it stops floods, not fair use.

export interface BurstLimit {
  /** Takes one token for `key`; false when none is left (the caller refuses the action). */
  take(key: string, now?: number): boolean
}

export function createBurstLimit(options: { capacity: number; refillPerSecond: number; maxKeys?: number }): BurstLimit {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const maxKeys = options.maxKeys ?? 100_000
  return {
    take(key, now = Date.now()) {
      const bucket = buckets.get(key) ?? { tokens: options.capacity, at: now }
      const refilled = Math.min(
        options.capacity,
        bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * options.refillPerSecond,
      )
      if (refilled < 1) {
        buckets.set(key, { tokens: refilled, at: now })
        return false
      }
      // Forget the oldest keys first when too many senders are tracked (a Map keeps insertion order).
      buckets.delete(key)
      if (buckets.size >= maxKeys) buckets.delete(buckets.keys().next().value!)
      buckets.set(key, { tokens: refilled - 1, at: now })
      return true
    },
  }
}
