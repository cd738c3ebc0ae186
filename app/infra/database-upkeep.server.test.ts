// The vacuum timer for PGlite: first run after the start delay, then on its interval, none when
// turned off or on a Postgres server (no vacuum function), and stopping waits for a run under way.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DatabaseHandle } from '#db/client'
import { startDatabaseUpkeep } from './database-upkeep.server'

function database(vacuum?: () => Promise<void>): DatabaseHandle {
  return { kind: vacuum ? 'pglite' : 'postgres', vacuum } as unknown as DatabaseHandle
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.spyOn(console, 'log').mockImplementation(() => undefined)
})
afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('database upkeep', () => {
  it('vacuums after the first delay, then on every interval', async () => {
    const vacuum = vi.fn(async () => undefined)
    const stop = startDatabaseUpkeep(database(vacuum), { firstAfterMs: 1_000, everyMs: 10_000 })
    await vi.advanceTimersByTimeAsync(999)
    expect(vacuum).toHaveBeenCalledTimes(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(vacuum).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(vacuum).toHaveBeenCalledTimes(2)
    await stop()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(vacuum).toHaveBeenCalledTimes(2)
  })

  it('does nothing when turned off or without a vacuum (a Postgres server)', async () => {
    const vacuum = vi.fn(async () => undefined)
    await startDatabaseUpkeep(database(vacuum), { firstAfterMs: 0, everyMs: 0 })()
    startDatabaseUpkeep(database(), { firstAfterMs: 0, everyMs: 1_000 })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(vacuum).not.toHaveBeenCalled()
  })

  it('keeps going after a failed run, and stopping waits for a run in progress', async () => {
    let finish: () => void = () => undefined
    const vacuum = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('disk full'))
      .mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)))
    const stop = startDatabaseUpkeep(database(vacuum), { firstAfterMs: 0, everyMs: 100 })
    await vi.advanceTimersByTimeAsync(100)
    expect(vacuum).toHaveBeenCalledTimes(2)
    let stopped = false
    const stopping = stop().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    finish()
    await stopping
    expect(stopped).toBe(true)
  })
})
