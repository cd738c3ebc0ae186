// Access rules of the realtime layer against a real server: a read member's document changes are
// dropped whatever sync message carries them, brand rooms read grants afresh on every join, losing
// a grant through a team closes live documents, and malformed upgrade requests are refused while
// the server stays up.
import { storedShape } from '#app/features/samples/markup/shapes'
import { docKindPurposes } from '#app/platform/yjs-kinds.server'
import { DEMO_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { CLOSE_CODES } from '#app/platform/protocol'
import { api, eventually, sessionCookieFor, within } from '#tests/support/portal'
import { connectYjs, tryUpgrade } from '#tests/support/yjs-client'
import * as encoding from 'lib0/encoding'
import { describe, expect, it } from 'vitest'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  closers,
  portal,
  rawYjs,
  rectangle,
  storedDoc,
  VALID_WRITES,
  WALK_IDS,
  withNote,
  setUpRealtimeAccessWorld,
} from '#tests/support/realtime-access-world'

setUpRealtimeAccessWorld()

describe('Yjs', () => {
  it('drops a read member’s sync step 2 and updates, and applies an editor’s', async () => {
    const docName = `scratch:${DEMO_BRAND_KEY}:read-only`
    const reader = await rawYjs(docName, await sessionCookieFor(portal, 'viewer@demo.test'))
    reader.sync((encoder) => syncProtocol.writeSyncStep2(encoder, new Y.Doc(), undefined))
    reader.sync((encoder) => {
      encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
      encoding.writeVarUint8Array(encoder, withNote('reader-step-2'))
    })
    reader.sync((encoder) => syncProtocol.writeUpdate(encoder, withNote('reader-update')))
    await reader.roundTrip()

    const editor = await rawYjs(docName, await sessionCookieFor(portal, 'editor@demo.test'))
    editor.sync((encoder) => {
      encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
      encoding.writeVarUint8Array(encoder, withNote('editor-step-2'))
    })
    await editor.roundTrip()

    const notes = (await storedDoc(docName)).getMap<string>('notes')
    expect(notes.get('editor-step-2')).toBe('editor-step-2')
    expect(notes.has('reader-step-2')).toBe(false)
    expect(notes.has('reader-update')).toBe(false)
  })

  // Who may open and who may change each kind of document, written out by hand rather than read
  // from the kinds' own abilities (a kind made writable by read members must fail here). A kind
  // added later fails the first test until it has its row.
  const EXPECTED: Record<
    string,
    Record<'outsider' | 'viewer' | 'editor' | 'admin', 'not found' | 'reads' | 'writes'>
  > = {
    'media-order': { outsider: 'not found', viewer: 'reads', editor: 'writes', admin: 'writes' },
    'sample-markup': { outsider: 'not found', viewer: 'reads', editor: 'writes', admin: 'writes' },
    scratch: { outsider: 'not found', viewer: 'reads', editor: 'writes', admin: 'writes' },
  }

  it('has a row of expectations for every document kind', () => {
    expect(docKindPurposes().sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  describe.each(Object.keys(EXPECTED))('document kind %s', (purpose) => {
    const docName = `${purpose}:${DEMO_BRAND_KEY}:${WALK_IDS[purpose] ?? 'walk'}`
    const write = VALID_WRITES[purpose]!

    it.each(['outsider', 'viewer', 'editor', 'admin'] as const)('as %s', async (who) => {
      const expected = EXPECTED[purpose]![who]
      const cookie = await sessionCookieFor(portal, `${who}@demo.test`)
      if (expected === 'not found') {
        expect(await tryUpgrade(portal.port, docName, cookie)).toEqual({ opened: false, status: 404 })
        return
      }
      const tag = `walk${who}`
      const client = await rawYjs(docName, cookie)
      client.sync((encoder) => {
        encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
        encoding.writeVarUint8Array(encoder, write.update(demoAccountKey(who), tag))
      })
      await client.roundTrip()
      expect(write.holds(await storedDoc(docName), tag)).toBe(expected === 'writes')
    })
  })

  it('refuses a sample of one brand under the name of another', async () => {
    // The outsider owns Other Brand; Demo Brand's sample named under it is still not theirs.
    const cookie = await sessionCookieFor(portal, 'outsider@demo.test')
    const brands = (await api(portal, 'GET', '/api/brand/query/user/', { cookie })).body as { data: { key: string }[] }
    const own = brands.data[0]!.key
    expect(await tryUpgrade(portal.port, `sample-markup:${own}:${WALK_IDS['sample-markup']}`, cookie)).toEqual({
      opened: false,
      status: 404,
    })
    // And a member of Demo Brand cannot store its sample's markup under another brand's name.
    const editor = await sessionCookieFor(portal, 'editor@demo.test')
    expect(await tryUpgrade(portal.port, `sample-markup:${own}:${WALK_IDS['sample-markup']}`, editor)).toEqual({
      opened: false,
      status: 404,
    })
  })

  it('closes a connection that does not speak the protocol', async () => {
    const client = await rawYjs(`scratch:${DEMO_BRAND_KEY}:garbage`, await sessionCookieFor(portal, 'editor@demo.test'))
    client.ws.send(new Uint8Array([0, 9, 1]))
    expect(await within(client.closed, 10_000, 'the Yjs connection to close')).toBe(CLOSE_CODES.badMessage)
  })

  // Point 8: the shape of each kind is checked on the server. A refused update closes its
  // connection with its own code; it is not stored, and nobody else receives it.
  describe('an update that does not fit its document', () => {
    const orders = `media-order:${DEMO_BRAND_KEY}`
    const markup = `sample-markup:${DEMO_BRAND_KEY}:${WALK_IDS['sample-markup']}`

    async function sendRefused(docName: string, email: string, change: (doc: Y.Doc) => void) {
      const watcher = connectYjs(portal.port, docName, await sessionCookieFor(portal, 'admin@demo.test'))
      closers.push(watcher.destroy)
      await eventually(() => expect(watcher.provider.synced).toBe(true))
      const seen: Uint8Array[] = []
      watcher.doc.on('update', (update: Uint8Array) => seen.push(update))
      const client = await rawYjs(docName, await sessionCookieFor(portal, email))
      const doc = new Y.Doc()
      change(doc)
      client.sync((encoder) => syncProtocol.writeUpdate(encoder, Y.encodeStateAsUpdate(doc)))
      expect(await within(client.closed, 10_000, 'the Yjs connection to close')).toBe(CLOSE_CODES.updateRefused)
      // A change after it from someone else arrives alone: the refused one was not relayed.
      const other = await rawYjs(docName, await sessionCookieFor(portal, 'editor@demo.test'))
      other.sync((encoder) =>
        syncProtocol.writeUpdate(
          encoder,
          VALID_WRITES[docName.split(':')[0]!]!.update(demoAccountKey('editor'), 'afterrefusal'),
        ),
      )
      await other.roundTrip()
      await eventually(() => expect(seen).toHaveLength(1))
      return { watcher, stored: await storedDoc(docName) }
    }

    it("refuses a listing's order turned into a string, and keeps the brand's ordering working", async () => {
      const { watcher, stored } = await sendRefused(orders, 'editor@demo.test', (doc) =>
        doc.getMap('orders').set('broken', 'not a list'),
      )
      expect(stored.getMap('orders').has('broken')).toBe(false)
      expect(watcher.doc.getMap('orders').has('broken')).toBe(false)
      expect(watcher.doc.getMap('orders').get('afterrefusal')).toBeInstanceOf(Y.Array)
    })

    it('refuses a map of its own beside the orders', async () => {
      const { stored } = await sendRefused(orders, 'editor@demo.test', (doc) => doc.getMap('mine').set('a', 'b'))
      expect(stored.share.has('mine')).toBe(false)
    })

    it('refuses a markup shape signed with someone else’s name', async () => {
      const { watcher, stored } = await sendRefused(markup, 'editor@demo.test', (doc) =>
        doc.getMap('shapes').set('forged', storedShape(rectangle('forged', demoAccountKey('admin')))),
      )
      expect(stored.getMap('shapes').has('forged')).toBe(false)
      expect(watcher.doc.getMap('shapes').has('forged')).toBe(false)
      expect(watcher.doc.getMap('shapes').has('afterrefusal')).toBe(true)
    })
  })

  it('answers an unknown document kind as not found', async () => {
    const cookie = await sessionCookieFor(portal, 'admin@demo.test')
    expect(await tryUpgrade(portal.port, `nothing:${DEMO_BRAND_KEY}:x`, cookie)).toEqual({ opened: false, status: 404 })
  })
})

/** Sends a raw upgrade request and returns the status line of the answer. */
