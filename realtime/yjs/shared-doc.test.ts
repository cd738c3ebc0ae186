// What a document copy hands to other processes and what it takes from them: the awareness of its
// own connections (and their leaving) goes out, a peer's awareness is shown here and not sent back.
import { EventEmitter } from 'node:events'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as awarenessProtocol from 'y-protocols/awareness'
import type { WebSocket } from 'ws'
import * as Y from 'yjs'
import { afterEach, describe, expect, it, vi } from 'vitest'
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

/** An awareness update that removes a client's state, as y-protocols sends it. */
function awarenessRemoval(client: number, clock: number) {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, 1)
  encoding.writeVarUint(encoder, client)
  encoding.writeVarUint(encoder, clock)
  encoding.writeVarString(encoder, 'null')
  return encoding.toUint8Array(encoder)
}

/** A message carrying an awareness update. */
function awarenessMessage(update: Uint8Array) {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
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

it('hands a client first seen through a peer to this connection once the peer lets it go, and removes it on close', async () => {
  const { doc, connect, send } = sharedDoc()
  const victor = clientAwareness({ user: { name: 'Victor' } })
  doc.applyPeerAwareness(victor.update())
  // Victor comes back through this process before the other one has seen him gone.
  const ws = connect()
  victor.awareness.setLocalState({ user: { name: 'Victor', here: true } })
  await send(ws, victor.message())
  expect(doc.awareness.getStates().get(victor.awareness.clientID)).toEqual({ user: { name: 'Victor' } })
  // The other process's connection leaves: his state through this connection shows, and is its own.
  doc.applyPeerAwareness(awarenessRemoval(victor.awareness.clientID, 2))
  await Promise.resolve()
  expect(doc.awareness.getStates().get(victor.awareness.clientID)).toEqual({ user: { name: 'Victor', here: true } })
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

it('closes within 3 s a connection from which nothing comes, WebSocket pongs or not, and its person leaves the awareness', async () => {
  vi.useFakeTimers()
  cleanups.push(() => vi.useRealTimers())
  const { doc, connect, send } = sharedDoc()
  const gone = connect()
  const answering = connect()
  const dana = clientAwareness({ user: { name: 'Dana' } })
  await send(gone, dana.message())
  expect(doc.awareness.getStates().has(dana.awareness.clientID)).toBe(true)
  let terminated = 0
  for (const ws of [gone, answering]) {
    ws.terminate = () => {
      terminated++
      ws.emit('close')
    }
    // A browser that says it is offline may go on answering WebSocket pings: they count for nothing.
    ws.ping = () => ws.emit('pong')
  }
  // The other connection answers the server's sync step 1, as every y-websocket client does.
  const sendOn = answering.send.bind(answering)
  answering.send = (message: Uint8Array) => {
    sendOn(message)
    if (message[0] === 0 && message[1] === 0)
      queueMicrotask(() => answering.emit('message', new Uint8Array([0, 1, 2, 0, 0]).buffer))
  }
  await vi.advanceTimersByTimeAsync(2_500)
  expect(terminated).toBe(0)
  await vi.advanceTimersByTimeAsync(600)
  expect(terminated).toBe(1)
  expect(doc.awareness.getStates().has(dana.awareness.clientID)).toBe(false)
  // The answering one stays, however long.
  await vi.advanceTimersByTimeAsync(20_000)
  expect(terminated).toBe(1)
  expect(doc.conns.size).toBe(1)
})

describe('a client id belongs to the connection that first used it', () => {
  const DANA = { key: 'dana', name: 'Dana Designer' }
  const MALLORY = { key: 'mallory', name: 'Mallory' }

  it("ignores another connection's state and removal for that id, and keeps it when that connection leaves", async () => {
    const { doc, connect, send } = sharedDoc()
    const dana = clientAwareness({ cursor: { x: 0.1, y: 0.1 }, drawing: '{"kind":"pen"}' })
    const danaWs = connect(false, DANA)
    await send(danaWs, dana.message())
    const id = dana.awareness.clientID
    const held = { cursor: { x: 0.1, y: 0.1 }, drawing: '{"kind":"pen"}', user: DANA }
    expect(doc.awareness.getStates().get(id)).toEqual(held)

    // Mallory sends a state for Dana's id with a higher clock, then its removal, then leaves.
    const mallory = connect(false, MALLORY)
    const heard = danaWs.sent.length
    const forged = new awarenessProtocol.Awareness(new Y.Doc())
    cleanups.push(() => forged.doc.destroy())
    forged.clientID = id
    forged.setLocalState({ cursor: { x: 0.9, y: 0.9 } })
    forged.setLocalState({ cursor: { x: 0.9, y: 0.9 } })
    await send(mallory, awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(forged, [id])))
    await send(mallory, awarenessMessage(awarenessRemoval(id, 99)))
    expect(doc.awareness.getStates().get(id)).toEqual(held)
    mallory.emit('close')
    expect(doc.awareness.getStates().get(id)).toEqual(held)
    // Nothing about Dana's id reached Dana's connection meanwhile.
    expect(danaWs.sent.length).toBe(heard)
  })

  it("ignores another process's state for an id a connection here holds", async () => {
    const { doc, connect, send } = sharedDoc()
    const dana = clientAwareness({ cursor: { x: 0.1, y: 0.1 } })
    await send(connect(false, DANA), dana.message())
    doc.applyPeerAwareness(awarenessRemoval(dana.awareness.clientID, 99))
    expect(doc.awareness.getStates().get(dana.awareness.clientID)).toEqual({ cursor: { x: 0.1, y: 0.1 }, user: DANA })
  })

  it('shows at once a browser that comes back after its state was removed, with the clock it had', async () => {
    const { doc, connect, send } = sharedDoc()
    const onlooker = connect(false, { key: 'vic', name: 'Victor Sample' })
    const dana = clientAwareness({ cursor: { x: 0.1, y: 0.1 } })
    const old = connect(false, DANA)
    await send(old, dana.message())
    old.emit('close')
    expect(doc.awareness.getStates().has(dana.awareness.clientID)).toBe(false)
    // The same state, clock unchanged, on a new connection: shown here and to the others.
    await send(connect(false, DANA), dana.message())
    expect(doc.awareness.getStates().get(dana.awareness.clientID)).toEqual({ cursor: { x: 0.1, y: 0.1 }, user: DANA })
    expect(onlooker.awarenessReceived().at(-1)!.get(dana.awareness.clientID)).toEqual({
      cursor: { x: 0.1, y: 0.1 },
      user: DANA,
    })
    // Its next renewal, one clock on, is taken too.
    dana.awareness.setLocalState({ cursor: { x: 0.2, y: 0.2 } })
    await send([...doc.conns.keys()].at(-1) as unknown as FakeSocket, dana.message())
    expect(doc.awareness.getStates().get(dana.awareness.clientID)).toEqual({ cursor: { x: 0.2, y: 0.2 }, user: DANA })
  })

  it('takes nothing from the states a client passes on, as every y-websocket client does', async () => {
    const { doc, connect, send } = sharedDoc()
    const VICTOR = { key: 'victor', name: 'Victor Sample' }
    const dana = clientAwareness({ cursor: { x: 0.1, y: 0.1 } })
    const danaWs = connect(false, DANA)
    await send(danaWs, dana.message())
    const victor = clientAwareness({ cursor: { x: 0.5, y: 0.5 } })
    const victorWs = connect(false, VICTOR)
    await send(victorWs, victor.message())
    const id = victor.awareness.clientID
    // Dana's client holds Victor's state and passes each change on, his leaving too.
    awarenessProtocol.applyAwarenessUpdate(
      dana.awareness,
      awarenessProtocol.encodeAwarenessUpdate(victor.awareness, [id]),
      'server',
    )
    const passOn = () =>
      send(
        danaWs,
        awarenessMessage(awarenessProtocol.encodeAwarenessUpdate(dana.awareness, [dana.awareness.clientID, id])),
      )
    await passOn()
    victorWs.emit('close')
    expect(doc.awareness.getStates().has(id)).toBe(false)
    await passOn()
    // Nothing under Dana's name for Victor's id, and Victor, back with the clock he had, is himself.
    expect(doc.awareness.getStates().has(id)).toBe(false)
    await send(connect(false, VICTOR), victor.message())
    expect(doc.awareness.getStates().get(id)).toEqual({ cursor: { x: 0.5, y: 0.5 }, user: VICTOR })
    await passOn()
    expect(doc.awareness.getStates().get(id)).toEqual({ cursor: { x: 0.5, y: 0.5 }, user: VICTOR })
  })

  it('shows a reconnected browser once its old connection is gone', async () => {
    const { doc, connect, send } = sharedDoc()
    const dana = clientAwareness({ cursor: { x: 0.1, y: 0.1 } })
    const old = connect(false, DANA)
    await send(old, dana.message())
    const again = connect(false, DANA)
    dana.awareness.setLocalState({ cursor: { x: 0.5, y: 0.5 } })
    await send(again, dana.message())
    expect(doc.awareness.getStates().get(dana.awareness.clientID)).toEqual({ cursor: { x: 0.1, y: 0.1 }, user: DANA })
    old.emit('close')
    expect(doc.awareness.getStates().get(dana.awareness.clientID)).toEqual({ cursor: { x: 0.5, y: 0.5 }, user: DANA })
    again.emit('close')
    expect(doc.awareness.getStates().has(dana.awareness.clientID)).toBe(false)
  })
})
