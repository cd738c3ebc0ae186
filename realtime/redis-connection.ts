// The realtime layer's Redis connections. A Redis that goes away (a restart, a network cut) must
// not stop the portal: node-redis reports every failed reconnect as an 'error' event, which with no
// listener ends the process. The outage is logged once and the client goes on reconnecting;
// /readyz says "not ready" meanwhile (app/infra/readiness.server.ts).
import { logEvent } from '#app/infra/error-reporting.server'
import type { createClient } from 'redis'

type RedisClient = ReturnType<typeof createClient>

export function survivesRedisOutages(client: RedisClient, role: string): RedisClient {
  let down = false
  client.on('error', (error: unknown) => {
    if (down) return
    down = true
    logEvent('warn', 'Redis connection lost, reconnecting', {
      role,
      message: error instanceof Error ? error.message : String(error),
    })
  })
  client.on('ready', () => {
    if (!down) return
    down = false
    logEvent('info', 'Redis connection back', { role })
  })
  return client
}

/** How long a stopping process gives a reconnecting client to come back before cutting it off. */
const RECONNECT_GRACE_MS = 2_000

/**
 * Closes politely once connected (what was sent is delivered). A client still reconnecting is
 * given a moment, then cut off: a polite close would wait for Redis forever.
 */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return
  const waited = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
  if (!client.isReady) {
    let onReady = () => {}
    await Promise.race([
      new Promise<void>((resolve) => client.once('ready', (onReady = resolve))),
      waited(RECONNECT_GRACE_MS),
    ])
    client.off('ready', onReady)
  }
  // A polite close resolves only once Redis has answered what is pending: bounded as well.
  if (client.isReady) await Promise.race([client.close().catch(() => undefined), waited(RECONNECT_GRACE_MS)])
  if (client.isOpen) {
    try {
      client.destroy()
    } catch {
      // closed meanwhile
    }
  }
}
