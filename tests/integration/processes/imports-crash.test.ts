// An import is all or nothing, even when the process dies mid-commit: a portal process on its
// embedded Postgres server is killed with SIGKILL while it writes a large import (the server goes
// down with it), restarted on the same data folder, and must hold either every listing of the
// import or none, with the import shown failed in History (docs/decisions/081).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { IMPORT_EVENTS } from '#app/platform/protocol'
import { api, eventually } from '#tests/support/portal'
import { socketTo } from '#tests/support/sockets'
import { killPortalProcesses, startPortalProcess } from '#tests/support/portal-processes'

const ROWS = 20_000
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-crash-'))

afterAll(() => {
  killPortalProcesses()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

async function listingTotal(port: number, cookie: string): Promise<number> {
  const answer = await api({ port }, 'GET', `/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=1`, { cookie })
  return (answer.body as { total: number }).total
}

it('leaves no partial import after a kill -9 mid-commit, and shows the import failed', async () => {
  const first = await startPortalProcess(dataDir, 'import-crash-test-secret-value')
  const cookie = first.sessions['admin@demo.test']!
  const before = await listingTotal(first.port, cookie)

  const socket = socketTo(first.port, cookie)
  await eventually(() => expect(socket.connected).toBe(true))
  let killedDuring: { status: string; rowsWritten: number } | null = null
  const exited = new Promise((resolve) => first.child.once('exit', resolve))
  socket.on(IMPORT_EVENTS.progress, (progress: { status: string; rowsWritten: number }) => {
    // Sent from inside the commit's transaction, once the new listings are inserted.
    if (!killedDuring && progress.status === 'committing' && progress.rowsWritten > 0) {
      killedDuring = progress
      first.child.kill('SIGKILL')
    }
  })

  const lines = ['Listing Unique Id,Style Name,Style Number,Units']
  for (let i = 0; i < ROWS; i++) lines.push(`CRASH-${i},Crash Shirt ${i % 100},CS-${i},${i % 50}`)
  const upload = api({ port: first.port }, 'POST', '/api/listing/method/batch', {
    cookie,
    body: { brand: DEMO_BRAND_KEY, filename: 'crash.csv', spreadsheet: `${lines.join('\n')}\n` },
  }).catch((error: unknown) => error)
  await exited
  socket.close()
  expect(await upload).toBeInstanceOf(Error)
  expect(killedDuring).toMatchObject({ status: 'committing' })

  const second = await startPortalProcess(dataDir, 'import-crash-test-secret-value')
  const after = await listingTotal(second.port, second.sessions['admin@demo.test']!)
  // All or nothing; killed inside the transaction, it is nothing.
  expect([before, before + ROWS]).toContain(after)
  expect(after).toBe(before)
  const history = await api(
    { port: second.port },
    'GET',
    `/api/parsedspreadsheets/query/brand?brand=${DEMO_BRAND_KEY}`,
    { cookie: second.sessions['admin@demo.test'] },
  )
  expect((history.body as { data: { filename: string; status: string }[] }).data[0]).toMatchObject({
    filename: 'crash.csv',
    status: 'failed',
  })
  second.child.kill('SIGTERM')
}, 240_000)
