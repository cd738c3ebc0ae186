// A connection is told it is live (EVENTS.ready) only once every room it joins by itself is joined:
// before, a chat message published while the chat unit still looked up the account's chats passed
// the connection by (a test that opened a socket and sent at once missed one now and then). Here
// a unit whose join the test holds shows the order: connected, nothing; joined, ready, once.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { EVENTS } from '#app/platform/protocol'
import { attachSocketServer, type SocketLayer } from '#realtime/socket.server'
import type { RealtimeUnit } from '#realtime/units/types'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { socketTo } from '#tests/support/sockets'

let portal: TestPortal
let server: http.Server
let layer: SocketLayer
let letJoin: () => void = () => undefined
const held: RealtimeUnit = {
  name: 'held',
  join: ({ socket }) =>
    new Promise<void>((resolve) => {
      letJoin = () => {
        void socket.join('held-room')
        resolve()
      }
    }),
}

beforeAll(async () => {
  portal = await startTestPortal()
  server = http.createServer()
  layer = await attachSocketServer(server, () => portal.deps, { units: [held] })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(async () => {
  await layer?.close()
  server?.close()
  await portal?.destroy()
})

it('tells a connection it is ready once its rooms are joined, and only then, once', async () => {
  const port = (server.address() as AddressInfo).port
  const socket = socketTo(port, await sessionCookieFor(portal, 'editor@demo.test'))
  const readies: number[] = []
  socket.on(EVENTS.ready, () => readies.push(Date.now()))
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  // Connected, its join still held: not ready, and not in the room.
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(readies).toEqual([])
  expect(await layer.io.in('held-room').fetchSockets()).toHaveLength(0)

  letJoin()
  await expect.poll(() => readies.length).toBe(1)
  expect(await layer.io.in('held-room').fetchSockets()).toHaveLength(1)
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(readies).toHaveLength(1)
})
