// A long transaction does not hold up the others: an import of 50,000 rows is committed in one
// transaction while other users read a page of listings and send and read a chat message. Once
// the import's INSERT is seen running in the database, those calls are made, and they must be
// answered before the import's rows are written and before the import answers; the import then
// completes with every row. The assertions are on order and completion, never on milliseconds.
import { afterAll, beforeAll, expect, it } from 'vitest'
import pg from 'pg'
import { DEMO_BRAND_KEY, DEMO_DIRECT_CHAT_KEY } from '#seed/seed'
import { CHAT_EVENTS, IMPORT_EVENTS } from '#app/platform/protocol'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'

const ROWS = 50_000

let portal: TestPortal
let monitor: pg.Client
const cookies: Record<'admin' | 'dana' | 'victor', string> = {} as never

const openSocket = (cookie: string) => openSocketTo(portal.port, cookie)

beforeAll(async () => {
  portal = await startTestPortal()
  cookies.admin = await sessionCookieFor(portal, 'admin@demo.test')
  cookies.dana = await sessionCookieFor(portal, 'editor@demo.test')
  cookies.victor = await sessionCookieFor(portal, 'vsm@demo.test')
  // The test's own connection, outside the portal's pool, to watch what the database is doing.
  monitor = new pg.Client({ connectionString: portal.databaseUrl })
  await monitor.connect()
})

afterAll(async () => {
  await monitor?.end()
  await portal?.destroy()
})

async function listingTotal(cookie: string): Promise<number> {
  const answer = await api(portal, 'GET', `/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=1`, { cookie })
  expect(answer.status).toBe(200)
  return (answer.body as { total: number }).total
}

/** The import's INSERT into listings, running inside its open transaction. */
async function importInsertRunning(): Promise<boolean> {
  const { rows } = await monitor.query(
    `select 1 from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
        and xact_start is not null and query ~* '^\\s*with written as \\(\\s*insert into listings'`,
  )
  return rows.length > 0
}

// A multipart file: 50,000 rows are more than a JSON body may hold (1 MB).
function upload(cookie: string, csv: string) {
  const form = new FormData()
  form.set('brand', DEMO_BRAND_KEY)
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'long-transaction.csv')
  return fetch(`${portal.url}/api/listing/method/batch`, { method: 'POST', headers: { cookie }, body: form }).then(
    async (response) => ({ status: response.status, body: (await response.json()) as { data?: unknown } }),
  )
}

it('answers page reads and chat messages of other users while an import of 50,000 rows commits', async () => {
  const before = await listingTotal(cookies.admin)
  const adminSocket = await openSocket(cookies.admin)
  const danaSocket = await openSocket(cookies.dana)

  const order: string[] = []
  // Only for the failure message: when each step happened, in ms from the upload.
  const at: string[] = []
  const started = Date.now()
  const happened = (step: string) => {
    order.push(step)
    at.push(`${step} +${Date.now() - started} ms`)
  }
  let committing!: () => void
  const commitStarted = new Promise<void>((resolve) => (committing = resolve))
  adminSocket.on(IMPORT_EVENTS.progress, (progress: { status: string; rowsWritten: number }) => {
    if (progress.status !== 'committing') return
    if (progress.rowsWritten === 0) {
      happened('commit started')
      committing()
    } else if (!order.includes('rows written')) {
      // Sent from inside the transaction once the INSERT of the new listings is done.
      happened('rows written')
    }
  })

  const lines = ['Listing Unique Id,Style Name,Style Number,Units']
  for (let i = 0; i < ROWS; i++) lines.push(`LONG-${i},Long Shirt ${i % 100},LS-${i},${i % 50}`)
  const imported = upload(cookies.admin, `${lines.join('\n')}\n`).then((answer) => {
    happened('import answered')
    return answer
  })
  // The import fails early (a parse error, say): stop here instead of waiting for a commit.
  await Promise.race([commitStarted, imported.then((answer) => expect.unreachable(JSON.stringify(answer)))])
  await eventually(async () => expect(await importInsertRunning()).toBe(true), 120_000)
  happened('insert running')

  const text = `Seen while the import commits ${Date.now()}`
  const pageRead = listingTotal(cookies.victor).then((total) => {
    happened('page read')
    return total
  })
  const chat = (async () => {
    const sent = (await danaSocket.emitWithAck(CHAT_EVENTS.send, {
      conversation: DEMO_DIRECT_CHAT_KEY,
      text,
      client_key: `long-transaction-${Date.now()}`,
    })) as { ok: boolean; data?: { key: string } }
    expect(sent).toMatchObject({ ok: true })
    happened('chat sent')
    const read = await api(portal, 'GET', `/api/message/query/conversation?conversation=${DEMO_DIRECT_CHAT_KEY}`, {
      cookie: cookies.victor,
    })
    expect(read.status).toBe(200)
    const { messages } = read.body.data as { messages: { key: string; text: string }[] }
    expect(messages).toContainEqual(expect.objectContaining({ key: sent.data!.key, text }))
    happened('chat read back')
  })()
  // Answered by the portal's event loop alone: the transaction runs in the server, not in it.
  const health = fetch(`${portal.url}/healthz`).then((response) => {
    expect(response.status).toBe(200)
    happened('health answered')
  })

  const calls = await Promise.allSettled([pageRead, chat, health])
  const answer = await imported
  for (const call of calls) if (call.status === 'rejected') throw call.reason
  expect(answer.status).toBe(200)
  expect(answer.body.data).toMatchObject({ context: { status: 'committed', counts: { rows: ROWS, created: ROWS } } })
  for (const done of ['page read', 'chat sent', 'chat read back', 'health answered']) {
    const where = `${done}: ${at.join(', ')}`
    expect(order.indexOf(done), where).toBeGreaterThan(order.indexOf('insert running'))
    expect(order.indexOf(done), where).toBeLessThan(order.indexOf('rows written'))
    expect(order.indexOf(done), where).toBeLessThan(order.indexOf('import answered'))
  }
  // Read while the import's listings were not committed: the total from before.
  expect(await pageRead).toBe(before)
  expect(await listingTotal(cookies.admin)).toBe(before + ROWS)
}, 300_000)
