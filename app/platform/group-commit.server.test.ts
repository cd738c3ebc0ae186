import { describe, expect, it } from 'vitest'
import { groupCommit } from '#app/platform/group-commit.server'

describe('groupCommit', () => {
  it('writes items added in one turn together, and those added meanwhile in the next batch', async () => {
    const batches: number[][] = []
    let release!: () => void
    const firstBatchHeld = new Promise<void>((resolve) => (release = resolve))
    const done = new Promise<void>((resolve) => {
      const queue = groupCommit<number>(
        async (items) => {
          batches.push(items)
          if (batches.length === 1) await firstBatchHeld
          if (items.includes(5)) resolve()
        },
        () => {},
      )
      queue.add(1)
      queue.add(2)
      setImmediate(() => {
        // The first batch is being written: these wait for the next one.
        queue.add(3)
        queue.add(4)
        queue.add(5)
        release()
      })
    })
    await done
    expect(batches).toEqual([
      [1, 2],
      [3, 4, 5],
    ])
  })

  it('settles every item of a batch that throws, and goes on with the next', async () => {
    const failed: number[] = []
    const written: number[] = []
    await new Promise<void>((resolve) => {
      const queue = groupCommit<number>(
        async (items) => {
          if (items.includes(1)) throw new Error('disk full')
          written.push(...items)
          resolve()
        },
        (item) => failed.push(item),
      )
      queue.add(1)
      queue.add(2)
      setImmediate(() => setImmediate(() => queue.add(3)))
    })
    expect(failed).toEqual([1, 2])
    expect(written).toEqual([3])
  })

  it('cuts a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = []
    await new Promise<void>((resolve) => {
      const queue = groupCommit<number>(
        async (items) => {
          sizes.push(items.length)
          if (sizes.reduce((sum, size) => sum + size, 0) === 7) resolve()
        },
        () => {},
        3,
      )
      for (let i = 0; i < 7; i++) queue.add(i)
    })
    expect(sizes).toEqual([3, 3, 1])
  })
})
