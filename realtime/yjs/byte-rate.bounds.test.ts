// The Yjs byte rates at their exact bounds. A connection may send twice its kind's largest update
// at once and a quarter of one a second after that; an account may send 4 MiB at once and
// 512 KiB a second over all its connections together. The burst itself is sent without waiting;
// one byte more waits for exactly the time its credit takes to come back.
import { describe, expect, it } from 'vitest'
import { DEFAULT_UPDATE_LIMITS } from '#app/platform/yjs-shapes'
import { ACCOUNT_BYTE_RATE, connectionByteRate } from '../yjs.server'
import { createByteRate } from './byte-rate'

const MiB = 1024 * 1024
const KiB = 1024

describe("a Yjs connection's own byte rate", () => {
  const rate = connectionByteRate(DEFAULT_UPDATE_LIMITS)

  it('is twice the largest update at once and a quarter of one a second', () => {
    expect(DEFAULT_UPDATE_LIMITS.maxBytes).toBe(256 * KiB)
    expect(rate).toEqual({ burst: 512 * KiB, perSecond: 64 * KiB })
  })

  it('sends two of the largest updates without waiting, and a byte more waits for its credit', () => {
    const bucket = createByteRate(rate)
    expect(bucket.charge(DEFAULT_UPDATE_LIMITS.maxBytes, 0)).toBe(0)
    expect(bucket.charge(DEFAULT_UPDATE_LIMITS.maxBytes, 0)).toBe(0)
    // One kilobyte at 64 KiB a second: 1/64 of a second, 15.625 ms, rounded up.
    expect(bucket.charge(KiB, 0)).toBe(16)
  })

  it('gets back a quarter of the largest update each second, and no more', () => {
    const bucket = createByteRate(rate)
    expect(bucket.charge(2 * DEFAULT_UPDATE_LIMITS.maxBytes, 0)).toBe(0)
    expect(bucket.charge(64 * KiB, 1000)).toBe(0)
    expect(bucket.charge(1, 1000)).toBeGreaterThan(0)
  })
})

describe("an account's byte rate over all its connections", () => {
  it('is 4 MiB at once and 512 KiB a second', () => {
    expect(ACCOUNT_BYTE_RATE).toEqual({ burst: 4 * MiB, perSecond: 512 * KiB })
  })

  it('lets eight connections send their whole bursts, and makes a ninth wait for the account', () => {
    const account = createByteRate(ACCOUNT_BYTE_RATE)
    const perConnection = connectionByteRate(DEFAULT_UPDATE_LIMITS)
    // As the portal charges a message: its connection's bucket and its account's, the longer wait.
    const send = (connection: ReturnType<typeof createByteRate>, bytes: number) =>
      Math.max(connection.charge(bytes, 0), account.charge(bytes, 0))
    const connections = Array.from({ length: 9 }, () => createByteRate(perConnection))
    for (const connection of connections.slice(0, 8)) expect(send(connection, perConnection.burst)).toBe(0)
    // The ninth has all of its own left, but the account has none: 1 KiB at 512 KiB a second.
    expect(send(connections[8]!, KiB)).toBe(2)
  })
})
