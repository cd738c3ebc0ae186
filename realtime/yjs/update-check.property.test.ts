// Random Yjs updates against every registered document kind (decision 166), through the same
// handler a connection's messages take: valid changes made by a Yjs client, and the same turned
// hostile (wrong types, roots the kind lacks, forged authors, references to nothing, items placed by
// themselves or each other, nesting without end, texts and lists beyond the limits, cut or flipped
// bytes). Every message is handled and answered at once; a refused one changes nothing and reaches
// nobody; after an accepted one the whole document still fits its kind's shape. Seeded, so every
// machine runs the same updates; FUZZ_SEED=<n> draws others (a failure prints its seed).
import { EventEmitter } from 'node:events'
import fc from 'fast-check'
import type { WebSocket } from 'ws'
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { YJS_DOC_KINDS } from '#app/server/yjs-doc-kinds.server'
import { storedShape, MARKUP_COLOURS, type Shape } from '#app/features/samples'
import { DEFAULT_UPDATE_LIMITS, type UpdateLimits } from '#app/platform/yjs-shapes'
import type { YjsDocKind } from '#app/platform/yjs-kinds.server'
import { CLOSE_CODES } from '#app/platform/protocol'
import {
  TYPE_REF,
  cyclicUpdates,
  encodeRawUpdate,
  itemLength,
  updateMessage,
  type ItemRef,
  type RawContent,
  type RawItem,
} from '#tests/support/yjs-updates'
import { SharedDoc } from './shared-doc'
import { refusalOf } from './update-check'

const SEED = Number(process.env.FUZZ_SEED ?? 20261206)
const RUNS = 250
const ADA = { key: 'adakey0000000001', name: 'Ada Owner' }
/** The server's own client id for the content a document starts with. */
const SERVER = 1
/** Client ids an update may use: the server's, and two new ones. */
const CLIENTS = [SERVER, 2, 3] as const

class FakeSocket extends EventEmitter {
  readonly OPEN = 1
  readyState = 1
  binaryType = ''
  sent = 0
  closedWith: number | null = null
  send() {
    this.sent++
  }
  ping() {}
  pause() {}
  resume() {}
  terminate() {}
  close(code: number) {
    this.closedWith ??= code
  }
}

const rect = (id: string, author: string): Shape =>
  ({
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
  }) as Shape

/** What each kind's document holds before the update comes, and valid changes a client makes. */
const WORLDS: Record<string, { prepare(doc: Y.Doc): void; edits: ((doc: Y.Doc, n: number) => void)[] }> = {
  'media-order': {
    prepare(doc) {
      const list = new Y.Array<string>()
      list.push(['photo1', 'photo2'])
      doc.getMap('orders').set('listing1', list)
    },
    edits: [
      (doc, n) => {
        const list = new Y.Array<string>()
        list.push([`photo${n}`, `photo${n + 1}`])
        doc.getMap('orders').set(`listing${n}`, list)
      },
      (doc, n) => (doc.getMap('orders').get('listing1') as Y.Array<string> | undefined)?.insert(0, [`photo${n}`]),
      (doc) => {
        const list = doc.getMap('orders').get('listing1') as Y.Array<string> | undefined
        if (list && list.length > 0) list.delete(0, 1)
      },
      (doc) => doc.getMap('orders').delete('listing1'),
    ],
  },
  'sample-markup': {
    prepare(doc) {
      doc.getMap('shapes').set('r1', storedShape(rect('r1', ADA.key)))
    },
    edits: [
      (doc, n) => doc.getMap('shapes').set(`s${n}`, storedShape(rect(`s${n}`, ADA.key))),
      (doc) => doc.getMap('shapes').set('r1', storedShape({ ...rect('r1', ADA.key), x: 0.4 } as Shape)),
      (doc) => doc.getMap('shapes').delete('r1'),
    ],
  },
  scratch: {
    prepare(doc) {
      doc.getMap('notes').set('a', 'first note')
      doc.getArray('order').push(['a'])
    },
    edits: [
      (doc, n) => doc.getMap('notes').set(`note${n}`, `text ${n}`),
      (doc, n) => doc.getArray('order').insert(0, [`note${n}`]),
      (doc) => doc.getArray('order').length > 0 && doc.getArray('order').delete(0, 1),
    ],
  },
}

const limitsOf = (kind: YjsDocKind): UpdateLimits => ({ ...DEFAULT_UPDATE_LIMITS, ...kind.limits })

/** A server copy of the kind's document, prepared by the server's client id, with a connection and an onlooker. */
function serverCopy(kind: YjsDocKind) {
  const seedDoc = new Y.Doc()
  seedDoc.clientID = SERVER
  WORLDS[kind.purpose]!.prepare(seedDoc)
  const doc = new SharedDoc(`${kind.purpose}:brand:doc`)
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(seedDoc))
  seedDoc.destroy()
  doc.shape = kind.shape
  doc.limits = limitsOf(kind)
  const writer = new FakeSocket()
  const onlooker = new FakeSocket()
  doc.connect(writer as unknown as WebSocket, false, () => {}, ADA)
  doc.connect(onlooker as unknown as WebSocket, true, () => {}, { key: 'onlooker', name: 'Onlooker' })
  return { doc, writer, onlooker }
}

/** A valid change: a Yjs client synced with the server's copy makes one or more edits. */
function validUpdate(kind: YjsDocKind) {
  const edits = WORLDS[kind.purpose]!.edits
  return fc
    .array(fc.tuple(fc.integer({ min: 0, max: edits.length - 1 }), fc.integer({ min: 2, max: 999 })), {
      minLength: 1,
      maxLength: 6,
    })
    .map((steps) => {
      const { doc } = serverCopy(kind)
      const client = new Y.Doc()
      client.clientID = 2
      Y.applyUpdate(client, Y.encodeStateAsUpdate(doc))
      const before = Y.encodeStateVector(client)
      for (const [edit, n] of steps) edits[edit]!(client, n)
      const update = Y.encodeStateAsUpdate(client, before)
      client.destroy()
      doc.destroy()
      return update
    })
}

const limits = DEFAULT_UPDATE_LIMITS
const key = fc.oneof(
  fc.constantFrom('listing1', 'r1', 'a', 'notes', 'Not A Key', ''),
  fc.string({ maxLength: 12 }),
  fc.constant('k'.repeat(limits.maxValueBytes + 1)),
)
const root = fc.constantFrom('orders', 'shapes', 'notes', 'order', 'elsewhere', '')
const ref = (clock: number): fc.Arbitrary<ItemRef> =>
  fc.oneof(
    fc.record({ client: fc.constantFrom(...CLIENTS), clock: fc.integer({ min: 0, max: clock + 3 }) }),
    fc.record({ client: fc.integer({ min: 0, max: 2 ** 32 }), clock: fc.nat() }),
  )
const content: fc.Arbitrary<RawContent> = fc.oneof(
  fc.record({ kind: fc.constant('any' as const), values: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }) }),
  fc.record({
    kind: fc.constant('any' as const),
    values: fc.constantFrom(
      Array.from({ length: 40 }, (_, i) => `photo${i}`),
      [
        Array(limits.maxDepth + 2)
          .fill(0)
          .reduce((inner: unknown) => [inner], 'deep'),
      ],
    ),
  }),
  fc.record({
    kind: fc.constant('string' as const),
    text: fc.oneof(fc.string({ maxLength: 20 }), fc.constant('x'.repeat(70_000))),
  }),
  fc.record({
    kind: fc.constant('binary' as const),
    bytes: fc.oneof(
      fc.uint8Array({ maxLength: 40 }),
      fc.constantFrom(storedShape(rect('s7', ADA.key)), storedShape(rect('s7', 'someoneelse00001'))),
    ),
  }),
  fc.record({
    kind: fc.constant('type' as const),
    typeRef: fc.oneof(fc.constantFrom(...Object.values(TYPE_REF)), fc.nat(9)),
  }),
  fc.record({ kind: fc.constant('deleted' as const), length: fc.integer({ min: 1, max: 3 }) }),
  fc.record({
    kind: fc.constant('json' as const),
    values: fc.array(fc.constantFrom('1', '"photo1"', '{}'), { maxLength: 3 }),
  }),
)
/** An item placed anyhow: by a root, by an item (of the document, of the update, itself, nothing), or by neighbours. */
const item = (clock: number): fc.Arbitrary<RawItem> =>
  fc.oneof(
    fc.record({ parent: root, parentSub: fc.option(key, { nil: undefined }), content }),
    fc.record({ parent: ref(clock), parentSub: fc.option(key, { nil: undefined }), content }),
    fc.record({ origin: ref(clock), content }),
    fc.record({ rightOrigin: ref(clock), content }),
    fc.record({ origin: ref(clock), rightOrigin: ref(clock), content }),
  )
/** A hostile update of one client's run, starting where the server's copy has it or anywhere. */
const hostileUpdate = fc
  .record({
    client: fc.constantFrom(...CLIENTS),
    start: fc.constantFrom(0, 1, 2, 5),
    count: fc.integer({ min: 1, max: 6 }),
  })
  .chain(({ client, start, count }) =>
    fc.array(item(start + count), { minLength: count, maxLength: count }).map((items) => {
      const clock = client === SERVER ? 2 + start : start
      // Named references within the update itself, so some loops and chains appear by chance.
      return encodeRawUpdate([{ client, clock, items }])
    }),
  )
/** Types nested one in the next, deeper than any kind takes. */
const deepUpdate = fc.integer({ min: 2, max: 60 }).map((depth) => {
  const items: RawItem[] = [
    { parent: 'orders', parentSub: 'listing9', content: { kind: 'type', typeRef: TYPE_REF.map } },
  ]
  for (let i = 1; i < depth; i++) {
    items.push({
      parent: { client: 7, clock: i - 1 },
      parentSub: 'inner',
      content: { kind: 'type', typeRef: TYPE_REF.map },
    })
  }
  return encodeRawUpdate([{ client: 7, clock: 0, items }])
})
/** A list longer than any kind takes in one update, as items or as values. */
const wideUpdate = fc.constantFrom('items', 'values').map((how) => {
  const n = 9000
  const items: RawItem[] =
    how === 'values'
      ? [{ parent: 'order', content: { kind: 'any', values: Array.from({ length: n }, (_, i) => `v${i}`) } }]
      : Array.from({ length: n }, (_, i) =>
          i === 0
            ? { parent: 'order', content: { kind: 'any' as const, values: ['v'] } }
            : { origin: { client: 8, clock: i - 1 }, content: { kind: 'any' as const, values: ['v'] } },
        )
  return encodeRawUpdate([{ client: 8, clock: 0, items }])
})
const cyclic = fc.constantFrom(...cyclicUpdates(9).map(({ update }) => update))

/** Every update, and the same with its bytes cut short or one byte changed. */
function anyUpdate(kind: YjsDocKind) {
  const update = fc.oneof(
    { arbitrary: validUpdate(kind), weight: 3 },
    { arbitrary: hostileUpdate, weight: 4 },
    { arbitrary: deepUpdate, weight: 1 },
    { arbitrary: wideUpdate, weight: 1 },
    { arbitrary: cyclic, weight: 1 },
  )
  return fc.oneof(
    { arbitrary: update, weight: 6 },
    {
      arbitrary: fc.tuple(update, fc.nat(), fc.nat(255), fc.boolean()).map(([bytes, at, value, cut]) => {
        const position = at % Math.max(1, bytes.length)
        if (cut) return bytes.slice(0, position)
        const changed = bytes.slice()
        changed[position] = value
        return changed
      }),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 64 }), weight: 1 },
  )
}

/** Whether the whole document, as one update to an empty copy, fits the kind (no limits on size). */
function wholeDocumentRefusal(kind: YjsDocKind, doc: Y.Doc): string | null {
  const empty = new Y.Doc()
  const unlimited = { maxBytes: Infinity, maxItems: Infinity, maxDepth: Infinity, maxValueBytes: Infinity }
  const refusal = refusalOf(
    empty,
    Y.encodeStateAsUpdate(doc),
    kind.shape({ doc: empty, accountKey: ADA.key }),
    unlimited,
  )
  empty.destroy()
  return refusal
}

describe.each(YJS_DOC_KINDS.map((kind) => [kind.purpose, kind] as const))('updates to a %s document', (_, kind) => {
  it('are each handled at once: refused ones change nothing and reach nobody, accepted ones keep the shape', () => {
    let accepted = 0
    let refused = 0
    fc.assert(
      fc.property(anyUpdate(kind), (update) => {
        const { doc, writer, onlooker } = serverCopy(kind)
        try {
          const before = Y.encodeStateAsUpdate(doc)
          const heard = onlooker.sent
          doc.receive(writer as unknown as WebSocket, updateMessage(update))
          if (writer.closedWith !== null) {
            refused++
            expect([CLOSE_CODES.updateRefused, CLOSE_CODES.badMessage]).toContain(writer.closedWith)
            expect(Y.encodeStateAsUpdate(doc)).toEqual(before)
            expect(onlooker.sent).toBe(heard)
          } else {
            accepted++
            expect(wholeDocumentRefusal(kind, doc)).toBeNull()
            // Within the kind's limits, counted by Yjs itself.
            const { structs } = Y.decodeUpdate(update)
            const values = structs.reduce((sum, struct) => sum + Math.max(1, struct.length), 0)
            expect(update.byteLength).toBeLessThanOrEqual(limitsOf(kind).maxBytes)
            expect(values).toBeLessThanOrEqual(limitsOf(kind).maxItems)
          }
          // Nothing kept for later: Yjs holds no part of an update waiting for what it lacks, to
          // apply it unchecked once that comes.
          expect(doc.store.pendingStructs).toBeNull()
        } finally {
          doc.destroy()
        }
      }),
      { seed: SEED, numRuns: RUNS },
    )
    // Both sides were reached: the test is not only refusing, nor only accepting.
    expect(accepted).toBeGreaterThan(RUNS / 10)
    expect(refused).toBeGreaterThan(RUNS / 10)
  })
})

it('walks every registered kind', async () => {
  const { docKindPurposes } = await import('#app/platform/yjs-kinds.server')
  const { registerDocKind } = await import('#app/platform/yjs-kinds.server')
  YJS_DOC_KINDS.forEach(registerDocKind)
  expect(YJS_DOC_KINDS.map((kind) => kind.purpose).sort()).toEqual(docKindPurposes().sort())
})

it('refuses each of the three looping updates at once, with its reason', () => {
  const kind = YJS_DOC_KINDS[0]!
  for (const { update } of cyclicUpdates()) {
    const { doc } = serverCopy(kind)
    expect(refusalOf(doc, update, kind.shape({ doc, accountKey: ADA.key }), limitsOf(kind))).toBe(
      'The update places an item by itself.',
    )
    doc.destroy()
  }
  // And a chain of items placed by the one before, as long as a kind takes, is placed, not refused for its length.
  const n = limitsOf(kind).maxItems
  const chain = encodeRawUpdate([
    {
      client: 5,
      clock: 0,
      items: Array.from({ length: n }, (_, i): RawItem =>
        i === 0
          ? { parent: 'orders', parentSub: 'listing5', content: { kind: 'type', typeRef: TYPE_REF.array } }
          : i === 1
            ? { parent: { client: 5, clock: 0 }, content: { kind: 'any', values: ['photo1'] } }
            : { origin: { client: 5, clock: i - 1 }, content: { kind: 'any', values: [`photo${i}`] } },
      ),
    },
  ])
  const { doc } = serverCopy(kind)
  expect(refusalOf(doc, chain, kind.shape({ doc, accountKey: ADA.key }), limitsOf(kind))).toBeNull()
  expect(itemLength({ kind: 'any', values: [1, 2] })).toBe(2)
  doc.destroy()
})
