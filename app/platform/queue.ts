// A small queue that runs at most `concurrency` tasks at once; the others wait in order. Used in
// front of CPU-heavy work (image decoding) so a burst of requests cannot take every core.

export interface Queue {
  run<T>(task: () => Promise<T>): Promise<T>
  /** Tasks running now, and tasks waiting for a turn. */
  stats(): { running: number; waiting: number }
}

export function createQueue(concurrency: number): Queue {
  let running = 0
  const waiting: (() => void)[] = []
  return {
    async run(task) {
      // A waiting task is handed the running slot of the task that finishes before it.
      if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve))
      else running++
      try {
        return await task()
      } finally {
        if (waiting.length > 0) waiting.shift()!()
        else running--
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  }
}
