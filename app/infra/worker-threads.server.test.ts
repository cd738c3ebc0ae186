import { describe, expect, it } from 'vitest'
import { Slots } from './worker-threads.server'

describe('Slots', () => {
  it('lets `limit` holders in at once and the next in line in as each leaves, in order', async () => {
    const slots = new Slots(2)
    const entered: string[] = []
    const enter = async (name: string) => {
      const release = await slots.acquire()
      entered.push(name)
      return release
    }
    const releaseA = await enter('a')
    const releaseB = await enter('b')
    const c = enter('c')
    const d = enter('d')
    await new Promise((resolve) => setImmediate(resolve))
    expect(entered).toEqual(['a', 'b'])
    releaseA()
    const releaseC = await c
    expect(entered).toEqual(['a', 'b', 'c'])
    // A second release of the same slot frees nothing more.
    releaseA()
    await new Promise((resolve) => setImmediate(resolve))
    expect(entered).toEqual(['a', 'b', 'c'])
    releaseB()
    const releaseD = await d
    expect(entered).toEqual(['a', 'b', 'c', 'd'])
    releaseC()
    releaseD()
    // All free again: two enter at once.
    await Promise.all([enter('e'), enter('f')])
    expect(entered.slice(-2)).toEqual(['e', 'f'])
  })
})
