// Limits at their edges and after their windows: the rate-limit service itself with an injected
// clock; failed sign-ins per account and per address; the human check after N failures; SMS codes
// per account and per address. Each test uses its own accounts and addresses, so the order of the
// tests does not matter. A window "passes" by moving the stored window start back by its length,
// which is what the clock does between two requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { rateLimits } from '#db/schema'
import { newKey } from '#app/lib/ids'
import type { Env } from '#app/env.server'
import type { ServiceDeps } from '#app/services/context.server'
import { MESSAGES, SMS_LIMITS, allowSmsSend, isHumanCheckRequired, signInWithPassword } from '#app/services/auth.server'
import { countInWindow, hit, isLimited } from '#app/services/rate-limit.server'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { FACTORY_PASSWORD, createBrand, createMember } from '#tests/support/factories'

const WINDOW_MINUTES = 15
const WINDOW_MS = WINDOW_MINUTES * 60 * 1000

let portal: TestPortal
let brandKey: string

beforeAll(async () => {
  portal = await startTestPortal()
  brandKey = (await createBrand(portal.deps)).key
})
afterAll(() => portal?.destroy())

/** The portal's services with some limits set for one test (the other limits out of the way). */
const withLimits = (env: Partial<Env>): ServiceDeps => ({
  ...portal.deps,
  env: {
    ...portal.deps.env,
    LOGIN_LIMIT_ACCOUNT: 100,
    LOGIN_LIMIT_IP: 100,
    LOGIN_HUMAN_CHECK_AFTER: 100,
    LOGIN_LIMIT_WINDOW_MINUTES: WINDOW_MINUTES,
    ...env,
  },
})
const member = () => createMember(portal.deps, [{ brand: brandKey, type: 'editor' }], { name: 'Limited' })
let lastIp = 0
/** A client address no other test uses. */
const freshIp = () => {
  lastIp++
  return `10.77.${Math.floor(lastIp / 250)}.${lastIp % 250}`
}
const attempt = (deps: ServiceDeps, email: string, password: string, ip: string) =>
  signInWithPassword(deps, { email, password, remember: false, ip })

/** Lets the current window of the bucket run out, as the clock would between two requests. */
async function passWindow(bucket: string, windowMs = WINDOW_MS) {
  const moved = await portal.deps.db
    .update(rateLimits)
    .set({ windowStart: sql`${rateLimits.windowStart} - ${`${windowMs} milliseconds`}::interval` })
    .where(eq(rateLimits.bucket, bucket))
    .returning({ bucket: rateLimits.bucket })
  expect(moved, `no bucket ${bucket}`).toHaveLength(1)
}

describe('rate-limit service (injected clock)', () => {
  const rule = { limit: 3, windowMs: 60_000 }
  const t0 = new Date('2030-01-01T12:00:00Z')
  const at = (ms: number) => new Date(t0.getTime() + ms)

  it('allows up to the limit, refuses at it, until the window has run out exactly', async () => {
    const bucket = `test:${newKey()}`
    await hit(portal.deps, bucket, rule, at(0))
    await hit(portal.deps, bucket, rule, at(1_000))
    expect(await isLimited(portal.deps, bucket, rule, at(2_000))).toBe(false)
    await hit(portal.deps, bucket, rule, at(2_000))
    expect(await isLimited(portal.deps, bucket, rule, at(2_000))).toBe(true)
    expect(await isLimited(portal.deps, bucket, rule, at(59_999))).toBe(true)
    expect(await countInWindow(portal.deps, bucket, rule, at(59_999))).toBe(3)
    expect(await isLimited(portal.deps, bucket, rule, at(60_000))).toBe(false)
    expect(await countInWindow(portal.deps, bucket, rule, at(60_000))).toBe(0)
  })

  it('starts a new window with the first event after the old one, counting from one', async () => {
    const bucket = `test:${newKey()}`
    for (const ms of [0, 10, 20]) await hit(portal.deps, bucket, rule, at(ms))
    await hit(portal.deps, bucket, rule, at(60_000))
    expect(await countInWindow(portal.deps, bucket, rule, at(60_001))).toBe(1)
    await hit(portal.deps, bucket, rule, at(61_000))
    expect(await isLimited(portal.deps, bucket, rule, at(61_000))).toBe(false)
    await hit(portal.deps, bucket, rule, at(62_000))
    expect(await isLimited(portal.deps, bucket, rule, at(62_000))).toBe(true)
    // The new window runs from its own start, not from the old one's.
    expect(await isLimited(portal.deps, bucket, rule, at(119_999))).toBe(true)
    expect(await isLimited(portal.deps, bucket, rule, at(120_000))).toBe(false)
  })
})

describe('failed sign-ins per account (LOGIN_LIMIT_ACCOUNT)', () => {
  const deps = () => withLimits({ LOGIN_LIMIT_ACCOUNT: 4 })

  it('lets the right password in after one failure fewer than the limit', async () => {
    const account = await member()
    for (let i = 0; i < 3; i++) {
      expect(await attempt(deps(), account.email, 'wrong', freshIp())).toMatchObject({ reason: 'credentials' })
    }
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).ok).toBe(true)
  })

  it('refuses even the right password at the limit, from any address, until the window ends', async () => {
    const account = await member()
    for (let i = 0; i < 4; i++) {
      expect(await attempt(deps(), account.email, 'wrong', freshIp())).toMatchObject({ status: 400 })
    }
    expect(await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).toEqual({
      ok: false,
      status: 429,
      reason: 'limited',
      message: MESSAGES.tooManyForAccount,
    })
    await passWindow(`login:account:${account.email}`)
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).ok).toBe(true)
  })
})

describe('failed sign-ins per address (LOGIN_LIMIT_IP)', () => {
  const deps = () => withLimits({ LOGIN_LIMIT_IP: 6 })

  it('refuses every account from an address at its limit, until the window ends', async () => {
    const ip = freshIp()
    const account = await member()
    for (let i = 0; i < 5; i++) await attempt(deps(), `nobody-${i}-${account.key}@factory.test`, 'wrong', ip)
    // One under the limit: a right password still gets in (and does not clear the address).
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, ip)).ok).toBe(true)
    await attempt(deps(), `nobody-5-${account.key}@factory.test`, 'wrong', ip)
    expect(await attempt(deps(), account.email, FACTORY_PASSWORD, ip)).toMatchObject({
      ok: false,
      status: 429,
      message: MESSAGES.tooManyForAddress,
    })
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).ok).toBe(true)
    await passWindow(`login:ip:${ip}`)
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, ip)).ok).toBe(true)
  })
})

describe('human check after failures (LOGIN_HUMAN_CHECK_AFTER)', () => {
  const deps = () => withLimits({ LOGIN_HUMAN_CHECK_AFTER: 2 })

  it('is asked from the Nth failure on, and no longer once the window has passed', async () => {
    const account = await member()
    expect(await attempt(deps(), account.email, 'wrong', freshIp())).toMatchObject({
      reason: 'credentials',
      humanCheckRequired: false,
    })
    expect(await attempt(deps(), account.email, 'wrong', freshIp())).toMatchObject({
      reason: 'credentials',
      humanCheckRequired: true,
    })
    // The right password without an answer is refused before the password is even checked.
    expect(await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).toMatchObject({
      ok: false,
      status: 400,
      reason: 'human-check',
      message: MESSAGES.humanCheckFailed,
    })
    expect(await isHumanCheckRequired(deps(), account.email)).toBe(true)
    await passWindow(`login:account:${account.email}`)
    expect(await isHumanCheckRequired(deps(), account.email)).toBe(false)
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).ok).toBe(true)
  })
})

describe('SMS codes (SMS_LIMITS)', () => {
  const send = (email: string, ip: string) => allowSmsSend(portal.deps, { email, ip })
  const refused = { ok: false, status: 429, message: MESSAGES.tooManyCodes }

  it(`sends ${SMS_LIMITS.perAccount.limit} codes per account, from any address, then none until the window ends`, async () => {
    const email = `sms-${newKey()}@factory.test`
    for (let i = 0; i < SMS_LIMITS.perAccount.limit; i++) expect(await send(email, freshIp())).toBeNull()
    expect(await send(email, freshIp())).toEqual(refused)
    await passWindow(`sms:account:${email}`, SMS_LIMITS.perAccount.windowMs)
    expect(await send(email, freshIp())).toBeNull()
  })

  it(`sends ${SMS_LIMITS.perAddress.limit} codes per address, to any accounts, then none until the window ends`, async () => {
    const ip = freshIp()
    for (let i = 0; i < SMS_LIMITS.perAddress.limit; i++) {
      expect(await send(`sms-${i}-${newKey()}@factory.test`, ip)).toBeNull()
    }
    expect(await send(`sms-over-${newKey()}@factory.test`, ip)).toEqual(refused)
    // Another address is not affected.
    expect(await send(`sms-elsewhere-${newKey()}@factory.test`, freshIp())).toBeNull()
    await passWindow(`sms:ip:${ip}`, SMS_LIMITS.perAddress.windowMs)
    expect(await send(`sms-later-${newKey()}@factory.test`, ip)).toBeNull()
  })
})
