// A member deactivated from a brand loses its live connections to that brand at once: sockets
// leave the brand's room and open Yjs documents of the brand are closed by the server.
import WebSocket from 'ws'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { DEMO_BRAND_KEY, demoAccountKey } from '#db/seed'
import { EVENTS, rooms } from '#realtime/protocol'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let socket: Socket | undefined

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  socket?.disconnect()
  await portal?.destroy()
})

it('takes a deactivated member out of the brand room and closes its Yjs documents of the brand', async () => {
  const [adminCookie, vsmCookie] = await Promise.all([
    sessionCookieFor(portal, 'admin@demo.test'),
    sessionCookieFor(portal, 'vsm@demo.test'),
  ])
  socket = connectSocket(`http://127.0.0.1:${portal.port}`, {
    transports: ['websocket'],
    extraHeaders: { cookie: vsmCookie },
    reconnection: false,
  })
  expect(await socket.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
  const inRoom = async () =>
    (await portal.socket.io.in(rooms.brand(DEMO_BRAND_KEY)).fetchSockets()).some((s) => s.id === socket!.id)
  expect(await inRoom()).toBe(true)

  const yjs = new WebSocket(`ws://127.0.0.1:${portal.port}/yjs/scratch:${DEMO_BRAND_KEY}:board`, {
    headers: { cookie: vsmCookie },
  })
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

  expect(await closed).toBe(4403)
  await eventually(async () => expect(await inRoom()).toBe(false))
  // The socket itself stays connected (the account may have other brands).
  expect(socket.connected).toBe(true)
})
