// How many bytes a Yjs connection (and all of an account's connections) may send: a token bucket
// of bytes. Reading and applying an update runs in the portal's one thread, so a client that sends
// faster than this is slowed down (its socket is paused until it has credit again), not cut off:
// its edits arrive late but arrive (decision 166).

export interface ByteRate {
  /**
   * Takes `bytes` from the bucket, into debt if need be, and says how many milliseconds the sender
   * must wait before its next message for the debt to be paid (0: none).
   */
  charge(bytes: number, now?: number): number
}

export function createByteRate(options: { burst: number; perSecond: number }): ByteRate {
  let credit = options.burst
  let at: number | null = null
  return {
    charge(bytes, now = performance.now()) {
      if (at !== null) credit = Math.min(options.burst, credit + ((now - at) / 1000) * options.perSecond)
      at = now
      credit -= bytes
      return credit >= 0 ? 0 : Math.ceil((-credit / options.perSecond) * 1000)
    },
  }
}
