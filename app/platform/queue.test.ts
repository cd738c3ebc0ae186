import { describe, expect, it } from 'vitest'
import { createQueue } from '#app/platform/queue'

function deferred() {
  let resolve!: () => void
  let reject!: (error: Error) => void
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

describe('createQueue', () => {
  it('runs at most `concurrency` tasks at once and starts the others in order as slots free up', async () => {
    const queue = createQueue(2)
    const gates = [deferred(), deferred(), deferred(), deferred()]
    const started: number[] = []
    const results = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i)
        await gate.promise
        return i
      }),
    )
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    expect(queue.stats()).toEqual({ running: 2, waiting: 2 })

    gates[1]!.resolve()
    await results[1]
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2])
    expect(queue.stats()).toEqual({ running: 2, waiting: 1 })

    // A failing task frees its slot too.
    gates[0]!.reject(new Error('decode failed'))
    await expect(results[0]).rejects.toThrow('decode failed')
    await Promise.resolve()
    expect(started).toEqual([0, 1, 2, 3])

    gates[2]!.resolve()
    gates[3]!.resolve()
    expect(await Promise.all(results.slice(2))).toEqual([2, 3])
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 })
  })
})
