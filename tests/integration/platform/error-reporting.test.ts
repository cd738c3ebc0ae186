// An unexpected failure answers the spec's UnexpectedError envelope, is logged as one JSON line
// and reaches the error-reporting service named by SENTRY_DSN. The service here is a local HTTP
// endpoint that records what the Sentry SDK delivers.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let ingest: Server
const envelopes: string[] = []
let portal: TestPortal

beforeAll(async () => {
  ingest = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'))
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve))
  const { port } = ingest.address() as AddressInfo
  portal = await startTestPortal({ env: { SENTRY_DSN: `http://publickey@127.0.0.1:${port}/42` } })
})

afterAll(async () => {
  await portal?.destroy()
  await new Promise((resolve) => ingest?.close(resolve))
})

it('logs and reports an unexpected failure, and tells the client only the generic message', async () => {
  const cookie = await sessionCookieFor(portal, 'admin@demo.test')
  // A table that has gone missing is the kind of fault no handler expects.
  await portal.deps.db.execute(sql`alter table notifications rename to notifications_gone`)
  const logged: string[] = []
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)))
  try {
    const answer = await api(portal, 'GET', '/api/notification/method/notifications_flat', { cookie })
    expect(answer.status).toBe(500)
    expect(answer.body).toEqual({
      error: { type: 'UnexpectedError', message: 'There is a system error, try again later.' },
    })
  } finally {
    spy.mockRestore()
    await portal.deps.db.execute(sql`alter table notifications_gone rename to notifications`)
  }

  const entry = JSON.parse(logged.find((line) => line.includes('api failure'))!) as Record<string, unknown>
  expect(entry).toMatchObject({
    level: 'error',
    msg: 'api failure',
    path: '/api/notification/method/notifications_flat',
    method: 'GET',
  })
  expect((entry.error as { message: string }).message).toContain('notifications')

  const report = await eventually(() => {
    const found = envelopes.find((envelope) => envelope.includes('"type":"event"'))
    expect(found).toBeDefined()
    return found!
  })
  expect(report).toContain('notifications')
  expect(report).toContain('/api/notification/method/notifications_flat')
})

it('never logs or reports an invite token or a link signature from the failing URL', async () => {
  const cookie = await sessionCookieFor(portal, 'admin@demo.test')
  const before = envelopes.length
  await portal.deps.db.execute(sql`alter table notifications rename to notifications_gone`)
  const logged: string[] = []
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => void logged.push(String(line)))
  try {
    const path = '/api/notification/method/notifications_flat?token=SECRET-INVITE-TOKEN&signature=SECRET-SIG&page=2'
    const answer = await api(portal, 'GET', path, { cookie })
    expect(answer.status).toBe(500)
  } finally {
    spy.mockRestore()
    await portal.deps.db.execute(sql`alter table notifications_gone rename to notifications`)
  }
  const line = logged.find((entry) => entry.includes('api failure'))!
  expect(JSON.parse(line)).toMatchObject({
    path: '/api/notification/method/notifications_flat?token=[redacted]&signature=[redacted]&page=2',
  })
  expect(line).not.toContain('SECRET')
  const report = await eventually(() => {
    const found = envelopes.slice(before).find((envelope) => envelope.includes('"type":"event"'))
    expect(found).toBeDefined()
    return found!
  })
  expect(report).toContain('token=[redacted]')
  expect(report).not.toContain('SECRET')
})
