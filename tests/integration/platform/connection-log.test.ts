// Realtime connections in the log (docs/decisions/185): a socket.io socket and a Yjs connection
// each write a line when they open and one when they close, with why and after how long.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { accounts, yjsUpdates } from '#db/schema'
import { openSocket } from '#tests/support/sockets'
import { connectYjs } from '#tests/support/yjs-client'
import { eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let lines: Record<string, unknown>[] = []

beforeAll(async () => {
  portal = await startTestPortal({ env: { ACCESS_LOG: 'true' } })
}, 120_000)
afterAll(async () => {
  vi.restoreAllMocks()
  await portal?.destroy()
})

it('writes a line as a socket and a Yjs connection open and close', async () => {
  const log = console.log.bind(console)
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    if (typeof line === 'string' && line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>)
    else log(line)
  })
  lines = []
  const cookie = await sessionCookieFor(portal, 'admin@demo.test')
  const [admin] = await portal.deps.db.select().from(accounts).where(eq(accounts.email, 'admin@demo.test'))
  const socket = await openSocket(portal.port, cookie)
  const id = socket.id
  socket.disconnect()
  const [stored] = await portal.deps.db.select({ docName: yjsUpdates.docName }).from(yjsUpdates).limit(1)
  const yjs = connectYjs(portal.port, stored!.docName, cookie)
  await eventually(() => expect(yjs.provider.synced).toBe(true))
  yjs.destroy()
  await eventually(() => {
    expect(lines.find((line) => line.msg === 'socket opened' && line.socket === id)).toMatchObject({
      account: admin!.key,
    })
    expect(lines.find((line) => line.msg === 'socket closed' && line.socket === id)).toMatchObject({
      reason: 'client namespace disconnect',
    })
    expect(lines.find((line) => line.msg === 'yjs opened')).toMatchObject({ doc: stored!.docName, readOnly: false })
    const closed = lines.find((line) => line.msg === 'yjs closed')
    expect(closed).toMatchObject({ doc: stored!.docName, account: admin!.key })
    expect(typeof closed!.seconds).toBe('number')
  })
  // Requests are logged too, this one's session never.
  expect(JSON.stringify(lines)).not.toContain(cookie.split('=')[1]!)
})
