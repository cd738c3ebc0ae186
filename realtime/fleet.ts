// Which portal processes are alive, kept in Redis, so a process that stops without a goodbye (a
// crash, a kill, a lost machine) does not leave its people online: its sockets left, but no
// disconnect event ran anywhere. Each process renews a short-lived key of its own every second;
// whoever first finds a listed process without its key takes it off the list and tells the others
// (docs/decisions/154). Finding it takes at most ALIVE_FOR_MS + BEAT_MS after it stopped. Its
// Redis connections are closed then, in case its machine vanished without closing them: until
// they close, Redis counts it and every question to the fleet would wait for its answer.
import type { createClient } from 'redis'

type RedisClient = ReturnType<typeof createClient>

const PROCESSES_KEY = 'portal:fleet:processes'
const aliveKey = (id: string) => `portal:fleet:alive:${id}`
/** How often a process renews its key and looks for stopped ones. */
export const BEAT_MS = 1_000
/** How long a key outlives its last renewal: a stall shorter than this is not taken for a stop. */
export const ALIVE_FOR_MS = 2_500

/** The name of a process's Redis connections (createClient's `name`), so the fleet can close them. */
export const connectionName = (processId: string) => `portal-fleet-${processId}`

export interface Fleet {
  stop(): Promise<void>
}

/** Keeps this process listed while it runs; `onGone` runs here when another one stopped answering. */
export function watchFleet(redis: RedisClient, processId: string, onGone: () => void): Fleet {
  let running: Promise<void> = Promise.resolve()
  const beat = async () => {
    await redis.set(aliveKey(processId), '1', { PX: ALIVE_FOR_MS })
    await redis.sAdd(PROCESSES_KEY, processId)
    const listed = (await redis.sMembers(PROCESSES_KEY)).filter((id) => id !== processId)
    if (listed.length === 0) return
    const alive = await redis.mGet(listed.map(aliveKey))
    const gone = listed.filter((_, index) => alive[index] === null)
    // Removing is the claim: of the processes that notice, one tells the fleet.
    if (gone.length === 0 || (await redis.sRem(PROCESSES_KEY, gone)) === 0) return
    await closeConnectionsOf(redis, gone).catch(() => {
      // A Redis that refuses CLIENT LIST or KILL: questions wait for the adapter's timeout instead.
    })
    onGone()
  }
  const timer = setInterval(() => {
    running = running.then(beat).catch(() => {
      // Redis is away for a moment: the next beat tries again.
    })
  }, BEAT_MS)
  timer.unref()
  void (running = beat().catch(() => {}))
  return {
    async stop() {
      clearInterval(timer)
      await running
      // A clean stop says so itself: its sockets' disconnects told everyone who left.
      await Promise.all([redis.sRem(PROCESSES_KEY, processId), redis.del(aliveKey(processId))]).catch(() => {})
    },
  }
}

async function closeConnectionsOf(redis: RedisClient, processIds: string[]) {
  const names = new Set(processIds.map(connectionName))
  const list = String(await redis.sendCommand(['CLIENT', 'LIST']))
  for (const line of list.split('\n')) {
    const id = /(?:^| )id=(\d+)/.exec(line)?.[1]
    const name = / name=(\S+)/.exec(line)?.[1]
    if (id && name && names.has(name)) await redis.sendCommand(['CLIENT', 'KILL', 'ID', id])
  }
}
