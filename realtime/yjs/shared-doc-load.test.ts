// Loading a document copy from its stored updates (Yjs update format 2, decision 140) and answering
// sync step 1 (format 1): a client with nothing gets the whole document, encoded once while nothing
// changes it, a client with part of it gets the rest, and nothing of the load is sent or stored as
// an update of its own (decision 138).
import { EventEmitter } from 'node:events'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as syncProtocol from 'y-protocols/sync'
import type { WebSocket } from 'ws'
import * as Y from 'yjs'
import { afterEach, expect, it } from 'vitest'
import { SharedDoc } from './shared-doc'

const MESSAGE_SYNC = 0
const FROM_STORE = Symbol('store')

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
  /** The sync messages this socket received: [step, payload]. */
  syncReceived(): [number, Uint8Array][] {
    return this.sent.flatMap((message): [number, Uint8Array][] => {
      const decoder = decoding.createDecoder(message)
      if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return []
      return [[decoding.readVarUint(decoder), decoding.readVarUint8Array(decoder)]]
    })
  }
}

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()))

function newDoc<T extends Y.Doc>(doc: T): T {
  cleanups.push(() => doc.destroy())
  return doc
}

/** A stored document: shapes as JSON text in a map, and the updates that made it, in format 2. */
function storedDocument(shapes: number) {
  const doc = newDoc(new Y.Doc())
  const updates: Uint8Array[] = []
  doc.on('updateV2', (update: Uint8Array) => updates.push(update))
  const map = doc.getMap<string>('shapes')
  for (let i = 0; i < shapes; i++) map.set(`shape-${i}`, JSON.stringify({ id: `shape-${i}`, x: i / shapes }))
  // A shape moved: its first text is deleted content, which a merge of the updates still carries.
  map.set('shape-0', JSON.stringify({ id: 'shape-0', x: 0.5 }))
  return { doc, updates, merged: Y.encodeStateAsUpdateV2(doc), rowsMerged: Y.mergeUpdatesV2(updates) }
}

function syncStep1(stateVector: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, MESSAGE_SYNC)
  encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep1)
  encoding.writeVarUint8Array(encoder, stateVector)
  return encoding.toUint8Array(encoder)
}

function served() {
  const doc = newDoc(new SharedDoc('scratch:brand:board'))
  const updateEvents: unknown[] = []
  doc.on('update', (_update: Uint8Array, origin: unknown) => updateEvents.push(origin))
  doc.on('updateV2', (_update: Uint8Array, origin: unknown) => updateEvents.push(origin))
  const connect = () => {
    const ws = new FakeSocket()
    doc.connect(ws as unknown as WebSocket, false, () => {})
    return ws
  }
  const ask = async (ws: FakeSocket, stateVector: Uint8Array) => {
    ws.emit('message', syncStep1(stateVector).slice().buffer)
    await doc.loaded
    const answers = ws.syncReceived().filter(([step]) => step === syncProtocol.messageYjsSyncStep2)
    return answers.at(-1)![1]
  }
  return { doc, updateEvents, connect, ask }
}

const shapesOf = (update: Uint8Array) => {
  const doc = newDoc(new Y.Doc())
  Y.applyUpdate(doc, update)
  return doc.getMap<string>('shapes').toJSON()
}

it('answers a client with nothing with the whole document, and sends or stores nothing of the load', async () => {
  const stored = storedDocument(50)
  const { doc, updateEvents, connect, ask } = served()
  const ws = connect()
  doc.loadStored([stored.rowsMerged], FROM_STORE)

  expect(updateEvents).toEqual([])
  expect(ws.syncReceived().filter(([step]) => step === syncProtocol.messageYjsUpdate)).toEqual([])
  expect(doc.getMap('shapes').toJSON()).toEqual(stored.doc.getMap('shapes').toJSON())
  const empty = Y.encodeStateVector(newDoc(new Y.Doc()))
  const answer = await ask(ws, empty)
  expect(shapesOf(answer)).toEqual(stored.doc.getMap('shapes').toJSON())
  // Kept: the next client with nothing gets the same bytes, not encoded again.
  const kept = (doc as unknown as { wholeState: Uint8Array | null }).wholeState
  expect(kept).not.toBeNull()
  expect(await ask(connect(), empty)).toEqual(answer)
  expect((doc as unknown as { wholeState: Uint8Array | null }).wholeState).toBe(kept)
  // Listeners are back: a change is sent (format 1) and stored (format 2) as before.
  doc.getMap<string>('shapes').set('shape-50', '{}')
  expect(updateEvents).toHaveLength(2)
})

it('answers the next client with nothing from the document as it is once it has changed', async () => {
  const stored = storedDocument(20)
  const { doc, connect, ask } = served()
  doc.loadStored([stored.rowsMerged], FROM_STORE)
  doc.getMap<string>('shapes').set('shape-20', '{"late":true}')

  const empty = Y.encodeStateVector(newDoc(new Y.Doc()))
  const first = await ask(connect(), empty)
  expect(Object.keys(shapesOf(first))).toHaveLength(21)
  expect(await ask(connect(), empty)).toEqual(first)
  doc.getMap<string>('shapes').delete('shape-0')
  const after = await ask(connect(), empty)
  expect(shapesOf(after)).not.toHaveProperty('shape-0')
  expect(Object.keys(shapesOf(after))).toHaveLength(20)
})

it('answers a client holding part of the document with the rest only', async () => {
  const stored = storedDocument(30)
  const { doc, connect, ask } = served()
  doc.loadStored([stored.merged], FROM_STORE)
  const client = newDoc(new Y.Doc())
  Y.applyUpdateV2(client, stored.updates[0]!)

  const rest = await ask(connect(), Y.encodeStateVector(client))
  expect(rest.byteLength).toBeLessThan(Y.encodeStateAsUpdate(stored.doc).byteLength)
  Y.applyUpdate(client, rest)
  expect(client.getMap('shapes').toJSON()).toEqual(stored.doc.getMap('shapes').toJSON())
})

it('answers with the whole document when it loads from several updates, or held something before', async () => {
  const stored = storedDocument(10)
  const several = served()
  several.doc.loadStored(stored.updates, FROM_STORE)
  const empty = Y.encodeStateVector(newDoc(new Y.Doc()))
  expect(shapesOf(await several.ask(several.connect(), empty))).toEqual(stored.doc.getMap('shapes').toJSON())

  // An update from another process arrived before the stored state was read.
  const early = served()
  const peer = newDoc(new Y.Doc())
  peer.getMap<string>('shapes').set('from-peer', '{}')
  Y.applyUpdate(early.doc, Y.encodeStateAsUpdate(peer))
  early.doc.loadStored([stored.merged], FROM_STORE)
  const answer = await early.ask(early.connect(), empty)
  expect(shapesOf(answer)).toHaveProperty('from-peer')
  expect(Object.keys(shapesOf(answer))).toHaveLength(11)
})
