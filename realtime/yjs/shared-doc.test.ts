// What a document copy hands to other processes and what it takes from them: the awareness of its
// own connections (and their leaving) goes out, a peer's awareness is shown here and not sent back.
import { EventEmitter } from 'node:events'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import type { WebSocket } from 'ws'
import * as Y from 'yjs'
import { afterEach, expect, it, vi } from 'vitest'
import { SharedDoc } from './shared-doc'

const MESSAGE_AWARENESS = 1

class FakeSocket extends EventEmitter {
  readonly OPEN = 1
  readyState = 1
  binaryType = ''
  sent: Uint8Array[] = []
  send(message: Uint8Array) {
    this.sent.push(message)
  }
  ping() {}
  terminate() {}
  close() {}
  /** The awareness updates this socket received, decoded. */
  awarenessReceived(): Map<number, unknown>[] {
    return this.sent.flatMap((message) => {
      const decoder = decoding.createDecoder(message)
      if (decoding.readVarUint(decoder) !== MESSAGE_AWARENESS) return []
      return [decodeAwareness(decoding.readVarUint8Array(decoder))]
    })
  }
}

function decodeAwareness(update: Uint8Array): Map<number, unknown> {
  const decoder = decoding.createDecoder(update)
  const states = new Map<number, unknown>()
  for (let count = decoding.readVarUint(decoder); count > 0; count--) {
    const client = decoding.readVarUint(decoder)
    decoding.readVarUint(decoder)
    states.set(client, JSON.parse(decoding.readVarString(decoder)))
  }
  return states
}

/** A y-websocket client's awareness, as a browser would hold it. */
function clientAwareness(state: Record<string, unknown>) {
  const awareness = new awarenessProtocol.Awareness(new Y.Doc())
  awareness.setLocalState(state)
  cleanups.push(() => awareness.doc.destroy())
  const update = () => awarenessProtocol.encodeAwarenessUpdate(awareness, [awareness.clientID])
  const message = () => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(encoder, update())
    return encoding.toUint8Array(encoder)
  }
  return { awareness, update, message }
}

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

function sharedDoc() {
  const doc = new SharedDoc('scratch:brand:board')
  const shared: Map<number, unknown>[] = []
  doc.shareAwareness = (update) => shared.push(decodeAwareness(update))
  cleanups.push(() => doc.destroy())
  const connect = (readOnly = false, identity: { key: string; name: string } | null = null) => {
    const ws = new FakeSocket()
    doc.connect(ws as unknown as WebSocket, readOnly, () => {}, identity)
    return ws
  }
  const send = async (ws: FakeSocket, message: Uint8Array) => {
    ws.emit('message', message.slice().buffer)
    await doc.loaded
  }
  return { doc, shared, connect, send }
}

it("shares a connection's awareness, read-only ones too, and its removal when the connection closes", async () => {
  const { doc, shared, connect, send } = sharedDoc()
  const viewer = connect(true)
  const dana = clientAwareness({ user: { name: 'Dana' }, cursor: { x: 0.2, y: 0.3 } })
  await send(viewer, dana.message())
  expect(shared).toEqual([new Map([[dana.awareness.clientID, { user: { name: 'Dana' }, cursor: { x: 0.2, y: 0.3 } }]])])
  expect(decodeAwareness(doc.localAwareness()!)).toEqual(shared[0])

  viewer.emit('close')
  expect(shared.at(-1)).toEqual(new Map([[dana.awareness.clientID, null]]))
  expect(doc.localAwareness()).toBeNull()
})

it("shows a peer's awareness to the connections without sharing it again, nor counting it as local", async () => {
  const { doc, shared, connect } = sharedDoc()
  const ws = connect()
  await doc.loaded
  const victor = clientAwareness({ user: { name: 'Victor' }, drawing: '{"kind":"pen"}' })
  doc.applyPeerAwareness(victor.update())

  expect(ws.awarenessReceived().at(-1)).toEqual(
    new Map([[victor.awareness.clientID, { user: { name: 'Victor' }, drawing: '{"kind":"pen"}' }]]),
  )
  expect(shared).toEqual([])
  expect(doc.localAwareness()).toBeNull()
  expect(() => doc.applyPeerAwareness(new Uint8Array([5, 1]))).toThrow()
})

it('removes on close a client first seen through a peer and then through this connection', async () => {
  const { doc, connect, send } = sharedDoc()
  const victor = clientAwareness({ user: { name: 'Victor' } })
  doc.applyPeerAwareness(victor.update())
  // Victor comes back through this process and renews his state: it is now this connection's.
  const ws = connect()
  victor.awareness.setLocalState({ user: { name: 'Victor' } })
  await send(ws, victor.message())
  ws.emit('close')
  expect(doc.awareness.getStates().has(victor.awareness.clientID)).toBe(false)
})

it("shows a connection's presence as its own account's, whatever the client claims, and no stroke from a reader", async () => {
  const { shared, connect, send } = sharedDoc()
  const reader = connect(true, { key: 'reader1', name: 'Rhea Reader' })
  const forged = clientAwareness({
    user: { key: 'admin1', name: 'Ada Admin' },
    cursor: { x: 0.5, y: 0.5 },
    drawing: '{"kind":"pen"}',
  })
  await send(reader, forged.message())
  expect(shared.at(-1)).toEqual(
    new Map([
      [forged.awareness.clientID, { user: { key: 'reader1', name: 'Rhea Reader' }, cursor: { x: 0.5, y: 0.5 } }],
    ]),
  )
  // A writer keeps the stroke it is drawing, under its own name.
  const writer = connect(false, { key: 'editor1', name: 'Eda Editor' })
  const drawing = clientAwareness({ user: { key: 'x', name: 'Someone' }, drawing: '{"kind":"pen"}' })
  await send(writer, drawing.message())
  expect(shared.at(-1)).toEqual(
    new Map([
      [drawing.awareness.clientID, { user: { key: 'editor1', name: 'Eda Editor' }, drawing: '{"kind":"pen"}' }],
    ]),
  )
  // A presence of 60 KB is not passed on at all.
  const huge = clientAwareness({ user: { key: 'editor1', name: 'Eda' }, drawing: 'x'.repeat(60_000) })
  const before = shared.length
  await send(writer, huge.message())
  expect(shared.slice(before).flatMap((states) => [...states.keys()])).not.toContain(huge.awareness.clientID)
})

it('closes a connection that stops answering pings within 5 s, and its person leaves the awareness', async () => {
  vi.useFakeTimers()
  cleanups.push(() => vi.useRealTimers())
  const { doc, connect, send } = sharedDoc()
  const gone = connect()
  const answering = connect()
  const dana = clientAwareness({ user: { name: 'Dana' } })
  await send(gone, dana.message())
  expect(doc.awareness.getStates().has(dana.awareness.clientID)).toBe(true)
  let terminated = false
  gone.terminate = () => {
    terminated = true
    gone.emit('close')
  }
  answering.ping = () => answering.emit('pong')
  await vi.advanceTimersByTimeAsync(2_000)
  expect(terminated).toBe(false)
  await vi.advanceTimersByTimeAsync(1_000)
  expect(terminated).toBe(true)
  expect(doc.awareness.getStates().has(dana.awareness.clientID)).toBe(false)
})
