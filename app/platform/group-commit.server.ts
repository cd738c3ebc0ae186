// Group commit (docs/decisions/060): work items that arrive while a batch is being written wait and
// are written together in the next one, so a busy process makes a few statements per batch instead
// of a few per item. Nothing waits on a timer: a lone item is written on the next turn of the event
// loop, and under load a batch is what arrived during the previous one.

export interface GroupCommit<T> {
  /** Queues an item; the batch handler settles it. */
  add(item: T): void
}

/**
 * `run` receives every queued item (at most `maxBatch`) and must settle each of them (resolve or
 * reject whatever promise the item carries); if it throws, `fail` is called for each item.
 */
export function groupCommit<T>(
  run: (items: T[]) => Promise<void>,
  fail: (item: T, error: unknown) => void,
  maxBatch = 500,
): GroupCommit<T> {
  let queue: T[] = []
  let running = false

  async function drain() {
    running = true
    try {
      while (queue.length > 0) {
        const batch = queue.length <= maxBatch ? queue : queue.slice(0, maxBatch)
        queue = queue.length <= maxBatch ? [] : queue.slice(maxBatch)
        try {
          await run(batch)
        } catch (error) {
          for (const item of batch) fail(item, error)
        }
      }
    } finally {
      running = false
    }
  }

  return {
    add(item) {
      queue.push(item)
      // Sends that arrive in the same turn (one socket read, say) join the same batch.
      if (!running && queue.length === 1) setImmediate(() => void drain())
    },
  }
}
