// Streams a portal writes for a reader it does not control (a download to a phone, a far-away
// browser): what is written waits for the reader instead of piling up in memory.
import { once } from 'node:events'
import type { Writable } from 'node:stream'

/**
 * Resolves once `out` has room again (its reader took what was written) or was closed. The
 * listeners of the race's loser are removed: a long stream waits thousands of times.
 */
export async function readerCaughtUp(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return
  const stop = new AbortController()
  try {
    await Promise.race([once(out, 'drain', { signal: stop.signal }), once(out, 'close', { signal: stop.signal })])
  } finally {
    stop.abort()
  }
}
