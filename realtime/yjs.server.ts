// Yjs over the y-websocket protocol at /yjs/{docName}. The document's kind (declared by its feature, registered in app/platform/yjs-kinds.server.ts) says
// which record's grants decide access and which abilities read and write it; read-only
// connections are handled by the protocol handler (./yjs/shared-doc.ts). Updates are stored
// through the kind as they arrive and compacted when the last client leaves. With REDIS_URL,
// updates, awareness (presence) and revocations fan out to the other processes (decision 136).
import type { IncomingMessage, Server as HttpServer } from 'node:http'
import type { Duplex } from 'node:stream'
import { randomBytes } from 'node:crypto'
import { createClient } from 'redis'
import { WebSocketServer, type WebSocket } from 'ws'
import * as Y from 'yjs'
import { logEvent, reportError } from '#app/infra/error-reporting.server'
import { isAppError } from '#app/platform/errors'
import { allows } from '#app/platform/access/abilities'
import { requireAbility } from '#app/platform/access/access.server'
import { readActor } from '#app/platform/actor-reader.server'
import { sessionHashOfHeaders } from '#app/platform/session-cookie.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { CLOSE_CODES, YJS_PATH_PREFIX, parseYjsDocName, type YjsDocName } from '#app/platform/protocol'
import { isAllowedOrigin, requestPathname } from './request-guard'
import { docKind, docKindPurposes, type YjsDocKind } from '#app/platform/yjs-kinds.server'
import { SharedDoc } from './yjs/shared-doc'
import { createByteRate, type ByteRate } from './yjs/byte-rate'
import { DEFAULT_UPDATE_LIMITS, type UpdateLimits } from '#app/platform/yjs-shapes'
import { closeRedis, survivesRedisOutages } from './redis-connection'
import type { Actor } from '#app/platform/access/actor'

/** Origins of updates that must not be stored or fanned out again. */
const FROM_STORE = Symbol('yjs-store')
const FROM_PEER = Symbol('yjs-peer')
/** socket.io answers its own upgrades (engine.io matches this prefix of the raw URL). */
const SOCKET_IO_PREFIX = '/socket.io/'
const PROCESS_ID = randomBytes(8)
const channelOf = (docName: string) => `yjs:${docName}`
const awarenessChannelOf = (docName: string) => `yjs-awareness:${docName}`
const REVOCATION_CHANNEL = 'yjs-revoked'
/** The first byte of an awareness message between processes: states to show, or a question for them. */
const AWARENESS_STATES = 0
const AWARENESS_QUERY = 1
/** The most a message may carry from another process (a client's are bounded by the kinds' limits). */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024
/** The most any client message other than an update may carry (awareness, sync step 1). */
const MAX_OTHER_MESSAGE_BYTES = 64 * 1024
/**
 * Bytes one account may send to Yjs documents through all its connections to this process
 * (decision 166); each connection also has its own rate from its document kind's limits.
 */
export const ACCOUNT_BYTE_RATE = { burst: 4 * 1024 * 1024, perSecond: 512 * 1024 }
/** A connection's own rate: two of its kind's largest updates at once, a quarter of one a second. */
export const connectionByteRate = (limits: UpdateLimits) => ({
  burst: 2 * limits.maxBytes,
  perSecond: limits.maxBytes / 4,
})
const MAX_TRACKED_ACCOUNTS = 10_000
/** What the byte rate counts for a message smaller than this (a cursor's move is ~100 bytes). */
const MIN_MESSAGE_COST = 1024
/** Stored rows from which a document is merged as soon as it is loaded (a few strokes' worth are normal). */
export const COMPACT_ON_LOAD_ROWS = 200

type RedisClient = ReturnType<typeof createClient>
type Listener = (message: Buffer) => void

interface FanOut {
  publish(channel: string, message: Uint8Array): void
  /** The other processes' messages on a channel; this process's own are skipped. */
  subscribe(channel: string, onMessage: (message: Uint8Array) => void): Promise<Listener>
  unsubscribe(channel: string, listener: Listener): Promise<void>
  publishRevocation(accountKey: string, brandKey: string): void
  publishEndedSessions(sessionHashes: readonly string[]): void
  publishClosedDocument(docName: string): void
  close(): Promise<void>
}

/** What another process asks to close: an account's documents of a brand, or sessions' ones. */
/** How long a stopping process waits for its Yjs clients to answer the close. */
const CLOSING_HANDSHAKE_MS = 1_000

type Revocation = { accountKey: string; brandKey: string } | { sessions: string[] } | { docName: string }

async function redisFanOut(url: string, onRevocation: (revocation: Revocation) => void): Promise<FanOut> {
  const pub: RedisClient = survivesRedisOutages(createClient({ url }), 'Yjs publisher')
  const sub: RedisClient = survivesRedisOutages(pub.duplicate(), 'Yjs subscriber')
  await Promise.all([pub.connect(), sub.connect()])
  await sub.subscribe(REVOCATION_CHANNEL, (message) => {
    try {
      onRevocation(JSON.parse(message) as Revocation)
    } catch (error) {
      reportError(error, { msg: 'yjs revocation message' })
    }
  })
  return {
    publish(channel, message) {
      void pub.publish(channel, Buffer.concat([PROCESS_ID, message])).catch(() => undefined)
    },
    async subscribe(channel, onMessage) {
      const listener: Listener = (message) => {
        // Our own messages come back too; the first bytes say which process sent them.
        if (message.subarray(0, PROCESS_ID.length).equals(PROCESS_ID)) return
        onMessage(new Uint8Array(message.subarray(PROCESS_ID.length)))
      }
      await sub.subscribe(channel, listener, true)
      return listener
    },
    async unsubscribe(channel, listener) {
      // Only this document copy's listener: a new copy of the same document may already listen.
      await sub.unsubscribe(channel, listener, true).catch(() => undefined)
    },
    publishRevocation(accountKey, brandKey) {
      void pub.publish(REVOCATION_CHANNEL, JSON.stringify({ accountKey, brandKey })).catch(() => undefined)
    },
    publishEndedSessions(sessionHashes) {
      void pub.publish(REVOCATION_CHANNEL, JSON.stringify({ sessions: sessionHashes })).catch(() => undefined)
    },
    publishClosedDocument(docName) {
      void pub.publish(REVOCATION_CHANNEL, JSON.stringify({ docName })).catch(() => undefined)
    },
    async close() {
      await Promise.all([pub, sub].map(closeRedis))
    },
  }
}

function refuse(socket: Duplex, status: number, reason: string) {
  if (socket.destroyed) return
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
  socket.destroy()
}

type Authorization = { refused: 401 | 403 | 404 } | { refused: null; actor: Actor; brandKey: string; readOnly: boolean }
const REASONS = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' } as const

export interface YjsLayer {
  /** Resolves when every received update has been written. */
  flush(): Promise<void>
  /**
   * A change the server made to a document: applied to this process's copy when it has one (which
   * stores it and sends it to its viewers; true), else sent to the other processes' copies (false:
   * the caller stores it).
   */
  applyUpdate(docName: string, update: Uint8Array): Promise<boolean>
  /** Resolves when the updates this process has received for the document so far are stored. */
  documentStored(docName: string): Promise<void>
  /** Closes the Yjs connections of an account to a brand's documents, on every process. */
  closeConnections(accountKey: string, brandKey: string): void
  /** Closes the Yjs connections opened with these sessions (SHA-256 of their ids), on every process. */
  closeSessions(sessionHashes: readonly string[]): void
  /** Closes every connection to a document, on every process: they open again, authorized afresh. */
  closeDocument(docName: string): void
  /** Documents open on this process and the connections to them (/metrics). */
  stats(): { documents: number; connections: number }
  close(): Promise<void>
}

export async function attachYjs(
  httpServer: HttpServer,
  getDeps: () => ServiceDeps,
  options: {
    redisUrl?: string
    appUrl?: () => string | undefined
    /** A line when a connection opens and when it closes, with its code and reason (decision 185). */
    logConnections?: boolean
  } = {},
): Promise<YjsLayer> {
  const pending = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    pending.add(work)
    void work.finally(() => pending.delete(work))
  }
  // The writes of each document's received updates, for a service that reads it right after.
  const storing = new Map<string, Set<Promise<unknown>>>()
  const trackStore = (docName: string, work: Promise<unknown>) => {
    track(work)
    const writes = storing.get(docName) ?? new Set()
    storing.set(docName, writes)
    writes.add(work)
    void work.finally(() => {
      writes.delete(work)
      if (writes.size === 0 && storing.get(docName) === writes) storing.delete(docName)
    })
  }
  const limitsOf = (kind: YjsDocKind): UpdateLimits => ({ ...DEFAULT_UPDATE_LIMITS, ...kind.limits })
  // A frame larger than any kind takes is refused by its header, before its bytes are read.
  const maxPayload = Math.max(
    MAX_OTHER_MESSAGE_BYTES,
    ...docKindPurposes().map((purpose) => limitsOf(docKind(purpose)!).maxBytes),
  )
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxPayload + 64 })
  const accountRates = new Map<string, ByteRate>()
  const accountRate = (accountKey: string) => {
    let rate = accountRates.get(accountKey)
    if (!rate) {
      if (accountRates.size >= MAX_TRACKED_ACCOUNTS) accountRates.delete(accountRates.keys().next().value!)
      rate = createByteRate(ACCOUNT_BYTE_RATE)
      accountRates.set(accountKey, rate)
    }
    return rate
  }
  // Who holds which connection, so losing access to a brand can close it at once.
  const connections = new Map<string, Set<WebSocket>>()
  const connectionKey = (accountKey: string, brandKey: string) => `${accountKey}\n${brandKey}`
  const closeLocal = (accountKey: string, brandKey: string) => {
    for (const ws of connections.get(connectionKey(accountKey, brandKey)) ?? []) {
      ws.close(CLOSE_CODES.accessRevoked, 'Access revoked')
    }
  }
  // Which connections each sign-in opened, so ending it closes them at once.
  const bySession = new Map<string, Set<WebSocket>>()
  const closeSessionsLocal = (sessionHashes: readonly string[]) => {
    for (const hash of sessionHashes) {
      for (const ws of bySession.get(hash) ?? []) ws.close(CLOSE_CODES.sessionEnded, 'Signed out')
    }
  }
  const fanOut = options.redisUrl
    ? await redisFanOut(options.redisUrl, (revocation) =>
        'sessions' in revocation
          ? closeSessionsLocal(revocation.sessions)
          : 'docName' in revocation
            ? closeDocumentLocal(revocation.docName)
            : closeLocal(revocation.accountKey, revocation.brandKey),
      )
    : null

  const docs = new Map<string, SharedDoc>()
  // Clients reconnect on this code and are authorized afresh (a sample locked meanwhile: read-only).
  const closeDocumentLocal = (docName: string) => {
    for (const ws of docs.get(docName)?.conns.keys() ?? []) ws.close(CLOSE_CODES.accessChanged, 'Access changed')
  }
  // A document's last copy is being written and compacted; a new copy loads after that.
  const releasing = new Map<string, Promise<void>>()

  function openDoc(docName: string, name: YjsDocName, kind: YjsDocKind): SharedDoc {
    const existing = docs.get(docName)
    if (existing) return existing
    const doc = new SharedDoc(docName)
    doc.shape = kind.shape
    doc.limits = limitsOf(kind)
    docs.set(docName, doc)
    let listener: Listener | undefined
    const awarenessListener = shareAwareness(doc)
    // Other processes get a change as browsers send it (format 1); the database in format 2.
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_STORE || origin === FROM_PEER) return
      fanOut?.publish(channelOf(docName), update)
    })
    doc.on('updateV2', (update: Uint8Array, origin: unknown) => {
      if (origin === FROM_STORE || origin === FROM_PEER) return
      trackStore(
        docName,
        kind
          .store(getDeps(), docName, name, update)
          .catch((error: unknown) => reportError(error, { msg: 'yjs persist', docName })),
      )
    })
    doc.loaded = (async () => {
      await releasing.get(docName)
      listener = await fanOut?.subscribe(channelOf(docName), (update) => Y.applyUpdate(doc, update, FROM_PEER))
      const updates = await kind.load(getDeps(), docName)
      doc.loadStored(updates, FROM_STORE)
      // Many rows mean a copy was not released (a crash, or another process still holds it open):
      // merge them now rather than when the last viewer leaves, so the next load reads one row.
      // Compaction merges the rows themselves, so one stored meanwhile is kept.
      if (updates.length >= COMPACT_ON_LOAD_ROWS) {
        track(
          kind
            .compact(getDeps(), docName, name)
            .catch((error: unknown) => reportError(error, { msg: 'yjs compact on load', docName })),
        )
      }
    })().catch((error: unknown) => {
      reportError(error, { msg: 'yjs load', docName })
      for (const ws of doc.conns.keys()) ws.close(1011, 'Document unavailable')
    })
    let released: Promise<void> | null = null
    doc.release = () => (released ??= release())
    const release = async () => {
      if (docs.get(docName) === doc) docs.delete(docName)
      // The writes received so far; this work itself joins `pending` and must not wait for itself.
      const writes = [...pending]
      const work = (async () => {
        await doc.loaded
        if (fanOut && listener) await fanOut.unsubscribe(channelOf(docName), listener)
        const presence = await awarenessListener
        if (fanOut && presence) await fanOut.unsubscribe(awarenessChannelOf(docName), presence)
        await Promise.all(writes)
        await kind.compact(getDeps(), docName, name)
      })()
        .catch((error: unknown) => reportError(error, { msg: 'yjs compact', docName }))
        .finally(() => {
          if (releasing.get(docName) === work) releasing.delete(docName)
          doc.destroy()
        })
      releasing.set(docName, work)
      track(work)
      await work
    }
    return doc
  }

  /**
   * Awareness of a document copy to and from the other processes, apart from its load: it is never
   * stored. Remote states live by the 30 s timeout of y-protocols like local ones, renewed by their
   * clients every 15 s; a connection that leaves takes its states away on every process.
   */
  function shareAwareness(doc: SharedDoc): Promise<Listener | undefined> {
    if (!fanOut) return Promise.resolve(undefined)
    const channel = awarenessChannelOf(doc.name)
    const publish = (kind: number, update: Uint8Array = new Uint8Array()) =>
      fanOut.publish(channel, Buffer.concat([Buffer.of(kind), update]))
    doc.shareAwareness = (update) => publish(AWARENESS_STATES, update)
    const onMessage = (message: Uint8Array) => {
      // No more than a connection may send.
      if (message.byteLength > MAX_MESSAGE_BYTES) return
      if (message[0] === AWARENESS_QUERY) {
        const states = doc.localAwareness()
        if (states) publish(AWARENESS_STATES, states)
      } else if (message[0] === AWARENESS_STATES) {
        try {
          doc.applyPeerAwareness(message.subarray(1))
        } catch (error) {
          reportError(error, { msg: 'yjs peer awareness', docName: doc.name })
        }
      }
    }
    return fanOut
      .subscribe(channel, onMessage)
      .then((subscribed) => {
        // Who already looks through another process shows at once, not at their next renewal.
        publish(AWARENESS_QUERY)
        return subscribed
      })
      .catch((error: unknown) => {
        reportError(error, { msg: 'yjs awareness subscribe', docName: doc.name })
        return undefined
      })
  }

  async function authorize(request: IncomingMessage, name: YjsDocName, kind: YjsDocKind): Promise<Authorization> {
    const actor: Actor | null = await readActor(getDeps(), request.headers).catch(() => null)
    if (!actor) return { refused: 401 }
    try {
      const access = await requireAbility(getDeps(), actor, kind.read, kind.target(name))
      // A record of another brand under this brand's name would be stored as this brand's.
      if (access.brandKey !== name.brandKey) return { refused: 404 }
      const readOnly = !allows(kind.write, access.grant) || ((await kind.readOnly?.(getDeps(), name)) ?? false)
      return { refused: null, actor, brandKey: access.brandKey, readOnly }
    } catch (error) {
      // Not revealed: a document without any grant answers as if it did not exist (decision 007).
      if (isAppError(error) && error.type === 'NotFound') return { refused: 404 }
      if (isAppError(error) && error.type === 'PermissionError') return { refused: 403 }
      throw error
    }
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that goes away mid-handshake must not take the process with it.
    socket.on('error', () => socket.destroy())
    if (request.url?.startsWith(SOCKET_IO_PREFIX)) return
    const pathname = requestPathname(request)
    if (pathname === null) return refuse(socket, 400, 'Bad Request')
    if (!pathname.startsWith(YJS_PATH_PREFIX)) return refuse(socket, 404, 'Not Found')
    const name = parseYjsDocName(pathname.slice(YJS_PATH_PREFIX.length))
    const kind = name && docKind(name.purpose)
    if (!name || !kind) return refuse(socket, 404, 'Not Found')
    if (!isAllowedOrigin(request, options.appUrl?.())) return refuse(socket, 403, 'Forbidden')
    const docName = pathname.slice(YJS_PATH_PREFIX.length)
    authorize(request, name, kind)
      .then((answer) => {
        if (answer.refused !== null) return refuse(socket, answer.refused, REASONS[answer.refused])
        if (socket.destroyed) return
        wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
          const key = connectionKey(answer.actor.key, answer.brandKey)
          const open = connections.get(key) ?? new Set<WebSocket>()
          connections.set(key, open.add(ws))
          const sessionHash = sessionHashOfHeaders(request.headers)
          const ofSession = sessionHash ? (bySession.get(sessionHash) ?? new Set<WebSocket>()) : null
          if (sessionHash && ofSession) bySession.set(sessionHash, ofSession.add(ws))
          const opened = performance.now()
          const fields = { doc: docName, account: answer.actor.key, readOnly: answer.readOnly }
          if (options.logConnections) logEvent('info', 'yjs opened', fields)
          ws.once('close', (code: number, reason: Buffer) => {
            if (options.logConnections) {
              logEvent('info', 'yjs closed', {
                ...fields,
                code,
                reason: reason.toString('utf8').slice(0, 120),
                seconds: Math.round(performance.now() - opened) / 1000,
              })
            }
            open.delete(ws)
            if (open.size === 0 && connections.get(key) === open) connections.delete(key)
            ofSession?.delete(ws)
            if (sessionHash && ofSession?.size === 0 && bySession.get(sessionHash) === ofSession) {
              bySession.delete(sessionHash)
            }
          })
          const ofConnection = createByteRate(connectionByteRate(limitsOf(kind)))
          const ofAccount = accountRate(answer.actor.key)
          openDoc(docName, name, kind).connect(
            ws,
            answer.readOnly,
            (doc) => void doc.release(),
            { key: answer.actor.key, name: answer.actor.name },
            (bytes) => {
              // Each message costs at least a kilobyte: a flood of tiny ones (a cursor a millisecond,
              // relayed to every viewer) is slowed too.
              const cost = Math.max(bytes, MIN_MESSAGE_COST)
              return Math.max(ofConnection.charge(cost), ofAccount.charge(cost))
            },
          )
        })
      })
      .catch((error: unknown) => {
        reportError(error, { msg: 'yjs upgrade', docName })
        refuse(socket, 503, 'Service Unavailable')
      })
  }
  httpServer.on('upgrade', onUpgrade)

  return {
    stats() {
      let open = 0
      for (const set of connections.values()) open += set.size
      return { documents: docs.size, connections: open }
    },
    async flush() {
      await Promise.all([...pending])
    },
    async documentStored(docName) {
      await Promise.all([...(storing.get(docName) ?? [])])
    },
    async applyUpdate(docName, update) {
      const doc = docs.get(docName)
      if (!doc) {
        fanOut?.publish(channelOf(docName), update)
        return false
      }
      await doc.loaded
      Y.applyUpdate(doc, update)
      return true
    },
    closeConnections(accountKey, brandKey) {
      closeLocal(accountKey, brandKey)
      fanOut?.publishRevocation(accountKey, brandKey)
    },
    closeSessions(sessionHashes) {
      if (sessionHashes.length === 0) return
      closeSessionsLocal(sessionHashes)
      fanOut?.publishEndedSessions(sessionHashes)
    },
    closeDocument(docName) {
      closeDocumentLocal(docName)
      fanOut?.publishClosedDocument(docName)
    },
    async close() {
      httpServer.off('upgrade', onUpgrade)
      // Clients reconnect on this code (to another process behind the load balancer); one that
      // does not answer the closing handshake soon is cut.
      const clients = [...wss.clients]
      for (const client of clients) client.close(CLOSE_CODES.serviceRestart, 'The server is restarting')
      await Promise.race([
        Promise.all(clients.map((client) => new Promise((resolve) => client.once('close', resolve)))),
        new Promise((resolve) => setTimeout(resolve, CLOSING_HANDSHAKE_MS).unref()),
      ])
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await Promise.all([...docs.values()].map((doc) => doc.release()))
      await Promise.all([...pending])
      await fanOut?.close()
    },
  }
}
