// Finding a portal process that stopped without a goodbye is a claim: of the processes that notice
// it on their own beats, exactly one tells its own people, once. A process whose key is still
// alive is left listed however often the others look; once its key ran out (driven here by
// removing it, not by waiting), it is found once and never again.
import { createClient } from 'redis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BEAT_MS, watchFleet, type Fleet } from '#realtime/fleet'
import { startRedisServer, stopRedisServers } from '#tests/support/redis-server'

const PROCESSES_KEY = 'portal:fleet:processes'
const aliveKey = (id: string) => `portal:fleet:alive:${id}`

type RedisClient = ReturnType<typeof createClient>
let url: string
const clients: RedisClient[] = []
const fleets: Fleet[] = []

beforeAll(async () => {
  url = await startRedisServer()
})
afterAll(async () => {
  for (const fleet of fleets) await fleet.stop()
  for (const client of clients) await client.quit().catch(() => undefined)
  stopRedisServers()
})

async function client(): Promise<RedisClient> {
  const redis = createClient({ url })
  await redis.connect()
  clients.push(redis)
  return redis
}

/** Waits until `found` holds, or fails naming what it waited for. */
async function waitFor(what: string, found: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!(await found())) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}; it did not happen`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Long enough for every watcher to beat twice more. */
const twoBeats = () => new Promise((resolve) => setTimeout(resolve, BEAT_MS * 2 + 300))

describe('a process gone without a goodbye', () => {
  it('is told of by one of the processes that notice it, once; a live one never', async () => {
    const store = await client()
    // One process stopped (listed, its key gone); one still alive elsewhere.
    await store.sAdd(PROCESSES_KEY, ['gone-1', 'live-1'])
    await store.set(aliveKey('live-1'), '1', { PX: 60_000 })

    // Both start in the same moment, so they beat together and notice together.
    const told: string[] = []
    const [a, b] = [await client(), await client()]
    fleets.push(
      watchFleet(a, 'watcher-a', () => told.push('watcher-a')),
      watchFleet(b, 'watcher-b', () => told.push('watcher-b')),
    )
    await waitFor('a watcher telling of the stopped process', () => told.length > 0)
    await twoBeats()

    expect(told).toHaveLength(1)
    expect((await store.sMembers(PROCESSES_KEY)).sort()).toEqual(['live-1', 'watcher-a', 'watcher-b'])

    // The live process's key runs out: it is found once, by one of them, and then left alone.
    await store.del(aliveKey('live-1'))
    await waitFor('a watcher telling of the process whose key ran out', () => told.length > 1)
    await twoBeats()
    expect(told).toHaveLength(2)
    expect((await store.sMembers(PROCESSES_KEY)).sort()).toEqual(['watcher-a', 'watcher-b'])
    expect(await store.exists([aliveKey('watcher-a'), aliveKey('watcher-b')])).toBe(2)
  })
})
