// socket.io: authenticated from the session cookie at handshake, then each unit of ./units runs its
// hooks (authorize, join, events, disconnect). With REDIS_URL the Redis adapter connects processes.
import { randomUUID } from 'node:crypto'
import type { Server as HttpServer } from 'node:http'
import { Server, type Socket } from 'socket.io'
import { createAdapter } from '@socket.io/redis-adapter'
import { createClient } from 'redis'
import * as z from 'zod/mini'
import { logEvent, reportError } from '#app/infra/error-reporting.server'
import { isAppError } from '#app/platform/errors'
import { readActor } from '#app/platform/actor-reader.server'
import { sessionHashOfHeaders } from '#app/platform/session-cookie.server'
import { forbiddenTextPath, TEXT_REFUSED } from '#app/platform/text-rule'
import { createBurstLimit } from '#app/platform/burst-limit'
import type { EventPublisher, ServiceDeps } from '#app/platform/context.server'
import { CLIENT_EVENT_SCHEMAS, EVENTS, PRESENCE_TIMINGS, rooms, SERVER_EVENTS } from '#app/platform/protocol'
import { connectionName, watchFleet, type Fleet } from './fleet'
import { closeRedis, survivesRedisOutages } from './redis-connection'
import { isAllowedOrigin, requestPathname } from './request-guard'
import { UNITS } from './units'
import type { EventHandler, RealtimeUnit, UnitContext } from './units/types'
import type { Actor } from '#app/platform/access/actor'

export interface SocketLayer {
  io: Server
  /** All but the documents' part, which the Yjs layer serves. */
  publisher: Omit<EventPublisher, 'applyDocumentUpdate' | 'documentStored' | 'closeDocument'>
  close(): Promise<void>
  /** Redis, when the fleet shares one: /readyz asks it (app/infra/readiness.server.ts). */
  readinessChecks: { name: string; check(): Promise<unknown> }[]
}

const SOCKET_PATH = '/socket.io/'

export async function attachSocketServer(
  httpServer: HttpServer,
  getDeps: () => ServiceDeps,
  options: {
    redisUrl?: string
    appUrl?: () => string | undefined
    units?: readonly RealtimeUnit[]
    /** A line when a socket opens and when it closes, with why (docs/decisions/185). */
    logConnections?: boolean
  },
): Promise<SocketLayer> {
  const units = options.units ?? UNITS
  // destroyUpgrade off: the Yjs endpoint shares the HTTP server's upgrade event.
  const io = new Server(httpServer, {
    serveClient: false,
    destroyUpgrade: false,
    // A connection lost without a goodbye (a dropped network, a sleeping laptop) is noticed within
    // 4 s, so its account shows offline within 5 s (socket.io's defaults wait up to 45 s).
    pingInterval: PRESENCE_TIMINGS.pingIntervalMs,
    pingTimeout: PRESENCE_TIMINGS.pingTimeoutMs,
    // A malformed request or a foreign page is refused before the handshake reads anything.
    allowRequest: (request, callback) => {
      const allowed = requestPathname(request)?.startsWith(SOCKET_PATH) === true
      callback(null, allowed && isAllowedOrigin(request, options.appUrl?.()))
    },
  })
  const redisClients: ReturnType<typeof createClient>[] = []
  const readinessChecks: SocketLayer['readinessChecks'] = []
  let fleet: Fleet | null = null
  // Another process stopped without its sockets' disconnects: each unit sets right what it kept.
  const processGone = () => {
    for (const unit of units) {
      void Promise.resolve(unit.processGone?.({ io, deps: getDeps() })).catch((error: unknown) =>
        reportError(error, { msg: 'socket unit processGone', unit: unit.name }),
      )
    }
  }
  if (options.redisUrl) {
    const processId = randomUUID()
    const pub = survivesRedisOutages(
      createClient({ url: options.redisUrl, name: connectionName(processId) }),
      'socket.io publisher',
    )
    const sub = survivesRedisOutages(pub.duplicate(), 'socket.io subscriber')
    await Promise.all([pub.connect(), sub.connect()])
    redisClients.push(pub, sub)
    // Not connected is not ready at once: a PING would wait in the offline queue.
    readinessChecks.push({
      name: 'redis',
      check: () =>
        [pub, sub].every((client) => client.isReady) ? pub.ping() : Promise.reject(new Error('Redis is not connected')),
    })
    io.adapter(createAdapter(pub, sub))
    io.on(SERVER_EVENTS.processGone, processGone)
    fleet = watchFleet(pub, processId, () => {
      io.serverSideEmit(SERVER_EVENTS.processGone)
      processGone()
    })
  }

  io.use((socket, next) => {
    const deps = getDeps()
    void (async () => {
      let actor: Actor
      try {
        actor = await readActor(deps, socket.request.headers)
      } catch (error) {
        return next(
          new Error(isAppError(error) && error.type === 'AuthNoSession' ? 'AuthNoSession' : 'AuthInvalidSession'),
        )
      }
      try {
        for (const unit of units) await unit.authorize?.({ deps, actor })
      } catch (error) {
        if (!isAppError(error)) reportError(error, { msg: 'socket unit authorize' })
        return next(new Error(errorType(error)))
      }
      socket.data.actor = actor
      socket.data.sessionHash = sessionHashOfHeaders(socket.request.headers)
      next()
    })()
  })

  io.on('connection', (socket: Socket) => {
    const context: UnitContext = { deps: getDeps(), actor: socket.data.actor as Actor, socket }
    if (options.logConnections) {
      const opened = performance.now()
      const fields = { socket: socket.id, account: context.actor.key, transport: socket.conn.transport.name }
      logEvent('info', 'socket opened', fields)
      socket.once('disconnect', (reason) =>
        logEvent('info', 'socket closed', {
          ...fields,
          reason,
          seconds: Math.round(performance.now() - opened) / 1000,
        }),
      )
    }
    // The sign-in this socket belongs to: ending it closes the socket (publisher.endSessions).
    const sessionHash = socket.data.sessionHash as string | null
    if (sessionHash) void socket.join(rooms.session(sessionHash))
    const joins: Promise<unknown>[] = []
    for (const unit of units) {
      const joined = Promise.resolve(unit.join?.(context))
      joins.push(joined)
      joined.catch((error: unknown) => {
        reportError(error, { msg: 'socket unit join', unit: unit.name })
        socket.disconnect(true)
      })
      for (const [event, handler] of Object.entries(unit.events ?? {})) {
        socket.on(event, (payload: unknown, ack?: unknown) => void answer(context, event, handler, payload, ack))
      }
      if (unit.disconnect) socket.on('disconnect', (reason) => unit.disconnect!(context, reason))
    }
    // Joined by itself (a chat's room after a lookup): told, so the page counts as live from then.
    Promise.all(joins).then(
      () => {
        if (socket.connected) socket.emit(EVENTS.ready)
      },
      () => undefined,
    )
  })

  return {
    io,
    readinessChecks,
    publisher: {
      publish(room, event, payload) {
        io.to(room).emit(event, payload)
      },
      revokeBrandAccess(accountKey, brandKey, revocation) {
        // Through the adapter, so sockets on other processes leave too.
        if (revocation?.leaveRoom !== false) io.in(rooms.account(accountKey)).socketsLeave(rooms.brand(brandKey))
      },
      endSessions(sessionHashes) {
        // Through the adapter: the sockets of these sessions on every process are closed.
        if (sessionHashes.length > 0) io.in(sessionHashes.map(rooms.session)).disconnectSockets(true)
      },
      joinRooms(accountKey, names) {
        if (names.length > 0) io.in(rooms.account(accountKey)).socketsJoin([...names])
      },
      leaveRooms(accountKey, names) {
        if (names.length > 0) io.in(rooms.account(accountKey)).socketsLeave([...names])
      },
      async accountsIn(room) {
        const sockets = await io.in(room).fetchSockets()
        return new Set(
          sockets.map((socket) => (socket.data as { actor?: Actor }).actor?.key).filter((key): key is string => !!key),
        )
      },
      async socketsIn(room) {
        // socket.data travels with a socket of another process, so its tab's idleness does too.
        const sockets = await io.in(room).fetchSockets()
        return sockets.flatMap((socket) => {
          const data = socket.data as { actor?: Actor; idle?: boolean }
          return data.actor ? [{ id: socket.id, account: data.actor.key, idle: data.idle === true }] : []
        })
      },
    },
    async close() {
      await fleet?.stop()
      await new Promise<void>((resolve) => io.close(() => resolve()))
      await Promise.all(redisClients.map(closeRedis))
    },
  }
}

/**
 * Every client event is limited per connection and per account before it runs (chat:send has,
 * besides, its own limit per sender in the chat service). A person's clients stay far below:
 * typing is sent every few seconds, watch and mark-read once per conversation opened. A flood is
 * refused with the same answer shape as any other refusal, and is not relayed to anyone.
 */
const perConnection = createBurstLimit({ capacity: 20, refillPerSecond: 5 })
const perAccount = createBurstLimit({ capacity: 60, refillPerSecond: 15 })
export const EVENTS_LIMITED = 'Too many requests at once. Please wait a moment before trying again.'

/** Validates the payload against the protocol's schema, runs the handler, acknowledges. */
async function answer(context: UnitContext, event: string, handler: EventHandler, payload: unknown, ack: unknown) {
  const reply = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => {}
  // Both buckets are asked, so a flood spread over many connections of one account stops too.
  const connectionOk = perConnection.take(`${context.socket.id}:${event}`)
  const accountOk = perAccount.take(`${context.actor.key}:${event}`)
  if (!connectionOk || !accountOk) return reply({ ok: false, error: 'RateLimited', message: EVENTS_LIMITED })
  const schema = (CLIENT_EVENT_SCHEMAS as Record<string, z.ZodMiniType | undefined>)[event]
  const badText = forbiddenTextPath(payload, 'payload')
  if (badText) return reply({ ok: false, error: 'ValidationError', message: `${badText}: ${TEXT_REFUSED}` })
  const parsed = schema ? z.safeParse(schema, payload) : { success: true as const, data: payload }
  if (!parsed.success) return reply({ ok: false, error: 'ValidationError' })
  try {
    reply(await handler(context, parsed.data))
  } catch (error) {
    if (!isAppError(error)) reportError(error, { msg: 'socket event', event })
    reply({ ok: false, error: errorType(error) })
  }
}

function errorType(error: unknown): string {
  return isAppError(error) ? error.type : 'UnexpectedError'
}
