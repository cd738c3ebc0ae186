// socket.io: authenticated from the session cookie at handshake, one room per account, brand
// rooms joined only with a grant on the brand. With REDIS_URL the Redis adapter connects processes.
import type { Server as HttpServer } from 'node:http'
import { Server, type Socket } from 'socket.io'
import { createAdapter } from '@socket.io/redis-adapter'
import { createClient } from 'redis'
import * as z from 'zod/mini'
import { isAppError } from '#app/lib/errors'
import { hasBrandGrant } from '#app/policy/permissions'
import { loadGrants, type Actor } from '#app/services/accounts.server'
import { actorFromHeaders } from '#app/services/session-reader.server'
import type { EventPublisher, ServiceDeps } from '#app/services/context.server'
import { BrandJoinSchema, EVENTS, rooms, type BrandJoinAck } from './protocol'

export interface SocketLayer {
  io: Server
  publisher: EventPublisher
  close(): Promise<void>
}

export async function attachSocketServer(
  httpServer: HttpServer,
  getDeps: () => ServiceDeps,
  options: { redisUrl?: string },
): Promise<SocketLayer> {
  // destroyUpgrade off: the Yjs endpoint shares the HTTP server's upgrade event.
  const io = new Server(httpServer, { serveClient: false, destroyUpgrade: false })
  const redisClients: ReturnType<typeof createClient>[] = []
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl })
    const sub = pub.duplicate()
    await Promise.all([pub.connect(), sub.connect()])
    redisClients.push(pub, sub)
    io.adapter(createAdapter(pub, sub))
  }

  io.use((socket, next) => {
    actorFromHeaders(getDeps(), socket.request.headers)
      .then((actor) => {
        socket.data.actor = actor
        next()
      })
      .catch((error: unknown) =>
        next(new Error(isAppError(error) && error.type === 'AuthNoSession' ? 'AuthNoSession' : 'AuthInvalidSession')),
      )
  })

  io.on('connection', (socket: Socket) => {
    const actor = socket.data.actor as Actor
    void socket.join(rooms.account(actor.key))
    socket.on(EVENTS.brandJoin, async (payload: unknown, ack?: (answer: BrandJoinAck) => void) => {
      const reply = typeof ack === 'function' ? ack : () => {}
      const parsed = z.safeParse(BrandJoinSchema, payload)
      if (!parsed.success) return reply({ ok: false, error: 'ValidationError' })
      // Grants are read again: one may have been revoked since the handshake.
      const grants = await loadGrants(getDeps(), actor.key).catch(() => [])
      if (!hasBrandGrant(grants, parsed.data.brand)) return reply({ ok: false, error: 'PermissionError' })
      await socket.join(rooms.brand(parsed.data.brand))
      reply({ ok: true })
    })
  })

  return {
    io,
    publisher: {
      publish(room, event, payload) {
        io.to(room).emit(event, payload)
      },
      revokeBrandAccess(accountKey, brandKey) {
        // Through the adapter, so sockets on other processes leave too.
        io.in(rooms.account(accountKey)).socketsLeave(rooms.brand(brandKey))
      },
    },
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()))
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)))
    },
  }
}
