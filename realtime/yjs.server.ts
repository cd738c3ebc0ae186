// Yjs over the y-websocket protocol at /yjs/{docName}. The document name carries the brand; the
// upgrade is allowed only with a grant on it, and read-only grants may not send updates. Every
// update is appended to Postgres before it can be lost, and compacted when the last client leaves.
import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { parse as parseCookie } from 'cookie'
import { asc, eq, inArray, and, lte } from 'drizzle-orm'
import { WebSocketServer, type WebSocket } from 'ws'
import * as Y from 'yjs'
import { setPersistence, setupWSConnection } from '@y/websocket-server/utils'
import { yjsUpdates } from '#db/schema'
import { AUTH_COOKIE } from '#app/lib/session.server'
import { brandGrantTypes } from '#app/policy/permissions'
import { actorFromSessionCookie } from '#app/services/auth.server'
import type { ServiceDeps } from '#app/services/context.server'
import { parseYjsDocName } from './protocol'

const FROM_STORE = Symbol('yjs-store')
const PATH_PREFIX = '/yjs/'

/** Loads a document's stored updates, then appends each new update as it happens. */
function bindPostgresPersistence(getDeps: () => ServiceDeps, pending: Set<Promise<unknown>>) {
  setPersistence({
    provider: null,
    bindState: async (docName: string, ydoc: Y.Doc) => {
      const parsed = parseYjsDocName(docName)
      if (!parsed) return
      const { db } = getDeps()
      const rows = await db.select().from(yjsUpdates).where(eq(yjsUpdates.docName, docName)).orderBy(asc(yjsUpdates.id))
      Y.transact(ydoc, () => rows.forEach((row) => Y.applyUpdate(ydoc, row.update)), FROM_STORE)
      ydoc.on('update', (update: Uint8Array, origin: unknown) => {
        if (origin === FROM_STORE) return
        const write = db
          .insert(yjsUpdates)
          .values({ docName, brandKey: parsed.brandKey, update })
          .catch((error: unknown) =>
            console.error(JSON.stringify({ level: 'error', msg: 'yjs persist', error: String(error) })),
          )
        pending.add(write)
        void write.finally(() => pending.delete(write))
      })
    },
    writeState: async (docName: string, ydoc: Y.Doc) => {
      // Compaction: replace the stored updates with one update holding the whole state.
      await Promise.all([...pending])
      const parsed = parseYjsDocName(docName)
      if (!parsed) return
      const { db } = getDeps()
      await db.transaction(async (tx) => {
        const rows = await tx.select({ id: yjsUpdates.id }).from(yjsUpdates).where(eq(yjsUpdates.docName, docName))
        if (rows.length < 2) return
        const maxId = Math.max(...rows.map((row) => row.id))
        await tx.delete(yjsUpdates).where(
          and(
            eq(yjsUpdates.docName, docName),
            lte(yjsUpdates.id, maxId),
            inArray(
              yjsUpdates.id,
              rows.map((r) => r.id),
            ),
          ),
        )
        await tx.insert(yjsUpdates).values({ docName, brandKey: parsed.brandKey, update: Y.encodeStateAsUpdate(ydoc) })
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
  close(): Promise<void>
}

export function attachYjs(httpServer: HttpServer, getDeps: () => ServiceDeps): YjsLayer {
  const pending = new Set<Promise<unknown>>()
  bindPostgresPersistence(getDeps, pending)
  const wss = new WebSocketServer({ noServer: true, maxPayload: 10 * 1024 * 1024 })

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (!url.pathname.startsWith(PATH_PREFIX)) return
    const docName = decodeURIComponent(url.pathname.slice(PATH_PREFIX.length))
    const parsed = parseYjsDocName(docName)
    if (!parsed) return refuse(socket, 404, 'Not Found')
    const header = request.headers.cookie
    const sessionCookie = header ? parseCookie(header)[AUTH_COOKIE] : undefined
    if (!sessionCookie) return refuse(socket, 401, 'Unauthorized')
    actorFromSessionCookie(getDeps(), sessionCookie)
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
    async close() {
      httpServer.off('upgrade', onUpgrade)
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await Promise.all([...pending])
    },
  }
}
