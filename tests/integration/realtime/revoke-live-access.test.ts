// A member deactivated from a brand loses its live connections to that brand at once: sockets
// leave the brand's room and open Yjs documents of the brand are closed by the server. A member
// who had no other brand is deactivated altogether: every sign-in and connection of it ends.
import WebSocket from 'ws'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { CLOSE_CODES, EVENTS, rooms } from '#app/platform/protocol'
import { FACTORY_PASSWORD, createBrand, createMember, grant } from '#tests/support/factories'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal, within } from '#tests/support/portal'
import { socketTo } from '#tests/support/sockets'
import { answerSyncSteps, tryUpgrade } from '#tests/support/yjs-client'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  await portal?.destroy()
})

it('takes a deactivated member out of the brand room and closes its Yjs documents of the brand', async () => {
  // Victor keeps another brand, so his account stays active.
  await grant(portal.deps, demoAccountKey('vsm'), {
    brand: (await createBrand(portal.deps, { lines: 0 })).key,
    type: 'read',
  })
  const [adminCookie, vsmCookie] = await Promise.all([
    sessionCookieFor(portal, 'admin@demo.test'),
    sessionCookieFor(portal, 'vsm@demo.test'),
  ])
  const socket = socketTo(portal.port, vsmCookie)
  expect(await socket.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
  const inRoom = async () =>
    (await portal.socket.io.in(rooms.brand(DEMO_BRAND_KEY)).fetchSockets()).some((s) => s.id === socket.id)
  expect(await inRoom()).toBe(true)

  const yjs = answerSyncSteps(
    new WebSocket(`ws://127.0.0.1:${portal.port}/yjs/scratch:${DEMO_BRAND_KEY}:board`, {
      headers: { cookie: vsmCookie },
    }),
  )
  await new Promise((resolve, reject) => {
    yjs.once('open', resolve)
    yjs.once('error', reject)
  })
  const closed = new Promise<number>((resolve) => yjs.once('close', (code) => resolve(code)))

  const answer = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
    cookie: adminCookie,
    body: { brand: DEMO_BRAND_KEY, account: demoAccountKey('vsm') },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)

  expect(await within(closed, 10_000, 'the Yjs connection to close')).toBe(4403)
  await eventually(async () => expect(await inRoom()).toBe(false))
  // The socket itself stays connected (the account may have other brands).
  expect(socket.connected).toBe(true)
})

it('ends every sign-in of a member removed from their only brand, with its socket and Yjs documents', async () => {
  const member = await createMember(portal.deps, [{ brand: DEMO_BRAND_KEY, type: 'editor' }], { name: 'Only' })
  const [adminCookie, memberCookie] = await Promise.all([
    sessionCookieFor(portal, 'admin@demo.test'),
    sessionCookieFor(portal, member.email, FACTORY_PASSWORD),
  ])
  const own = socketTo(portal.port, memberCookie)
  const reasons: string[] = []
  own.on('disconnect', (reason) => reasons.push(reason))
  await eventually(() => expect(own.connected).toBe(true))
  const docName = `scratch:${DEMO_BRAND_KEY}:only-brand`
  const yjs = answerSyncSteps(
    new WebSocket(`ws://127.0.0.1:${portal.port}/yjs/${docName}`, { headers: { cookie: memberCookie } }),
  )
  await new Promise((resolve, reject) => {
    yjs.once('open', resolve)
    yjs.once('error', reject)
  })
  const closed = new Promise<number>((resolve) => yjs.once('close', (code) => resolve(code)))

  const answer = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
    cookie: adminCookie,
    body: { brand: DEMO_BRAND_KEY, account: member.key },
  })
  expect(answer).toMatchObject({ status: 200, body: { data: { accountActive: false } } })

  // Closed for the lost grant or for the ended sign-in, whichever comes first: either way closed.
  expect([CLOSE_CODES.accessRevoked, CLOSE_CODES.sessionEnded]).toContain(
    await within(closed, 10_000, 'the Yjs connection to close'),
  )
  await eventually(() => expect(reasons).toEqual(['io server disconnect']))
  expect((await api(portal, 'GET', '/api/brand/query/user/', { cookie: memberCookie })).status).toBe(401)
  expect(await tryUpgrade(portal.port, docName, memberCookie)).toMatchObject({ opened: false, status: 401 })
})
