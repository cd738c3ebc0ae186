import { describe, expect, it } from 'vitest'
import { outboxServedTo } from './mailer.server'

const local = { outboxDir: '/data/outbox' }
const development = { NODE_ENV: 'development', TRUST_PROXY: false }

describe('outboxServedTo', () => {
  it.each(['127.0.0.1', '::1', '::ffff:127.0.0.1'])('serves the outbox in development to this machine (%s)', (ip) => {
    expect(outboxServedTo(development, local, ip)).toBe(true)
  })

  it('never serves it when TRUST_PROXY is set, even to an address that looks local', () => {
    expect(outboxServedTo({ ...development, TRUST_PROXY: true }, local, '127.0.0.1')).toBe(false)
  })

  it.each([
    ['in production', { NODE_ENV: 'production', TRUST_PROXY: false }, local, '127.0.0.1'],
    ['with SMTP (no local outbox)', development, { outboxDir: null }, '127.0.0.1'],
    ['to another machine', development, local, '192.0.2.10'],
    ['to an unknown address', development, local, undefined],
  ] as const)('never serves it %s', (_case, env, mailer, ip) => {
    expect(outboxServedTo(env, mailer, ip)).toBe(false)
  })
})
