// One Yjs document held in memory with its connections, speaking the y-websocket protocol (sync
// and awareness messages). A read-only connection is handled here, at the protocol: its sync
// step 1 is answered, its awareness (presence) is shared, but its sync step 2 and updates, the
// two messages that change a document, are dropped. Awareness changed through this copy's
// connections is handed to `shareAwareness` (other processes), and theirs comes back through
// `applyPeerAwareness`: shown to this copy's connections, never shared again.
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import type { WebSocket } from 'ws'
import * as Y from 'yjs'
import { logEvent } from '#app/infra/error-reporting.server'
import { CLOSE_CODES } from '../protocol'
import type { DocShape } from '#app/platform/yjs-shapes'
import { refusalOf } from './update-check'

const MESSAGE_SYNC = 0
const MESSAGE_AWARENESS = 1
/**
 * A connection that answers no ping within this time is closed, and its person leaves "Looking
 * now": a dropped network or a sleeping laptop shows gone within two intervals (3 s, inside the
 * 5 s that presence promises, decision 154; socket.io pings as often), not a minute. A ping is a
 * few bytes.
 */
const PING_INTERVAL_MS = 1_500
/** Origins of awareness changes: a connection that left, and another process's connections. */
const CONNECTION_LEFT = Symbol('connection-left')
const FROM_PEER = Symbol('awareness-peer')

interface Connection {
  readOnly: boolean
  /** Who the connection belongs to: its presence shows them, whatever the client claims. */
  identity: PresenceIdentity | null
  /** Awareness client ids this connection controls, removed when it leaves. */
  clients: Set<number>
}

export interface PresenceIdentity {
  key: string
  name: string
}

/** The most one client's presence may hold (a stroke being drawn is its largest part). */
export const MAX_PRESENCE_CHARS = 32 * 1024

/**
 * A connection's awareness update as the server passes it on: each state names the connection's
 * own account as its user, a read-only connection shows no stroke being drawn, and a state larger
 * than MAX_PRESENCE_CHARS is left out. Throws on a malformed update (the connection is closed).
 */
export function stampPresence(update: Uint8Array, identity: PresenceIdentity, readOnly: boolean): Uint8Array {
  const decoder = decoding.createDecoder(update)
  const entries: { client: number; clock: number; state: string }[] = []
  const count = decoding.readVarUint(decoder)
  for (let i = 0; i < count; i++) {
    const client = decoding.readVarUint(decoder)
    const clock = decoding.readVarUint(decoder)
    const text = decoding.readVarString(decoder)
    if (text.length > MAX_PRESENCE_CHARS) continue
    const state = JSON.parse(text) as unknown
    if (state === null || typeof state !== 'object' || Array.isArray(state)) {
      entries.push({ client, clock, state: 'null' })
      continue
    }
    const stamped: Record<string, unknown> = { ...(state as Record<string, unknown>) }
    stamped.user = { key: identity.key, name: identity.name }
    if (readOnly) delete stamped.drawing
    entries.push({ client, clock, state: JSON.stringify(stamped) })
  }
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, entries.length)
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.client)
    encoding.writeVarUint(encoder, entry.clock)
    encoding.writeVarString(encoder, entry.state)
  }
  return encoding.toUint8Array(encoder)
}

export class SharedDoc extends Y.Doc {
  readonly name: string
  readonly awareness: awarenessProtocol.Awareness
  readonly conns = new Map<WebSocket, Connection>()
  /** Resolves once the stored state is loaded; messages wait for it, in their order. */
  loaded: Promise<void> = Promise.resolve()
  /** Writes and compacts the document once its last connection has left; set by its owner. */
  release: () => Promise<void> = () => Promise.resolve()
  /** Sends an awareness update made through this copy's connections to other processes; set by its owner. */
  shareAwareness: (update: Uint8Array) => void = () => {}
  /** What clients may write (the document kind's shape); null takes any update (unit tests). */
  shape: DocShape | null = null
  /**
   * The whole document as one update (format 1, as the sync protocol speaks), for clients that
   * hold nothing yet (an empty state vector in their sync step 1): encoded once and kept until the
   * document changes (decision 138).
   */
  private wholeState: Uint8Array | null = null

  constructor(name: string) {
    super({ gc: true })
    this.name = name
    this.awareness = new awarenessProtocol.Awareness(this)
    this.awareness.setLocalState(null)
    this.awareness.on(
      'update',
      ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
        const conn = this.conns.get(origin as WebSocket)
        if (conn) {
          // Updated too: a client whose state this copy already knew (from another process, or an
          // earlier connection) is still this connection's to remove when it leaves.
          for (const id of [...added, ...updated]) conn.clients.add(id)
          removed.forEach((id) => conn.clients.delete(id))
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed])
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
        encoding.writeVarUint8Array(encoder, update)
        this.broadcast(encoding.toUint8Array(encoder))
        // Renewals too: other processes expire states not renewed for 30 s, as this one does.
        if (conn || origin === CONNECTION_LEFT) this.shareAwareness(update)
      },
    )
    this.on('update', (update: Uint8Array) => {
      this.wholeState = null
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      syncProtocol.writeUpdate(encoder, update)
      this.broadcast(encoding.toUint8Array(encoder))
    })
  }

  private broadcast(message: Uint8Array) {
    for (const ws of this.conns.keys()) send(ws, message)
  }

  /**
   * Applies the document's stored updates (format 2, decision 140), before any client has synced,
   * in one transaction and without the update events: Yjs would encode the whole loaded state for
   * their listeners (about as long as applying it), and the connections get it through sync step 2
   * anyway.
   */
  loadStored(updates: Uint8Array[], origin: unknown): void {
    // Yjs encodes a transaction's update only while someone listens to 'update' or 'updateV2'.
    const events = ['update', 'updateV2'] as const
    const listeners = events.map((event) => this._observers.get(event))
    events.forEach((event) => this._observers.delete(event))
    try {
      Y.transact(this, () => updates.forEach((update) => Y.applyUpdateV2(this, update)), origin)
    } finally {
      events.forEach((event, i) => {
        const set = listeners[i]
        if (set) this._observers.set(event, set)
      })
    }
    this.wholeState = null
  }

  /** The answer to a client's sync step 1: the part of the document its state vector lacks. */
  private syncStep2(stateVector: Uint8Array): Uint8Array {
    const update =
      Y.decodeStateVector(stateVector).size === 0
        ? (this.wholeState ??= Y.encodeStateAsUpdate(this))
        : Y.encodeStateAsUpdate(this, stateVector)
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
    encoding.writeVarUint8Array(encoder, update)
    return encoding.toUint8Array(encoder)
  }

  /** Starts serving a connection; `onEmpty` runs when the last connection has left. */
  connect(
    ws: WebSocket,
    readOnly: boolean,
    onEmpty: (doc: SharedDoc) => void,
    identity: PresenceIdentity | null = null,
  ): void {
    ws.binaryType = 'arraybuffer'
    this.conns.set(ws, { readOnly, identity, clients: new Set() })
    ws.on('message', (data: ArrayBuffer) => {
      const message = new Uint8Array(data)
      void this.loaded.then(() => this.receive(ws, message))
    })
    let alive = true
    const ping = setInterval(() => {
      if (!alive) return ws.terminate()
      alive = false
      ws.ping()
    }, PING_INTERVAL_MS)
    ws.on('pong', () => (alive = true))
    ws.on('close', () => {
      clearInterval(ping)
      const conn = this.conns.get(ws)
      if (!conn) return
      this.conns.delete(ws)
      awarenessProtocol.removeAwarenessStates(this.awareness, [...conn.clients], CONNECTION_LEFT)
      if (this.conns.size === 0) onEmpty(this)
    })
    void this.loaded.then(() => {
      const encoder = encoding.createEncoder()
      encoding.writeVarUint(encoder, MESSAGE_SYNC)
      syncProtocol.writeSyncStep1(encoder, this)
      send(ws, encoding.toUint8Array(encoder))
      const states = this.awareness.getStates()
      if (states.size > 0) {
        const awareness = encoding.createEncoder()
        encoding.writeVarUint(awareness, MESSAGE_AWARENESS)
        encoding.writeVarUint8Array(
          awareness,
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...states.keys()]),
        )
        send(ws, encoding.toUint8Array(awareness))
      }
    })
  }

  /** Awareness from another process's connections; throws on a malformed update. */
  applyPeerAwareness(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, FROM_PEER)
  }

  /** The awareness states of this copy's own connections, for a process that has just opened the document. */
  localAwareness(): Uint8Array | null {
    const states = this.awareness.getStates()
    const clients = [...this.conns.values()].flatMap((conn) => [...conn.clients].filter((id) => states.has(id)))
    return clients.length > 0 ? awarenessProtocol.encodeAwarenessUpdate(this.awareness, clients) : null
  }

  /** Handles one message of a connection; anything that is not the protocol closes it. */
  receive(ws: WebSocket, message: Uint8Array): void {
    const conn = this.conns.get(ws)
    if (!conn) return
    try {
      const decoder = decoding.createDecoder(message)
      const type = decoding.readVarUint(decoder)
      if (type === MESSAGE_SYNC) {
        const step = decoding.readVarUint(decoder)
        if (step === syncProtocol.messageYjsSyncStep1) {
          send(ws, this.syncStep2(decoding.readVarUint8Array(decoder)))
        } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
          // Both carry document changes; a read-only connection's are dropped unread.
          if (conn.readOnly) return
          const update = decoding.readVarUint8Array(decoder)
          const refusal =
            this.shape && refusalOf(this, update, this.shape({ doc: this, accountKey: conn.identity?.key ?? '' }))
          if (refusal) {
            // The client already holds the change and would send it again with every later one;
            // closing shows it the document is out of step, and its next sync is checked afresh.
            logEvent('warn', 'yjs update refused', { docName: this.name, account: conn.identity?.key, reason: refusal })
            ws.close(CLOSE_CODES.updateRefused, 'Update refused')
            return
          }
          Y.applyUpdate(this, update, ws)
        } else {
          throw new Error(`unknown sync message ${step}`)
        }
      } else if (type === MESSAGE_AWARENESS) {
        const update = decoding.readVarUint8Array(decoder)
        const presence = conn.identity ? stampPresence(update, conn.identity, conn.readOnly) : update
        awarenessProtocol.applyAwarenessUpdate(this.awareness, presence, ws)
      }
      // Other message types (auth, awareness queries) are not used by this server: ignored, as
      // the y-websocket reference server does.
    } catch {
      ws.close(CLOSE_CODES.badMessage, 'Bad message')
    }
  }
}

function send(ws: WebSocket, message: Uint8Array) {
  if (ws.readyState !== ws.OPEN) return
  ws.send(message, (error) => {
    if (error) ws.terminate()
  })
}
