// Yjs over the y-websocket protocol at /yjs/{docName}. The document name carries the brand; the
// upgrade is allowed only with a grant on it, and read-only grants may not send updates. Every
// update is appended to Postgres as it arrives and compacted when the last client leaves. With
// REDIS_URL, updates fan out to the other processes serving the same document.
import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import { createClient } from 'redis'
import { WebSocketServer, type WebSocket } from 'ws'
import * as Y from 'yjs'
import { setPersistence, setupWSConnection } from '@y/websocket-server/utils'
import { yjsUpdates } from '#db/schema'
import { reportError } from '#app/infra/error-reporting.server'
import { brandGrantTypes } from '#app/policy/permissions'
import { actorFromHeaders } from '#app/services/session-reader.server'
import type { ServiceDeps } from '#app/services/context.server'
import { parseYjsDocName } from './protocol'

/** Origins of updates that must not be stored or fanned out again. */
const FROM_STORE = Symbol('yjs-store')
const FROM_PEER = Symbol('yjs-peer')
const PATH_PREFIX = '/yjs/'
const PROCESS_ID = randomBytes(8)
const channelOf = (docName: string) => `yjs:${docName}`

type RedisClient = ReturnType<typeof createClient>
type Listener = (message: Buffer) => void

interface FanOut {
  publish(docName: string, update: Uint8Array): void
  subscribe(docName: string, onUpdate: (update: Uint8Array) => void): Promise<Listener>
  unsubscribe(docName: string, listener: Listener): Promise<void>
  close(): Promise<void>
}

async function redisFanOut(url: string): Promise<FanOut> {
  const pub: RedisClient = createClient({ url })
  const sub: RedisClient = pub.duplicate()
  await Promise.all([pub.connect(), sub.connect()])
  return {
    publish(docName, update) {
      void pub.publish(channelOf(docName), Buffer.concat([PROCESS_ID, update])).catch(() => undefined)
    },
    async subscribe(docName, onUpdate) {
      const listener: Listener = (message) => {
        // Our own updates come back too; the first bytes say which process sent them.
        if (message.subarray(0, PROCESS_ID.length).equals(PROCESS_ID)) return
        onUpdate(new Uint8Array(message.subarray(PROCESS_ID.length)))
      }
      await sub.subscribe(channelOf(docName), listener, true)
      return listener
    },
    async unsubscribe(docName, listener) {
      // Only this document copy's listener: a new copy of the same document may already listen.
      await sub.unsubscribe(channelOf(docName), listener, true).catch(() => undefined)
    },
    async close() {
      await Promise.all([pub.quit(), sub.quit()].map((p) => p.catch(() => undefined)))
    },
  }
}

/** Loads a document's stored updates, then stores (and fans out) each new update as it happens. */
function bindPersistence(getDeps: () => ServiceDeps, pending: Set<Promise<unknown>>, fanOut: FanOut | null) {
  const listeners = new WeakMap<Y.Doc, Listener>()
  const track = (work: Promise<unknown>) => {
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }
  setPersistence({
    provider: null,
    bindState: async (docName: string, ydoc: Y.Doc) => {
      const parsed = parseYjsDocName(docName)
      if (!parsed) return
      const { db } = getDeps()
      ydoc.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin === FROM_STORE || origin === FROM_PEER) return
        fanOut?.publish(docName, update)
        track(
          db
            .insert(yjsUpdates)
            .values({ docName, brandKey: parsed.brandKey, update })
            .catch((error: unknown) => reportError(error, { msg: 'yjs persist', docName })),
        )
      })
      const listener = await fanOut?.subscribe(docName, (update) => Y.applyUpdate(ydoc, update, FROM_PEER))
      if (listener) listeners.set(ydoc, listener)
      const rows = await db.select().from(yjsUpdates).where(eq(yjsUpdates.docName, docName)).orderBy(asc(yjsUpdates.id))
      Y.transact(ydoc, () => rows.forEach((row) => Y.applyUpdate(ydoc, row.update)), FROM_STORE)
    },
    writeState: async (docName: string, ydoc: Y.Doc) => {
      const listener = listeners.get(ydoc)
      if (fanOut && listener) await fanOut.unsubscribe(docName, listener)
      await Promise.all([...pending])
      const parsed = parseYjsDocName(docName)
      if (!parsed) return
      // Compaction merges the stored rows themselves (not this process's copy), so an update
      // another process stored a moment ago is never dropped.
      await getDeps().db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: yjsUpdates.id, update: yjsUpdates.update })
          .from(yjsUpdates)
          .where(eq(yjsUpdates.docName, docName))
          .orderBy(asc(yjsUpdates.id))
        if (rows.length < 2) return
        const merged = Y.mergeUpdates(rows.map((row) => row.update))
        await tx.delete(yjsUpdates).where(
          inArray(
            yjsUpdates.id,
            rows.map((row) => row.id),
          ),
        )
        await tx.insert(yjsUpdates).values({ docName, brandKey: parsed.brandKey, update: merged })
      })
    },
  })
}

/** Sync step 2 and updates change the document; a read-only member may send neither. */
function isWriteMessage(data: Buffer | ArrayBuffer | Buffer[]): boolean {
  const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)
  return bytes.length >= 2 && bytes[0] === 0 && (bytes[1] === 1 || bytes[1] === 2)
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  socket.destroy()
}

export interface YjsLayer {
  /** Resolves when every received update has been written. */
  flush(): Promise<void>
  /** Closes this process's Yjs connections of an account to a brand's documents. */
  closeConnections(accountKey: string, brandKey: string): void
  close(): Promise<void>
}

export async function attachYjs(
  httpServer: HttpServer,
  getDeps: () => ServiceDeps,
  options: { redisUrl?: string } = {},
): Promise<YjsLayer> {
  const pending = new Set<Promise<unknown>>()
  const fanOut = options.redisUrl ? await redisFanOut(options.redisUrl) : null
  bindPersistence(getDeps, pending, fanOut)
  const wss = new WebSocketServer({ noServer: true, maxPayload: 10 * 1024 * 1024 })
  // Who holds which connection, so losing access to a brand can close it at once.
  const connections = new Map<string, Set<WebSocket>>()
  const connectionKey = (accountKey: string, brandKey: string) => `${accountKey}\n${brandKey}`

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (!url.pathname.startsWith(PATH_PREFIX)) return
    const docName = decodeURIComponent(url.pathname.slice(PATH_PREFIX.length))
    const parsed = parseYjsDocName(docName)
    if (!parsed) return refuse(socket, 404, 'Not Found')
    actorFromHeaders(getDeps(), request.headers)
      .then((actor) => {
        const held = brandGrantTypes(actor.grants, parsed.brandKey)
        // Not revealed: a brand without any grant answers as if the document did not exist.
        if (held.length === 0) return refuse(socket, 404, 'Not Found')
        const readOnly = !held.includes('owner') && !held.includes('editor')
        wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
          if (readOnly) {
            const on = ws.on.bind(ws)
            ws.on = ((event: string, listener: (...args: unknown[]) => void) =>
              event === 'message'
                ? on('message', (data, isBinary) => {
                    if (!isWriteMessage(data)) listener(data, isBinary)
                  })
                : on(event as 'close', listener as () => void)) as typeof ws.on
          }
          const key = connectionKey(actor.key, parsed.brandKey)
          const open = connections.get(key) ?? new Set<WebSocket>()
          connections.set(key, open.add(ws))
          ws.once('close', () => {
            open.delete(ws)
            if (open.size === 0) connections.delete(key)
          })
          setupWSConnection(ws, request, { docName })
        })
      })
      .catch(() => refuse(socket, 401, 'Unauthorized'))
  }
  httpServer.on('upgrade', onUpgrade)

  return {
    async flush() {
      await Promise.all([...pending])
    },
    closeConnections(accountKey, brandKey) {
      for (const ws of connections.get(connectionKey(accountKey, brandKey)) ?? []) ws.close(4403, 'Access revoked')
    },
    async close() {
      httpServer.off('upgrade', onUpgrade)
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await Promise.all([...pending])
      await fanOut?.close()
    },
  }
}
