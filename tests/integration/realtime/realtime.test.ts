// socket.io and Yjs against a real server: handshake from the session cookie, brand rooms only
// with a grant, notifications pushed after a brand update, Yjs documents authorized by grant and
// persisted in Postgres across a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import * as Y from 'yjs'
import { notifications, yjsUpdates } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { EVENTS, type BrandJoinAck, type NotificationPayload } from '#app/platform/protocol'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { connected, socketTo as openSocket } from '#tests/support/sockets'
import { connectYjs, tryUpgrade } from '#tests/support/yjs-client'
import { appendDocumentUpdate, loadDocumentUpdates } from '#app/platform/yjs-documents.server'
import { COMPACT_ON_LOAD_ROWS } from '#realtime/yjs.server'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  await portal?.destroy()
})

describe('socket.io', () => {
  it('refuses a handshake without a session cookie, or with a forged one', async () => {
    await expect(connected(openSocket(portal.port))).rejects.toThrow('AuthNoSession')
    await expect(connected(openSocket(portal.port, '__session=forged'))).rejects.toThrow('AuthInvalidSession')
  })

  it('joins a brand room only with a grant on the brand', async () => {
    const outsider = openSocket(portal.port, await sessionCookieFor(portal, 'outsider@demo.test'))
    await connected(outsider)
    const refused = await outsider.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })
    expect(refused).toEqual<BrandJoinAck>({ ok: false, error: 'PermissionError' })
    const own = await outsider.emitWithAck(EVENTS.brandJoin, { brand: OTHER_BRAND_KEY })
    expect(own).toEqual<BrandJoinAck>({ ok: true })
    const invalid = await outsider.emitWithAck(EVENTS.brandJoin, { nope: 1 })
    expect(invalid).toEqual<BrandJoinAck>({ ok: false, error: 'ValidationError' })
    const rooms = await portal.socket.io.in(`brand:${DEMO_BRAND_KEY}`).fetchSockets()
    expect(rooms.map((s) => s.id)).not.toContain(outsider.id)
  })

  it('stores a notification for the other members when a brand is updated, and pushes it', async () => {
    const viewerCookie = await sessionCookieFor(portal, 'viewer@demo.test')
    const viewer = openSocket(portal.port, viewerCookie)
    const outsider = openSocket(portal.port, await sessionCookieFor(portal, 'outsider@demo.test'))
    await Promise.all([connected(viewer), connected(outsider)])
    const received: NotificationPayload[] = []
    const outsiderReceived: NotificationPayload[] = []
    viewer.on(EVENTS.notificationNew, (payload: NotificationPayload) => received.push(payload))
    outsider.on(EVENTS.notificationNew, (payload: NotificationPayload) => outsiderReceived.push(payload))

    const adminCookie = await sessionCookieFor(portal, 'admin@demo.test')
    const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie: adminCookie,
      body: { year_established: '2013' },
    })
    expect(answer.status).toBe(200)

    await eventually(() => expect(received).toHaveLength(1))
    expect(received[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'Admin',
      targetId: DEMO_BRAND_KEY,
      segments: ['Demo Brand'],
    })
    const stored = await portal.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.targetId, DEMO_BRAND_KEY), eq(notifications.actorKey, demoAccountKey('admin'))))
    expect(stored.map((row) => row.accountKey).sort()).toEqual(
      [demoAccountKey('editor'), demoAccountKey('vsm'), demoAccountKey('viewer')].sort(),
    )
    expect(outsiderReceived).toHaveLength(0)
  })
})

describe('Yjs', () => {
  const docName = `scratch:${DEMO_BRAND_KEY}:board`

  it('refuses an upgrade without a session, for a brand without a grant, and for a bad name', async () => {
    const outsiderCookie = await sessionCookieFor(portal, 'outsider@demo.test')
    expect(await tryUpgrade(portal.port, docName)).toEqual({ opened: false, status: 401 })
    expect(await tryUpgrade(portal.port, docName, outsiderCookie)).toEqual({ opened: false, status: 404 })
    expect(await tryUpgrade(portal.port, 'not-a-doc', outsiderCookie)).toEqual({ opened: false, status: 404 })
    expect(await tryUpgrade(portal.port, `scratch:${OTHER_BRAND_KEY}:x`, outsiderCookie)).toEqual({ opened: true })
  })

  it('syncs two clients, ignores writes of a read member and keeps the document across a restart', async () => {
    const [adminCookie, editorCookie, viewerCookie] = await Promise.all([
      sessionCookieFor(portal, 'admin@demo.test'),
      sessionCookieFor(portal, 'editor@demo.test'),
      sessionCookieFor(portal, 'viewer@demo.test'),
    ])
    const a = connectYjs(portal.port, docName, adminCookie)
    const b = connectYjs(portal.port, docName, editorCookie)
    const reader = connectYjs(portal.port, docName, viewerCookie)
    a.doc.getArray<string>('order').push(['look-1', 'look-2'])
    await eventually(() => expect(b.doc.getArray<string>('order').toArray()).toEqual(['look-1', 'look-2']))
    b.doc.getArray<string>('order').insert(0, ['look-0'])
    await eventually(() => expect(a.doc.getArray<string>('order').toArray()).toEqual(['look-0', 'look-1', 'look-2']))
    await eventually(() => expect(reader.doc.getArray<string>('order').length).toBe(3))
    reader.doc.getArray<string>('order').push(['from-reader'])
    // The server handles one connection's messages in order: once the reader's next awareness
    // message reaches the admin, its update before it has been applied or dropped. Dropped, so
    // the read member's own copy changed but nobody else's did.
    reader.provider.awareness.setLocalStateField('marker', 'after-write')
    await eventually(() =>
      expect([...a.provider.awareness.getStates().values()].some((state) => state.marker === 'after-write')).toBe(true),
    )
    expect(a.doc.getArray<string>('order').toArray()).toEqual(['look-0', 'look-1', 'look-2'])
    expect(reader.doc.getArray<string>('order').toArray()).toContain('from-reader')
    await portal.yjs.flush()
    const rows = await portal.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.docName, docName))
    expect(rows.length).toBeGreaterThan(0)
    ;[a, b, reader].forEach((client) => client.destroy())

    await portal.stop()
    portal = await startTestPortal({ reuse: portal })
    const c = connectYjs(portal.port, docName, await sessionCookieFor(portal, 'vsm@demo.test'))
    await eventually(() => expect(c.doc.getArray<string>('order').toArray()).toEqual(['look-0', 'look-1', 'look-2']))
    c.destroy()
  })

  it('merges a document left with many rows as soon as it is loaded, keeping a change made meanwhile', async () => {
    const crashed = `scratch:${DEMO_BRAND_KEY}:after-crash`
    // One row per note, as a process that died before its last viewer left would have stored them.
    const source = new Y.Doc()
    const updates: Uint8Array[] = []
    source.on('updateV2', (update: Uint8Array) => updates.push(update))
    for (let i = 0; i < COMPACT_ON_LOAD_ROWS; i++) source.getMap<string>('notes').set(`note-${i}`, `note ${i}`)
    for (const update of updates) await appendDocumentUpdate(portal.deps, crashed, DEMO_BRAND_KEY, update)
    const rowsOf = async () =>
      (await portal.deps.db.select().from(yjsUpdates).where(eq(yjsUpdates.docName, crashed))).length
    expect(await rowsOf()).toBe(COMPACT_ON_LOAD_ROWS)

    const viewer = connectYjs(portal.port, crashed, await sessionCookieFor(portal, 'admin@demo.test'))
    await eventually(() => expect(viewer.doc.getMap('notes').size).toBe(COMPACT_ON_LOAD_ROWS))
    viewer.doc.getMap<string>('notes').set('while-open', 'kept')
    // Merged while the viewer is still there: the merged row, and the change if it came after.
    await eventually(async () => expect(await rowsOf()).toBeLessThanOrEqual(2))
    await eventually(async () => {
      const stored = new Y.Doc()
      for (const update of await loadDocumentUpdates(portal.deps, crashed)) Y.applyUpdateV2(stored, update)
      expect(stored.getMap('notes').size).toBe(COMPACT_ON_LOAD_ROWS + 1)
      expect(stored.getMap('notes').get('while-open')).toBe('kept')
    })
    viewer.destroy()
  })
})
