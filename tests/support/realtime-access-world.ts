// The shared setup of the realtime-access integration tests
// (tests/integration/realtime/realtime-access*.test.ts): one portal per test file, its people and the helpers
// the tests share.
import { MARKUP_COLOURS, storedShape, type Shape } from '#app/features/samples/markup/shapes'
import { demoKey } from '#app/platform/ids'
import { yjsUpdates } from '#db/schema'
import { eventually, startTestPortal, type TestPortal } from '#tests/support/portal'
import { answerSyncSteps } from '#tests/support/yjs-client'
import { eq } from 'drizzle-orm'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { afterAll, beforeAll, expect } from 'vitest'
import WebSocket from 'ws'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'

/** Kinds decided on a record rather than the brand are walked on one of the demo's records. */
export const WALK_IDS: Record<string, string> = { 'sample-markup': demoKey('sample-ref:render-front') }

export let portal: TestPortal
export const closers: (() => void)[] = []

/**
 * Starts this world for the calling test file (its hooks run in that file): files share one
 * module graph per worker, so a hook written at the top of this module would run in the first
 * file only.
 */
export function setUpRealtimeAccessWorld() {
  beforeAll(async () => {
    portal = await startTestPortal()
  })
  afterAll(async () => {
    closers.splice(0).forEach((close) => close())
    await portal?.destroy()
  })
}

/** A raw y-websocket connection that sends hand-made protocol messages. */
export async function rawYjs(docName: string, cookie: string) {
  const ws = answerSyncSteps(new WebSocket(`ws://127.0.0.1:${portal.port}/yjs/${docName}`, { headers: { cookie } }))
  closers.push(() => ws.terminate())
  const received: Uint8Array[] = []
  ws.on('message', (data: Buffer) => received.push(new Uint8Array(data)))
  await new Promise((resolve, reject) => {
    ws.once('open', resolve)
    ws.once('error', reject)
  })
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  const sync = (write: (encoder: encoding.Encoder) => void) => {
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, 0)
    write(encoder)
    ws.send(encoding.toUint8Array(encoder))
  }
  /** Sends sync step 1 and waits for the server's step 2: everything sent before it is handled. */
  const roundTrip = async () => {
    const before = received.length
    sync((encoder) => syncProtocol.writeSyncStep1(encoder, new Y.Doc()))
    await eventually(() =>
      expect(
        received.slice(before).some((message) => {
          const decoder = decoding.createDecoder(message)
          return decoding.readVarUint(decoder) === 0 && decoding.readVarUint(decoder) === 1
        }),
      ).toBe(true),
    )
  }
  return { ws, sync, roundTrip, closed }
}

/** The stored document, as a new client would load it. */
export async function storedDoc(docName: string): Promise<Y.Doc> {
  await portal.yjs.flush()
  const rows = await portal.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.docName, docName))
  const doc = new Y.Doc()
  // Stored in update format 2 (decision 140).
  rows.forEach((row) => (row.format === 2 ? Y.applyUpdateV2 : Y.applyUpdate)(doc, row.update))
  return doc
}

/** A change that fits each kind's shape, made by `author`, and how to find it in the stored document. */
export const VALID_WRITES: Record<
  string,
  { update(author: string, tag: string): Uint8Array; holds(doc: Y.Doc, tag: string): boolean }
> = {
  'media-order': {
    update(_author, tag) {
      const doc = new Y.Doc()
      const order = new Y.Array<string>()
      order.push(['photo1', 'photo2'])
      doc.getMap('orders').set(tag, order)
      return Y.encodeStateAsUpdate(doc)
    },
    holds: (doc, tag) => doc.getMap('orders').has(tag),
  },
  'sample-markup': {
    update(author, tag) {
      const doc = new Y.Doc()
      doc.getMap('shapes').set(tag, storedShape(rectangle(tag, author)))
      return Y.encodeStateAsUpdate(doc)
    },
    holds: (doc, tag) => doc.getMap('shapes').has(tag),
  },
  scratch: { update: (_author, tag) => withNote(tag), holds: (doc, tag) => doc.getMap('notes').has(tag) },
}

export function rectangle(id: string, author: string): Shape {
  return {
    id,
    kind: 'rect',
    colour: MARKUP_COLOURS.red,
    strokeWidth: 0.005,
    author,
    created: 1,
    x: 0.1,
    y: 0.1,
    width: 0.2,
    height: 0.2,
  }
}

export function withNote(note: string): Uint8Array {
  const doc = new Y.Doc()
  doc.getMap<string>('notes').set(note, note)
  return Y.encodeStateAsUpdate(doc)
}
