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
import { CLOSE_CODES } from '#app/platform/protocol'
import { DEFAULT_UPDATE_LIMITS, type DocShape, type UpdateLimits } from '#app/platform/yjs-shapes'
import { REFUSALS, refusalOf } from './update-check'

const MESSAGE_SYNC = 0
const MESSAGE_AWARENESS = 1
/**
 * A connection from which nothing has come for this long is asked for something (sync step 1, to
 * which every y-websocket client answers with a sync step 2, a few bytes when it lacks nothing),
 * and closed when nothing comes by the next interval: its person leaves "Looking now" within three
 * intervals of its last message (3 s, inside the 5 s that presence promises, decision 154; socket.io asks as often).
 * The question is a data message, not a WebSocket ping: a browser that reports itself offline
 * holds its data but may go on answering pings, and would look present for ever.
 */
const PING_INTERVAL_MS = 1_000
/** Origins of awareness changes: a connection that left, and another process's connections. */
const CONNECTION_LEFT = Symbol('connection-left')
const FROM_PEER = Symbol('awareness-peer')
/** Bytes of a message's own framing (its type, step and length) beside the update it carries. */
const MESSAGE_HEADER_BYTES = 16

interface Connection {
  readOnly: boolean
  /** Who the connection belongs to: its presence shows them, whatever the client claims. */
  identity: PresenceIdentity | null
  /** Awareness client ids this connection controls, removed when it leaves. */
  clients: Set<number>
  /**
   * The one client id this connection speaks for: the id of its first awareness state (a
   * y-websocket client sends its own state alone as it connects). Its later messages also carry
   * the others' states it was sent (the client passes every change on); those are not its own.
   */
  clientId: number | null
  /** What is added to this connection's awareness clocks (see `ownClocks`). */
  clockShift: number
}

/** Says how long a connection must wait after a message of this many bytes (./byte-rate.ts). */
export type Throttle = (bytes: number) => number

export interface PresenceIdentity {
  key: string
  name: string
}

/** The most one client's presence may hold (a stroke being drawn is its largest part). */
export const MAX_PRESENCE_CHARS = 32 * 1024

interface PresenceEntry {
  client: number
  clock: number
  text: string
}

/** The entries of an awareness update, as sent; throws on a malformed one. */
function readPresence(update: Uint8Array): PresenceEntry[] {
  const decoder = decoding.createDecoder(update)
  const entries: PresenceEntry[] = []
  const count = decoding.readVarUint(decoder)
  for (let i = 0; i < count; i++) {
    const client = decoding.readVarUint(decoder)
    const clock = decoding.readVarUint(decoder)
    entries.push({ client, clock, text: decoding.readVarString(decoder) })
  }
  return entries
}

/** Entries as an awareness update, unchanged. */
function encodeEntries(entries: PresenceEntry[]): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, entries.length)
  for (const entry of entries) {
    encoding.writeVarUint(encoder, entry.client)
    encoding.writeVarUint(encoder, entry.clock)
    encoding.writeVarString(encoder, entry.text)
  }
  return encoding.toUint8Array(encoder)
}

/** Entries as the server passes them on: each names the connection's account, a read-only one draws nothing. */
function encodePresence(sent: PresenceEntry[], identity: PresenceIdentity | null, readOnly: boolean): Uint8Array {
  const entries: PresenceEntry[] = []
  for (const { client, clock, text } of sent) {
    if (text.length > MAX_PRESENCE_CHARS) continue
    const state = JSON.parse(text) as unknown
    if (state === null || typeof state !== 'object' || Array.isArray(state)) {
      entries.push({ client, clock, text: 'null' })
      continue
    }
    const stamped: Record<string, unknown> = { ...(state as Record<string, unknown>) }
    if (identity) stamped.user = { key: identity.key, name: identity.name }
    if (readOnly) delete stamped.drawing
    entries.push({ client, clock, text: JSON.stringify(stamped) })
  }
  return encodeEntries(entries)
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
  /** How large one client update may be (the document kind's limits). */
  limits: UpdateLimits = DEFAULT_UPDATE_LIMITS
  /**
   * Who holds each awareness client id: the connection that first sent it as its own, or another
   * process. Another connection's states and removals for that id are ignored (decision 166), so
   * nobody can take over or remove someone else's cursor and stroke.
   */
  private readonly owners = new Map<number, WebSocket | typeof FROM_PEER>()
  /**
   * The latest state a connection sent for its own id while another connection of the same account
   * (or another process, for that account) still held it: a browser that reconnects keeps its
   * client id, and may get there before its old connection is found gone. Shown once the holder
   * leaves.
   */
  private readonly claims = new Map<number, { ws: WebSocket; entry: PresenceEntry }>()
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
          // Updated too: a renewal keeps the id this connection's to remove when it leaves.
          for (const id of [...added, ...updated]) {
            conn.clients.add(id)
            this.owners.set(id, origin as WebSocket)
          }
        } else if (origin !== CONNECTION_LEFT) {
          if (origin === FROM_PEER) for (const id of [...added, ...updated]) this.owners.set(id, FROM_PEER)
          // Gone from another process, or expired there (no renewal for 30 s): the id is free again,
          // for a connection here that waits for it. A connection's own id stays its own until it leaves.
          const freed = removed.filter((id) => this.owners.get(id) === FROM_PEER)
          freed.forEach((id) => this.owners.delete(id))
          if (freed.length > 0) queueMicrotask(() => this.handOver(freed))
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

  /** The server's sync step 1: its state vector, which a client answers with what the server lacks. */
  private syncStep1(): Uint8Array {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_SYNC)
    syncProtocol.writeSyncStep1(encoder, this)
    return encoding.toUint8Array(encoder)
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

  /**
   * Starts serving a connection; `onEmpty` runs when the last connection has left. Its messages are
   * handled one at a time in the order they came; after one that `throttle` says is over the
   * connection's byte rate, its socket is paused for as long as that says.
   */
  connect(
    ws: WebSocket,
    readOnly: boolean,
    onEmpty: (doc: SharedDoc) => void,
    identity: PresenceIdentity | null = null,
    throttle: Throttle = () => 0,
  ): void {
    ws.binaryType = 'arraybuffer'
    this.conns.set(ws, { readOnly, identity, clients: new Set(), clientId: null, clockShift: 0 })
    const inbox: Uint8Array[] = []
    let ready = false
    let resume: NodeJS.Timeout | null = null
    const pump = () => {
      while (ready && resume === null && inbox.length > 0) {
        const message = inbox.shift()!
        const wait = throttle(message.byteLength)
        this.receive(ws, message)
        if (wait > 0 && this.conns.has(ws)) {
          ws.pause()
          resume = setTimeout(() => {
            resume = null
            ws.resume()
            pump()
          }, wait)
        }
      }
    }
    ws.on('message', (data: ArrayBuffer) => {
      heard = true
      inbox.push(new Uint8Array(data))
      pump()
    })
    void this.loaded.then(
      () => {
        ready = true
        pump()
      },
      () => undefined,
    )
    // Anything received since the last check, and whether the connection was asked for an answer.
    let heard = false
    let asked = false
    const ping = setInterval(() => {
      // A paused socket reads no answer: it is waiting on us, not gone.
      if (resume !== null) return
      if (heard) {
        heard = false
        asked = false
      } else if (asked) {
        ws.terminate()
      } else {
        asked = true
        send(ws, this.syncStep1())
      }
    }, PING_INTERVAL_MS)
    // A frame the server will not read (larger than any kind takes, badly masked…): ws closes the
    // connection itself (1009, 1002) and reports it here; unheard, it would end the process.
    ws.on('error', () => undefined)
    ws.on('close', () => {
      clearInterval(ping)
      if (resume) clearTimeout(resume)
      inbox.length = 0
      const conn = this.conns.get(ws)
      if (!conn) return
      this.conns.delete(ws)
      const held = [...conn.clients].filter((id) => this.owners.get(id) === ws)
      awarenessProtocol.removeAwarenessStates(this.awareness, held, CONNECTION_LEFT)
      held.forEach((id) => this.owners.delete(id))
      for (const [id, claim] of this.claims) if (claim.ws === ws) this.claims.delete(id)
      this.handOver(held)
      if (this.conns.size === 0) onEmpty(this)
    })
    void this.loaded.then(() => {
      send(ws, this.syncStep1())
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

  /**
   * Awareness from another process's connections, but for ids a connection of this copy holds;
   * throws on a malformed update.
   */
  applyPeerAwareness(update: Uint8Array): void {
    const entries = readPresence(update).filter(({ client }) => this.mayUse(client, FROM_PEER))
    if (entries.length === 0) return
    awarenessProtocol.applyAwarenessUpdate(this.awareness, encodeEntries(entries), FROM_PEER)
  }

  /**
   * A connection's entries on this copy's clocks. A browser that comes back keeps its client id and
   * its clock, but the server raised that clock when it removed the state of the connection that
   * left; taken as sent, the state would be ignored here and by every other viewer until the
   * client's clock caught up (two renewals, 30 s). Only the id's holder writes it, so its clocks
   * are shifted past the last one seen, for as long as the connection lasts.
   */
  private ownClocks(conn: Connection, entries: PresenceEntry[]): PresenceEntry[] {
    return entries.map((entry) => {
      const seen = this.awareness.meta.get(entry.client)?.clock ?? 0
      if (entry.clock + conn.clockShift <= seen) conn.clockShift = seen + 1 - entry.clock
      return { ...entry, clock: entry.clock + conn.clockShift }
    })
  }

  /** Whether a connection whose id another holds is the same person come back (so its state waits). */
  private sameHolder(client: number, conn: Connection): boolean {
    const owner = this.owners.get(client)
    const account = conn.identity?.key ?? ''
    if (owner === FROM_PEER) {
      const user = this.awareness.getStates().get(client)?.user as { key?: unknown } | undefined
      return (user?.key ?? '') === account
    }
    const holder = owner && this.conns.get(owner)
    return !!holder && (holder.identity?.key ?? '') === account
  }

  private mayUse(client: number, by: WebSocket | typeof FROM_PEER): boolean {
    const owner = this.owners.get(client)
    return owner === undefined || owner === by
  }

  /** Shows the states waiting for ids their holder has just let go. */
  private handOver(released: number[]) {
    for (const id of released) {
      const claim = this.claims.get(id)
      if (!claim) continue
      this.claims.delete(id)
      const conn = this.conns.get(claim.ws)
      if (!conn) continue
      const presence = encodePresence(this.ownClocks(conn, [claim.entry]), conn.identity, conn.readOnly)
      awarenessProtocol.applyAwarenessUpdate(this.awareness, presence, claim.ws)
    }
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
          // Measured before it is read: a message too large is refused unread.
          const tooLarge = this.shape !== null && message.byteLength > this.limits.maxBytes + MESSAGE_HEADER_BYTES
          const update = tooLarge ? null : decoding.readVarUint8Array(decoder)
          const refusal =
            update === null
              ? REFUSALS.tooLarge(this.limits.maxBytes)
              : this.shape &&
                refusalOf(this, update, this.shape({ doc: this, accountKey: conn.identity?.key ?? '' }), this.limits)
          if (refusal) {
            // The client already holds the change and would send it again with every later one;
            // closing shows it the document is out of step, and its next sync is checked afresh.
            logEvent('warn', 'yjs update refused', { docName: this.name, account: conn.identity?.key, reason: refusal })
            ws.close(CLOSE_CODES.updateRefused, 'Update refused')
            return
          }
          Y.applyUpdate(this, update!, ws)
        } else {
          throw new Error(`unknown sync message ${step}`)
        }
      } else if (type === MESSAGE_AWARENESS) {
        const entries = readPresence(decoding.readVarUint8Array(decoder))
        conn.clientId ??= entries[0]?.client ?? null
        const mine = entries.filter(({ client }) => client === conn.clientId)
        const own = mine.filter(({ client }) => this.mayUse(client, ws))
        // Held by another connection of the same person: kept aside in case it is this browser's old one.
        for (const entry of mine) {
          if (!this.mayUse(entry.client, ws) && this.sameHolder(entry.client, conn)) {
            this.claims.set(entry.client, { ws, entry })
          }
        }
        if (own.length > 0) {
          const presence = encodePresence(this.ownClocks(conn, own), conn.identity, conn.readOnly)
          awarenessProtocol.applyAwarenessUpdate(this.awareness, presence, ws)
        }
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
