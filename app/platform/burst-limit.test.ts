import { describe, expect, it } from 'vitest'
import { createBurstLimit } from '#app/platform/burst-limit'

describe('burst limit', () => {
  it('allows a burst up to the capacity, then one per refill interval', () => {
    const limit = createBurstLimit({ capacity: 3, refillPerSecond: 1 })
    expect([1, 2, 3, 4].map(() => limit.take('ana', 0))).toEqual([true, true, true, false])
    expect(limit.take('ana', 500)).toBe(false)
    expect(limit.take('ana', 1000)).toBe(true)
    expect(limit.take('ana', 1000)).toBe(false)
  })

  it('counts each key on its own and never refills past the capacity', () => {
    const limit = createBurstLimit({ capacity: 2, refillPerSecond: 1 })
    expect([limit.take('ana', 0), limit.take('ana', 0), limit.take('ben', 0)]).toEqual([true, true, true])
    expect([1, 2, 3].map(() => limit.take('ana', 60_000))).toEqual([true, true, false])
  })

  it('forgets the oldest senders beyond maxKeys, which then start full', () => {
    const limit = createBurstLimit({ capacity: 1, refillPerSecond: 0.001, maxKeys: 2 })
    expect(limit.take('a', 0)).toBe(true)
    expect(limit.take('b', 0)).toBe(true)
    expect(limit.take('c', 0)).toBe(true)
    expect(limit.take('a', 0)).toBe(true)
    expect(limit.take('c', 0)).toBe(false)
  })
})
