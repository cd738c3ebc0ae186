// /readyz tells a load balancer whether this process can serve: its database and, in a fleet, its
// Redis answer; a process whose Redis is gone is not ready, while /healthz (alive) still answers.
// Real servers throughout: the test's Postgres and a Redis of its own. That a stopping process is
// not ready is app/infra/readiness.test.ts's (a probe cannot reach a process that stopped listening).
import { spawn } from 'node:child_process'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { freePort } from '#app/infra/auth-emulator.server'
import { startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let redis: ReturnType<typeof spawn>

async function startRedis(port: number) {
  const child = spawn('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ])
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject)
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Ready to accept connections')) resolve()
    })
  })
  return child
}

beforeAll(async () => {
  const port = await freePort()
  redis = await startRedis(port)
  portal = await startTestPortal({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } })
}, 120_000)

afterAll(async () => {
  await portal?.destroy()
  redis?.kill('SIGKILL')
})

it('answers ready with each dependency it asked, and no store may keep the answer', async () => {
  const response = await fetch(`${portal.url}/readyz`)
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await response.json()).toEqual({ ready: true, stopping: false, checks: { database: 'ok', redis: 'ok' } })
})

it('is not ready while its Redis is gone, alive all the same, and ready again when Redis is back', async () => {
  const { port } = new URL(portal.deps.env.REDIS_URL!)
  redis.kill('SIGKILL')
  await new Promise((resolve) => redis.once('exit', resolve))
  const response = await fetch(`${portal.url}/readyz`)
  expect(response.status).toBe(503)
  const body = (await response.json()) as { ready: boolean; checks: Record<string, string> }
  expect(body.ready).toBe(false)
  expect(body.checks.database).toBe('ok')
  expect(['unreachable', 'timed out']).toContain(body.checks.redis)
  // Nothing about hosts or ports leaves the process.
  expect(JSON.stringify(body)).not.toContain(port)
  expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)

  redis = await startRedis(Number(port))
  let again = 0
  for (let attempt = 0; attempt < 50 && again !== 200; attempt++) {
    again = (await fetch(`${portal.url}/readyz`)).status
    if (again !== 200) await new Promise((resolve) => setTimeout(resolve, 200))
  }
  expect(again).toBe(200)
}, 30_000)
