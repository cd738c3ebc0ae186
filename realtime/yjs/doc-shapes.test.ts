// What each kind of Yjs document takes from a client, written out by hand: a client copy synced
// from the server's makes a change, and the update it would send is checked against the server's.
import * as Y from 'yjs'
import { describe, expect, it } from 'vitest'
import { MARKUP_COLOURS, storedShape, type Shape } from '#app/features/samples'
import { DEFAULT_UPDATE_LIMITS, type DocShape, type UpdateLimits } from '#app/platform/yjs-shapes'
import { mediaOrderDoc, mediaOrderShape } from '#app/features/media/media-order-doc.server'
import { sampleMarkupShape } from '#app/features/samples/markup/markup-doc.server'
import { MAX_SCRATCH_TEXT, scratchShape } from './scratch-doc'
import { insertionsOf, refusalOf } from './update-check'

const ADA = 'adakey0000000001'
const VIC = 'vickey0000000002'

/** A server copy and a client copy of it; `change` runs on the client and returns the server's verdict. */
function documentPair(
  shape: DocShape,
  accountKey: string,
  prepare?: (server: Y.Doc) => void,
  limits: UpdateLimits = DEFAULT_UPDATE_LIMITS,
) {
  const server = new Y.Doc()
  prepare?.(server)
  const client = new Y.Doc()
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server))
  const change = (edit: (doc: Y.Doc) => void) => {
    const before = Y.encodeStateVector(client)
    edit(client)
    const update = Y.encodeStateAsUpdate(client, before)
    const refusal = refusalOf(server, update, shape({ doc: server, accountKey }), limits)
    // As the server does: what it takes, it holds; the client's next change follows on from it.
    if (refusal === null) Y.applyUpdate(server, update)
    return refusal
  }
  return { server, client, change }
}

function orderOf(doc: Y.Doc, listing: string, keys: string[]) {
  const list = new Y.Array<string>()
  list.push(keys)
  doc.getMap<Y.Array<string>>('orders').set(listing, list)
}

describe('media-order', () => {
  const withOrder = (server: Y.Doc) => orderOf(server, 'listing1', ['photo1', 'photo2'])

  it('takes a listing order of photo keys, and changes to one', () => {
    const { change } = documentPair(mediaOrderShape, ADA, withOrder)
    expect(change((doc) => orderOf(doc, 'listing2', ['photo3', 'photo4']))).toBeNull()
    expect(change((doc) => doc.getMap<Y.Array<string>>('orders').get('listing1')!.push(['photo5']))).toBeNull()
    expect(change((doc) => doc.getMap<Y.Array<string>>('orders').get('listing1')!.insert(0, ['photo6']))).toBeNull()
    expect(change((doc) => doc.getMap('orders').delete('listing1'))).toBeNull()
  })

  it('refuses an order that is not a list of photo keys, and anything outside the orders', () => {
    const refused = (edit: (doc: Y.Doc) => void) => documentPair(mediaOrderShape, ADA, withOrder).change(edit)
    expect(refused((doc) => doc.getMap('orders').set('listing1', 'photo1,photo2'))).toMatch(/must be a list/)
    expect(refused((doc) => doc.getMap('orders').set('listing1', new Y.Map()))).toMatch(/must be a list/)
    expect(refused((doc) => doc.getMap('orders').set('listing1', 42))).toMatch(/must be a list/)
    expect(refused((doc) => (doc.getMap('orders').get('listing1') as Y.Array<unknown>).push([7]))).toMatch(
      /photo keys only/,
    )
    expect(refused((doc) => (doc.getMap('orders').get('listing1') as Y.Array<unknown>).push([new Y.Map()]))).toMatch(
      /not YMap/,
    )
    expect(refused((doc) => orderOf(doc, 'Not A Key', ['photo1']))).toMatch(/Nothing may be written/)
    expect(refused((doc) => doc.getMap('elsewhere').set('listing1', 'x'))).toMatch(/Nothing may be written/)
    expect(refused((doc) => doc.getArray('orders').push(['photo1']))).toMatch(/Nothing may be written/)
    expect(
      refused((doc) =>
        orderOf(
          doc,
          'listing3',
          Array.from({ length: 1001 }, (_, i) => `photo${i}`),
        ),
      ),
    ).toMatch(/at most 1000/)
  })

  it('refuses an update that builds on content the server does not hold', () => {
    const { server, client } = documentPair(mediaOrderShape, ADA, withOrder)
    const unseen = new Y.Doc()
    Y.applyUpdate(unseen, Y.encodeStateAsUpdate(client))
    orderOf(unseen, 'listing4', ['photo1'])
    Y.applyUpdate(client, Y.encodeStateAsUpdate(unseen))
    const before = Y.encodeStateVector(client)
    client.getMap<Y.Array<string>>('orders').get('listing4')!.push(['photo2'])
    expect(
      refusalOf(server, Y.encodeStateAsUpdate(client, before), mediaOrderShape({ doc: server, accountKey: ADA })),
    ).toMatch(/refers to content/)
  })

  it('places a long run of inserts without recursion', () => {
    const limits = { ...DEFAULT_UPDATE_LIMITS, ...mediaOrderDoc.limits }
    const { change } = documentPair(mediaOrderShape, ADA, withOrder, limits)
    const list = (doc: Y.Doc) => doc.getMap<Y.Array<string>>('orders').get('listing1')!
    expect(
      change((doc) =>
        doc.transact(() => {
          // Each inserted before the last: none merge, each is placed by its right neighbour.
          const order = list(doc)
          for (let i = 0; i < limits.maxItems; i++) order.insert(0, [`photo${i}`])
        }),
      ),
    ).toBeNull()
  })
})

describe('sample-markup', () => {
  const rect = (id: string, author: string, extra: Partial<Shape> = {}): Shape =>
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
      ...extra,
    }) as Shape
  const withVictorsRect = (server: Y.Doc) => server.getMap('shapes').set('r1', storedShape(rect('r1', VIC)))

  it("takes a shape signed by whoever draws it, and a change that keeps a shape's author", () => {
    const { change } = documentPair(sampleMarkupShape, ADA, withVictorsRect)
    expect(change((doc) => doc.getMap('shapes').set('r2', storedShape(rect('r2', ADA))))).toBeNull()
    expect(change((doc) => doc.getMap('shapes').set('r1', storedShape(rect('r1', VIC, { x: 0.3 }))))).toBeNull()
    expect(change((doc) => doc.getMap('shapes').delete('r1'))).toBeNull()
  })

  it('refuses a forged author, a changed author and anything that is not a shape', () => {
    const refused = (edit: (doc: Y.Doc) => void) => documentPair(sampleMarkupShape, ADA, withVictorsRect).change(edit)
    expect(refused((doc) => doc.getMap('shapes').set('r2', storedShape(rect('r2', VIC))))).toMatch(/signed by whoever/)
    expect(refused((doc) => doc.getMap('shapes').set('r1', storedShape(rect('r1', ADA))))).toMatch(/keeps the author/)
    expect(refused((doc) => doc.getMap('shapes').set('r2', JSON.stringify(rect('r2', ADA))))).toMatch(/as bytes/)
    expect(refused((doc) => doc.getMap('shapes').set('r2', rect('r2', ADA)))).toMatch(/as bytes/)
    expect(refused((doc) => doc.getMap('shapes').set('r3', storedShape(rect('r2', ADA))))).toMatch(/its own id/)
    expect(refused((doc) => doc.getMap('shapes').set('r2', new TextEncoder().encode('{"kind":"rect"}')))).toMatch(
      /valid shape/,
    )
    expect(refused((doc) => doc.getMap('elsewhere').set('r2', storedShape(rect('r2', ADA))))).toMatch(/Nothing may/)
  })
})

describe('scratch', () => {
  it('takes texts in notes and order, and nothing else', () => {
    const verdict = (edit: (doc: Y.Doc) => void) => documentPair(scratchShape, ADA).change(edit)
    expect(verdict((doc) => doc.getMap('notes').set('look-1', 'shorten the hem'))).toBeNull()
    expect(verdict((doc) => doc.getArray('order').push(['look-1']))).toBeNull()
    expect(verdict((doc) => doc.getMap('notes').set('look-1', 3))).toMatch(/holds texts/)
    expect(verdict((doc) => doc.getMap('notes').set('look-1', 'x'.repeat(MAX_SCRATCH_TEXT + 1)))).toMatch(/at most/)
    expect(verdict((doc) => doc.getText('notes').insert(0, 'free text'))).toMatch(/Nothing may be written/)
    expect(verdict((doc) => doc.getMap('notes').set('look-1', 'a\u0000b'))).toMatch(/control characters/)
    expect(verdict((doc) => doc.getMap('notes').set('look\u0001', 'fine'))).toMatch(/control characters/)
  })
})

it('lists where each inserted value sits', () => {
  const server = new Y.Doc()
  orderOf(server, 'listing1', ['photo1'])
  const client = new Y.Doc()
  Y.applyUpdate(client, Y.encodeStateAsUpdate(server))
  const before = Y.encodeStateVector(client)
  client.getMap<Y.Array<string>>('orders').get('listing1')!.push(['photo2'])
  client.getMap('notes').set('a', 'b')
  const insertions = insertionsOf(server, Y.encodeStateAsUpdate(client, before))
  if (typeof insertions === 'string') throw new Error(insertions)
  const places = insertions.map((insertion) => insertion.place)
  expect(places).toEqual([
    { root: 'orders', keys: ['listing1', null] },
    { root: 'notes', keys: ['a'] },
  ])
})
