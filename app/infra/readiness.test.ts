import { describe, expect, it } from 'vitest'
import { readiness } from './readiness.server'

const ok = { name: 'database', check: () => Promise.resolve() }

describe('readiness', () => {
  it('is ready when every check answers and the process is not stopping', async () => {
    const answer = await readiness([ok, { name: 'redis', check: () => Promise.resolve('PONG') }], { stopping: false })
    expect(answer).toEqual({
      status: 200,
      body: { ready: true, stopping: false, checks: { database: 'ok', redis: 'ok' } },
      failures: [],
    })
  })

  it('names the check that failed, keeps its message for the log only', async () => {
    const answer = await readiness(
      [ok, { name: 'redis', check: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:6379')) }],
      { stopping: false },
    )
    expect(answer.status).toBe(503)
    expect(answer.body.checks).toEqual({ database: 'ok', redis: 'unreachable' })
    expect(JSON.stringify(answer.body)).not.toContain('10.0.0.7')
    expect(answer.failures).toEqual([{ name: 'redis', message: 'connect ECONNREFUSED 10.0.0.7:6379' }])
  })

  it('gives up on a check that does not answer in time', async () => {
    const never = { name: 'redis', check: () => new Promise(() => {}) }
    const answer = await readiness([ok, never], { stopping: false, timeoutMs: 20 })
    expect(answer.status).toBe(503)
    expect(answer.body.checks.redis).toBe('timed out')
  })

  it('is not ready while stopping, even with every check answering', async () => {
    const answer = await readiness([ok], { stopping: true })
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ ready: false, stopping: true, checks: { database: 'ok' } })
  })
})
