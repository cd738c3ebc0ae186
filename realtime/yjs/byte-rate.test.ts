import { describe, expect, it } from 'vitest'
import { createByteRate } from './byte-rate'

describe('the byte rate of a Yjs connection', () => {
  it('lets a burst through up to its exact size, and makes the next byte wait for its credit', () => {
    const rate = createByteRate({ burst: 1000, perSecond: 100 })
    expect(rate.charge(600, 0)).toBe(0)
    expect(rate.charge(400, 0)).toBe(0)
    // One byte over: a hundredth of a second (10 ms) at 100 bytes a second.
    expect(rate.charge(1, 0)).toBe(10)
  })

  it('refills at its rate, never above the burst', () => {
    const rate = createByteRate({ burst: 1000, perSecond: 100 })
    expect(rate.charge(1000, 0)).toBe(0)
    // Two seconds later: 200 bytes of credit, exactly.
    expect(rate.charge(200, 2000)).toBe(0)
    expect(rate.charge(1, 2000)).toBe(10)
    // A long pause refills to the burst and no further.
    const rested = createByteRate({ burst: 1000, perSecond: 100 })
    rested.charge(1, 0)
    expect(rested.charge(1000, 1_000_000)).toBe(0)
    expect(rested.charge(1, 1_000_000)).toBe(10)
  })

  it('counts debt, so a sender that keeps sending waits for all of it', () => {
    const rate = createByteRate({ burst: 100, perSecond: 100 })
    expect(rate.charge(100, 0)).toBe(0)
    expect(rate.charge(300, 0)).toBe(3000)
    // Still in debt half way through the wait.
    expect(rate.charge(0, 1500)).toBe(1500)
  })
})
