// A process asked to stop (SIGTERM at a deploy or a scale-in) takes no new connection, answers the
// requests it has begun, tells its Yjs clients to reconnect (close code 1012, so they go to another
// process) and stores their last edits: a new process on the same database has them.
import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { CLOSE_CODES } from '#app/platform/protocol'
import { eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { connectYjs } from '#tests/support/yjs-client'

let first: TestPortal
let second: TestPortal | null = null

beforeAll(async () => {
  first = await startTestPortal()
}, 120_000)

afterAll(async () => {
  await second?.destroy()
})

/** A request whose body arrives in two halves: in flight until `finish` is called. */
function slowRequest(port: number) {
  const body = JSON.stringify({ note: 'x'.repeat(2_000) })
  let finish = () => {}
  const answered = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/no-such-route',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }),
        )
      },
    )
    request.on('error', reject)
    request.write(body.slice(0, 1_000))
    finish = () => request.end(body.slice(1_000))
  })
  return { answered, finish: () => finish() }
}

it('answers the requests in flight, refuses new ones, sends Yjs clients elsewhere and keeps their edits', async () => {
  const cookie = await sessionCookieFor(first, 'admin@demo.test')
  const docName = `scratch:${DEMO_BRAND_KEY}:deploy`
  const yjs = connectYjs(first.port, docName, cookie)
  const closeCodes: number[] = []
  yjs.provider.on('connection-close', (event: CloseEvent | null) => {
    if (event) closeCodes.push(event.code)
  })
  await eventually(() => expect(yjs.provider.synced).toBe(true))
  yjs.doc.getMap('notes').set('last', 'written just before the deploy')

  const slow = slowRequest(first.port)
  await new Promise((resolve) => setTimeout(resolve, 200))
  const closing = first.close()
  let closed = false
  void closing.then(() => (closed = true))
  // Longer than the rest of the stop takes (the realtime layer, the database): a process that did
  // not wait for its requests would have cut this one by now.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  // Still answering the request it began, so not closed; nobody new is let in.
  expect(closed).toBe(false)
  await expect(fetch(`${first.url}/healthz`)).rejects.toThrow()

  slow.finish()
  const answer = await slow.answered
  // The route's own answer, whole: the request was served, not cut.
  expect(answer.status).toBe(404)
  expect(JSON.parse(answer.body)).toMatchObject({ error: { type: 'NotFound' } })
  expect(answer.connection).toBe('close')
  await closing
  expect(closeCodes).toContain(CLOSE_CODES.serviceRestart)
  yjs.destroy()

  // The next process on the same database has the edit made just before the stop.
  second = await startTestPortal({ reuse: first })
  const again = connectYjs(second.port, docName, cookie)
  try {
    await eventually(() => expect(again.doc.getMap('notes').get('last')).toBe('written just before the deploy'))
  } finally {
    again.destroy()
  }
}, 120_000)
