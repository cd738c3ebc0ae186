// socket.io and Yjs on the portal's HTTP server, and the one publisher services send events through:
// socket rooms reach every process through the Redis adapter, Yjs documents through their own
// channel, and a removed grant or an ended session closes both kinds of connection.
import type { Env } from '#app/env.server'
import type { EventPublisher, ServiceDeps } from '#app/platform/context.server'
import { attachSocketServer, type SocketLayer } from '#realtime/socket.server'
import { attachYjs, type YjsLayer } from '#realtime/yjs.server'
import type { Server as HttpServer } from 'node:http'

export async function attachRealtime(
  httpServer: HttpServer,
  getDeps: () => ServiceDeps,
  env: Env,
  started: (() => Promise<void>)[],
): Promise<{ socket: SocketLayer; yjs: YjsLayer; publisher: EventPublisher }> {
  const realtimeOptions = {
    redisUrl: env.REDIS_URL,
    appUrl: () => env.APP_URL,
    logConnections: env.ACCESS_LOG ?? env.NODE_ENV !== 'test',
  }
  const socket = await attachSocketServer(httpServer, getDeps, realtimeOptions)
  started.push(() => socket.close())
  const yjs = await attachYjs(httpServer, getDeps, realtimeOptions)
  started.push(() => yjs.close())
  const publisher: EventPublisher = {
    ...socket.publisher,
    applyDocumentUpdate: (docName, update) => yjs.applyUpdate(docName, update),
    documentStored: (docName) => yjs.documentStored(docName),
    closeDocument: (docName) => yjs.closeDocument(docName),
    // Both reach every process: socket rooms through the adapter, Yjs through its own channel.
    revokeBrandAccess(accountKey, brandKey, revocation) {
      socket.publisher.revokeBrandAccess(accountKey, brandKey, revocation)
      yjs.closeConnections(accountKey, brandKey)
    },
    endSessions(sessionHashes) {
      socket.publisher.endSessions(sessionHashes)
      yjs.closeSessions(sessionHashes)
    },
  }
  return { socket, yjs, publisher }
}
