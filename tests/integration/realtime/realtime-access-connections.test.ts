// Access rules of the realtime layer, continued (the setup is tests/support/realtime-access-world.ts):\nmalformed upgrade requests, and what a member's live connections lose with a grant.
import { changePassword } from '#app/features/identity/passwords.server'
import { actorFromSessionId, signOutEverywhere } from '#app/features/identity/sessions.server'
import { action as logoutAction } from '#app/routes/_auth+/logout'
import { action as resetSessionAction } from '#app/routes/_auth+/session.reset'
import { demoKey } from '#app/platform/ids'
import { DEMO_BRAND_KEY, DEMO_TEAM_KEY, demoAccountKey } from '#seed/seed'
import { ATELIER_EVENTS, CHAT_EVENTS, CLOSE_CODES, EVENTS, rooms, type BrandJoinAck } from '#app/platform/protocol'
import { UNITS } from '#realtime/units'
import { createSample } from '#tests/support/atelier-factories'
import { snapshotData } from '#tests/support/db-snapshot'
import {
  createBrand,
  createDirectChat,
  createMember,
  createStyle,
  FACTORY_PASSWORD,
  grant,
} from '#tests/support/factories'
import { api, eventually, sessionCookieFor, within } from '#tests/support/portal'
import { postForm } from '#tests/support/routes'
import { connected, openSocket as openSocketTo, socketTo } from '#tests/support/sockets'
import { tryUpgrade } from '#tests/support/yjs-client'
import * as encoding from 'lib0/encoding'
import net from 'node:net'
import type { Socket } from 'socket.io-client'
import { beforeAll, describe, expect, it } from 'vitest'
import * as syncProtocol from 'y-protocols/sync'
import { portal, rawYjs, storedDoc, withNote, setUpRealtimeAccessWorld } from '#tests/support/realtime-access-world'

setUpRealtimeAccessWorld()

function rawUpgrade(requestLine: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(portal.port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk.toString()))
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''))
    socket.on('error', reject)
    socket.setTimeout(5_000, () => socket.destroy())
    const lines = Object.entries({
      Host: `127.0.0.1:${portal.port}`,
      Connection: 'Upgrade',
      Upgrade: 'websocket',
      'Sec-WebSocket-Version': '13',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      ...headers,
    }).map(([name, value]) => `${name}: ${value}`)
    socket.write(`${requestLine}\r\n${lines.join('\r\n')}\r\n\r\n`)
  })
}

describe('malformed upgrade requests', () => {
  it.each([
    ['GET /yjs/%E0%A4%A HTTP/1.1', 'HTTP/1.1 400'],
    ['GET http://[/yjs/x HTTP/1.1', 'HTTP/1.1 400'],
    ['GET /yjs/%ZZ HTTP/1.1', 'HTTP/1.1 400'],
    ['GET /elsewhere HTTP/1.1', 'HTTP/1.1 404'],
  ])('%s is refused and the server stays up', async (requestLine, status) => {
    expect(await rawUpgrade(requestLine)).toMatch(new RegExp(`^${status}`))
    const health = await fetch(`${portal.url}/healthz`)
    expect(health.status).toBe(200)
  })

  it('refuses a socket.io upgrade with a malformed path, and the server stays up', async () => {
    const answer = await rawUpgrade('GET /socket.io/%E0%A4%A?EIO=4&transport=websocket HTTP/1.1')
    expect(answer).not.toMatch(/^HTTP\/1.1 101/)
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })

  it('refuses an upgrade from a foreign page', async () => {
    const cookie = await sessionCookieFor(portal, 'admin@demo.test')
    const answer = await rawUpgrade(`GET /yjs/scratch:${DEMO_BRAND_KEY}:x HTTP/1.1`, {
      Origin: 'http://evil.example',
      Cookie: cookie,
    })
    expect(answer).toMatch(/^HTTP\/1.1 403/)
    const socket = socketTo(portal.port, cookie, { origin: 'http://evil.example' })
    await expect(connected(socket)).rejects.toThrow()
  })
})

const openSocket = (cookie: string) => openSocketTo(portal.port, cookie)

const inBrandRoom = async (socket: Socket) =>
  (await portal.socket.io.in(rooms.brand(DEMO_BRAND_KEY)).fetchSockets()).some((s) => s.id === socket.id)

/** The rooms the server holds a client socket in. */
async function roomsOf(socket: Socket): Promise<Set<string>> {
  const [found] = await portal.socket.io.in(socket.id!).fetchSockets()
  return new Set(found?.rooms ?? [])
}

describe('grants removed while connected', () => {
  it('closes the Yjs documents of an admin taken off a team, who keeps the brand and its room', async () => {
    const adminCookie = await sessionCookieFor(portal, 'admin@demo.test')
    const added = await api(portal, 'POST', '/api/team/method/set_team', {
      cookie: adminCookie,
      body: { team: DEMO_TEAM_KEY, account: demoAccountKey('admin') },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    const socket = await openSocket(adminCookie)
    expect(await socket.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
    const yjs = await rawYjs(`scratch:${DEMO_BRAND_KEY}:team-admin`, adminCookie)

    const removed = await api(portal, 'POST', '/api/team/method/remove_member', {
      cookie: adminCookie,
      body: { team: DEMO_TEAM_KEY, account: demoAccountKey('admin') },
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)

    expect(await within(yjs.closed, 10_000, 'the Yjs connection to close')).toBe(CLOSE_CODES.accessRevoked)
    // Still owner of the brand: the room stays, and the document opens again for writing.
    expect(await inBrandRoom(socket)).toBe(true)
    const again = await rawYjs(`scratch:${DEMO_BRAND_KEY}:team-admin`, adminCookie)
    again.sync((encoder) => {
      encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
      encoding.writeVarUint8Array(encoder, withNote('admin-after-team'))
    })
    await again.roundTrip()
    expect((await storedDoc(`scratch:${DEMO_BRAND_KEY}:team-admin`)).getMap('notes').has('admin-after-team')).toBe(true)
  })

  it('refuses a brand room to a socket whose grant was removed after its handshake', async () => {
    // An account no other test here uses, so the order of the tests does not matter. It keeps
    // another brand: an account left without any is signed out altogether (revoke-live-access).
    await grant(portal.deps, demoAccountKey('vsm'), {
      brand: (await createBrand(portal.deps, { lines: 0 })).key,
      type: 'read',
    })
    const socket = await openSocket(await sessionCookieFor(portal, 'vsm@demo.test'))
    const removed = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: await sessionCookieFor(portal, 'admin@demo.test'),
      body: { brand: DEMO_BRAND_KEY, account: demoAccountKey('vsm') },
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    expect(await socket.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual<BrandJoinAck>({
      ok: false,
      error: 'PermissionError',
    })
    expect(await inBrandRoom(socket)).toBe(false)
  })

  it('takes a removed member’s sockets out of the brand’s conversations at once', async () => {
    const brand = await createBrand(portal.deps, { lines: 0 })
    const owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
    // Leaving this brand only: with another brand kept, the account and its sign-in stay.
    const elsewhere = await createBrand(portal.deps, { lines: 0 })
    const member = await createMember(
      portal.deps,
      [
        { brand: brand.key, type: 'editor' },
        { brand: elsewhere.key, type: 'read' },
      ],
      { name: 'Leaving' },
    )
    const chat = await createDirectChat(portal.deps, brand.key, [owner.key, member.key])
    const socket = await openSocket(await sessionCookieFor(portal, member.email, FACTORY_PASSWORD))
    const heard: unknown[] = []
    socket.on(CHAT_EVENTS.message, (message) => heard.push(message))
    await eventually(async () => expect(await roomsOf(socket)).toContain(`conversation:${chat.conversation}`))

    const removed = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: await sessionCookieFor(portal, owner.email, FACTORY_PASSWORD),
      body: { brand: brand.key, account: member.key },
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    await eventually(async () => expect(await roomsOf(socket)).not.toContain(`conversation:${chat.conversation}`))
    const sent = await api(portal, 'POST', '/api/message/model/', {
      cookie: await sessionCookieFor(portal, owner.email, FACTORY_PASSWORD),
      body: { conversation: chat.conversation, text: 'After you left' },
    })
    expect(sent.status).toBe(200)
    // Refused to send, too: grants are read afresh for each message from a socket.
    expect(
      await socket.emitWithAck(CHAT_EVENTS.send, { conversation: chat.conversation, text: 'Still here?' }),
    ).toMatchObject({ ok: false, error: 'NotFound' })
    expect(heard).toEqual([])
  })
})

/**
 * What each client event of each unit is sent with to be refused. An event added to a unit
 * without a sample here fails the walk below, as a JSON API route without one fails the route walk.
 */
/** A direct chat of Demo Brand between two of its members, with a message, and a style of it. */
const demoChat = { conversation: '', message: '', style: '' }

const SOCKET_EVENT_SAMPLES: Record<string, { refusedPayload: (brand: string) => unknown } | { own: string }> = {
  [EVENTS.brandJoin]: { refusedPayload: (brand) => ({ brand }) },
  [EVENTS.brandLeave]: { own: 'leaves a room on the caller’s own socket; it reaches nothing of a brand' },
  [CHAT_EVENTS.send]: { refusedPayload: () => ({ conversation: demoChat.conversation, text: 'Taken over' }) },
  [CHAT_EVENTS.delete]: { refusedPayload: () => ({ key: demoChat.message }) },
  [CHAT_EVENTS.markRead]: { refusedPayload: () => ({ conversation: demoChat.conversation }) },
  [CHAT_EVENTS.watch]: { refusedPayload: () => ({ model: 'Style', model_id: demoChat.style }) },
  [CHAT_EVENTS.unwatch]: { own: 'leaves a room on the caller’s own socket; it reaches nothing of a brand' },
  [CHAT_EVENTS.typing]: { refusedPayload: () => ({ conversation: demoChat.conversation }) },
  [CHAT_EVENTS.presenceJoin]: { refusedPayload: (brand) => ({ brand }) },
  [CHAT_EVENTS.presenceActivity]: {
    own: 'sets the idleness of the caller’s own socket; it is announced only in presence rooms the socket is in',
  },
  [ATELIER_EVENTS.watch]: { refusedPayload: () => ({ styles: [demoChat.style] }) },
  [ATELIER_EVENTS.unwatch]: { own: 'leaves rooms on the caller’s own socket; it reaches nothing of a brand' },
  [ATELIER_EVENTS.review]: {
    refusedPayload: () => ({ sample: demoKey('sample-ref:render-front'), intent: 'status', status: 'Approved' }),
  },
}

describe('every socket event of every unit', () => {
  const events = UNITS.flatMap((unit) => Object.keys(unit.events ?? {}))

  beforeAll(async () => {
    Object.assign(
      demoChat,
      await createDirectChat(portal.deps, DEMO_BRAND_KEY, [demoAccountKey('editor'), demoAccountKey('admin')]),
      { style: await createStyle(portal.deps, DEMO_BRAND_KEY) },
    )
  })

  it('has a sample here, and every sample still names an event', () => {
    const missing = events.filter((event) => !(event in SOCKET_EVENT_SAMPLES))
    expect(missing, `Add a sample for these events to SOCKET_EVENT_SAMPLES: ${missing.join(', ')}`).toEqual([])
    expect(Object.keys(SOCKET_EVENT_SAMPLES).filter((event) => !events.includes(event))).toEqual([])
  })

  it.each(events)('%s refuses a malformed payload', async (event) => {
    const socket = await openSocket(await sessionCookieFor(portal, 'admin@demo.test'))
    expect(await socket.emitWithAck(event, { brand: ['not', 'a', 'key'], extra: 'x'.repeat(10_000) })).toEqual({
      ok: false,
      error: 'ValidationError',
    })
    expect(await inBrandRoom(socket)).toBe(false)
  })

  const refusable = events.filter((event) => 'refusedPayload' in (SOCKET_EVENT_SAMPLES[event] ?? {}))
  it.each(refusable)('%s is refused to an outsider of the brand, who reaches no room', async (event) => {
    const sample = SOCKET_EVENT_SAMPLES[event] as { refusedPayload: (brand: string) => unknown }
    const socket = await openSocket(await sessionCookieFor(portal, 'outsider@demo.test'))
    const before = await snapshotData(portal.deps)
    expect(await socket.emitWithAck(event, sample.refusedPayload(DEMO_BRAND_KEY))).toMatchObject({ ok: false })
    expect(await inBrandRoom(socket)).toBe(false)
    expect([...(await roomsOf(socket))].filter((room) => room.includes(demoChat.conversation))).toEqual([])
    expect(await snapshotData(portal.deps)).toEqual(before)
  })
})

/**
 * Every client event after the grant was removed from a connected member who keeps their account:
 * each payload names the lost brand's records, and each is refused, reaches no room of that brand,
 * and changes nothing, whatever grants the socket was opened with.
 */
describe('every socket event after a grant is removed while connected', () => {
  const events = UNITS.flatMap((unit) => Object.keys(unit.events ?? {}))
  const lost = { brand: '', conversation: '', message: '', style: '', sample: '' }
  const PAYLOADS: Record<string, (() => unknown) | 'own'> = {
    [EVENTS.brandJoin]: () => ({ brand: lost.brand }),
    [EVENTS.brandLeave]: 'own',
    [CHAT_EVENTS.send]: () => ({ conversation: lost.conversation, text: 'Still here?' }),
    [CHAT_EVENTS.delete]: () => ({ key: lost.message }),
    [CHAT_EVENTS.markRead]: () => ({ conversation: lost.conversation }),
    [CHAT_EVENTS.watch]: () => ({ model: 'Style', model_id: lost.style }),
    [CHAT_EVENTS.unwatch]: 'own',
    [CHAT_EVENTS.typing]: () => ({ conversation: lost.conversation }),
    [CHAT_EVENTS.presenceJoin]: () => ({ brand: lost.brand }),
    [CHAT_EVENTS.presenceActivity]: 'own',
    [ATELIER_EVENTS.watch]: () => ({ styles: [lost.style] }),
    [ATELIER_EVENTS.unwatch]: 'own',
    [ATELIER_EVENTS.review]: () => ({ sample: lost.sample, intent: 'status', status: 'Approved' }),
  }
  let socket: Socket

  beforeAll(async () => {
    const brand = await createBrand(portal.deps, { lines: 0 })
    const elsewhere = await createBrand(portal.deps, { lines: 0 })
    const owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
    const member = await createMember(
      portal.deps,
      [
        { brand: brand.key, type: 'editor' },
        { brand: elsewhere.key, type: 'read' },
      ],
      { name: 'Removed' },
    )
    const chat = await createDirectChat(portal.deps, brand.key, [member.key, owner.key])
    const style = await createStyle(portal.deps, brand.key)
    const sample = await createSample(portal.deps, brand.key, style, owner.key, { name: 'Lost render.png' })
    Object.assign(lost, { brand: brand.key, ...chat, style, sample })
    // Opened while the grant is held: the handshake read it.
    socket = await openSocket(await sessionCookieFor(portal, member.email, FACTORY_PASSWORD))
    const removed = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: await sessionCookieFor(portal, owner.email, FACTORY_PASSWORD),
      body: { brand: brand.key, account: member.key },
    })
    expect(removed).toMatchObject({ status: 200, body: { data: { accountActive: true } } })
  })

  it('has a payload for every event', () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual([...events].sort())
  })

  it.each(events.filter((event) => PAYLOADS[event] !== 'own'))(
    '%s is refused and reaches nothing of the lost brand',
    async (event) => {
      const before = await snapshotData(portal.deps)
      const payload = (PAYLOADS[event] as () => unknown)()
      expect(await socket.emitWithAck(event, payload)).toMatchObject({ ok: false })
      const held = [...(await roomsOf(socket))]
      expect(
        held.filter((room) => [lost.brand, lost.conversation, lost.style].some((key) => room.endsWith(key))),
      ).toEqual([])
      expect(await snapshotData(portal.deps)).toEqual(before)
    },
  )
})

describe('a session that ends while connected', () => {
  it('logout closes that sign-in’s socket and Yjs documents, not those of another sign-in', async () => {
    const member = await createMember(portal.deps, [{ brand: DEMO_BRAND_KEY, type: 'editor' }], { name: 'Lou' })
    const signedOut = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const stillIn = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const leaving = await openSocket(signedOut)
    const staying = await openSocket(stillIn)
    const reasons: string[] = []
    leaving.on('disconnect', (reason) => reasons.push(reason))
    const yjs = await rawYjs(`scratch:${DEMO_BRAND_KEY}:signed-out`, signedOut)
    const otherYjs = await rawYjs(`scratch:${DEMO_BRAND_KEY}:signed-out`, stillIn)

    const answer = await postForm(portal, logoutAction, { path: '/logout', cookie: signedOut })
    expect(answer.status).toBe(302)

    expect(await within(yjs.closed, 10_000, 'the Yjs connection to close')).toBe(CLOSE_CODES.sessionEnded)
    await eventually(() => expect(reasons).toEqual(['io server disconnect']))
    expect(staying.connected).toBe(true)
    await otherYjs.roundTrip()
    // The ended sign-in opens nothing again, and the old socket cannot send.
    await expect(openSocket(signedOut)).rejects.toThrow('AuthInvalidSession')
    expect(await tryUpgrade(portal.port, `scratch:${DEMO_BRAND_KEY}:signed-out`, signedOut)).toMatchObject({
      opened: false,
      status: 401,
    })
    expect(await staying.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
  })

  it('sign out everywhere closes the connections of every sign-in of the account, on the same stroke', async () => {
    const member = await createMember(portal.deps, [{ brand: DEMO_BRAND_KEY, type: 'editor' }], { name: 'Max' })
    const bystander = await createMember(portal.deps, [{ brand: DEMO_BRAND_KEY, type: 'read' }], { name: 'Ned' })
    const first = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const second = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const other = await openSocket(await sessionCookieFor(portal, bystander.email, FACTORY_PASSWORD))
    const sockets = [await openSocket(first), await openSocket(second)]
    const docs = [
      await rawYjs(`scratch:${DEMO_BRAND_KEY}:everywhere`, first),
      await rawYjs(`scratch:${DEMO_BRAND_KEY}:everywhere`, second),
    ]
    const actor = await actorFromSessionId(
      portal.deps,
      decodeURIComponent(first.split('__session=')[1]!.split(';')[0]!),
    )
    await signOutEverywhere(portal.deps, actor)
    expect(await within(Promise.all(docs.map((doc) => doc.closed)), 10_000, 'every Yjs connection to close')).toEqual([
      CLOSE_CODES.sessionEnded,
      CLOSE_CODES.sessionEnded,
    ])
    await eventually(() => expect(sockets.map((socket) => socket.connected)).toEqual([false, false]))
    expect(other.connected).toBe(true)
  })

  it('Reset Session closes the connections of the session it replaces', async () => {
    const member = await createMember(portal.deps, [{ brand: DEMO_BRAND_KEY, type: 'editor' }], { name: 'Rae' })
    const cookie = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const socket = await openSocket(cookie)
    const doc = await rawYjs(`scratch:${DEMO_BRAND_KEY}:reset`, cookie)
    const answer = await postForm(portal, resetSessionAction, { path: '/session/reset', cookie })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('set-cookie')).toMatch(/__session=[^;]+/)
    expect(await within(doc.closed, 10_000, 'the Yjs connection to close')).toBe(CLOSE_CODES.sessionEnded)
    await eventually(() => expect(socket.connected).toBe(false))
    await expect(openSocket(cookie)).rejects.toThrow('AuthInvalidSession')
  })

  it('a password change closes the connections of the other sign-ins and keeps those of the one that asked', async () => {
    const member = await createMember(portal.deps, [{ brand: DEMO_BRAND_KEY, type: 'editor' }], { name: 'Pia' })
    const asking = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const elsewhere = await sessionCookieFor(portal, member.email, FACTORY_PASSWORD)
    const [kept, ended] = [await openSocket(asking), await openSocket(elsewhere)]
    const [keptDoc, endedDoc] = [
      await rawYjs(`scratch:${DEMO_BRAND_KEY}:password`, asking),
      await rawYjs(`scratch:${DEMO_BRAND_KEY}:password`, elsewhere),
    ]
    const sessionId = decodeURIComponent(asking.split('__session=')[1]!.split(';')[0]!)
    const actor = await actorFromSessionId(portal.deps, sessionId)
    await changePassword(portal.deps, actor, {
      oldPassword: FACTORY_PASSWORD,
      newPassword: 'Another-passw0rd-for-Pia!',
      keepSession: sessionId,
    })
    expect(await within(endedDoc.closed, 10_000, 'the ended session’s Yjs connection to close')).toBe(
      CLOSE_CODES.sessionEnded,
    )
    await eventually(() => expect(ended.connected).toBe(false))
    expect(kept.connected).toBe(true)
    await keptDoc.roundTrip()
    expect(await kept.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
  })
})
