// Limits at their edges and after their windows: the rate-limit service itself with an injected
// clock; failed sign-ins per account and per address; the human check after N failures; SMS codes
// per account and per address. Each test uses its own accounts and addresses, so the order of the
// tests does not matter. A window "passes" by moving the stored window start back by its length,
// which is what the clock does between two requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { files, rateLimits } from '#db/schema'
import { newKey } from '#app/platform/ids'
import type { Env } from '#app/env.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { SignInRefused } from '#app/platform/errors'
import {
  MESSAGES,
  SMS_LIMITS,
  allowSmsSend,
  isHumanCheckRequired,
  signInWithPassword,
} from '#app/features/identity/auth.server'
import { countInWindow, hit, isLimited } from '#app/platform/rate-limit.server'
import {
  authorizeUpload,
  beginUpload,
  FILE_UPLOAD_LIMIT,
  TOO_MANY_FILES_MESSAGE,
} from '#app/features/files/files.server'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { FACTORY_PASSWORD, actorOf, createBrand, createMember } from '#tests/support/factories'

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
/** A sign-in that must be refused (it throws SignInRefused). */
const refused = (signIn: Promise<unknown>) => expect(signIn).rejects.toBeInstanceOf(SignInRefused)

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
      await expect(attempt(deps(), account.email, 'wrong', freshIp())).rejects.toMatchObject({ reason: 'credentials' })
    }
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).ok).toBe(true)
  })

  it('refuses even the right password at the limit, from any address, until the window ends', async () => {
    const account = await member()
    for (let i = 0; i < 4; i++) {
      await expect(attempt(deps(), account.email, 'wrong', freshIp())).rejects.toMatchObject({ status: 401 })
    }
    await expect(attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).rejects.toMatchObject({
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
    for (let i = 0; i < 5; i++) await refused(attempt(deps(), `nobody-${i}-${account.key}@factory.test`, 'wrong', ip))
    // One under the limit: a right password still gets in (and does not clear the address).
    expect((await attempt(deps(), account.email, FACTORY_PASSWORD, ip)).ok).toBe(true)
    await refused(attempt(deps(), `nobody-5-${account.key}@factory.test`, 'wrong', ip))
    await expect(attempt(deps(), account.email, FACTORY_PASSWORD, ip)).rejects.toMatchObject({
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
    await expect(attempt(deps(), account.email, 'wrong', freshIp())).rejects.toMatchObject({
      reason: 'credentials',
      humanCheckRequired: false,
    })
    await expect(attempt(deps(), account.email, 'wrong', freshIp())).rejects.toMatchObject({
      reason: 'credentials',
      humanCheckRequired: true,
    })
    // The right password without an answer is refused before the password is even checked.
    await expect(attempt(deps(), account.email, FACTORY_PASSWORD, freshIp())).rejects.toMatchObject({
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
  const tooMany = { status: 429, message: MESSAGES.tooManyCodes }

  it(`sends ${SMS_LIMITS.perAccount.limit} codes per account, from any address, then none until the window ends`, async () => {
    const email = `sms-${newKey()}@factory.test`
    for (let i = 0; i < SMS_LIMITS.perAccount.limit; i++) await expect(send(email, freshIp())).resolves.toBeUndefined()
    await expect(send(email, freshIp())).rejects.toMatchObject(tooMany)
    await passWindow(`sms:account:${email}`, SMS_LIMITS.perAccount.windowMs)
    await expect(send(email, freshIp())).resolves.toBeUndefined()
  })

  it(`sends ${SMS_LIMITS.perAddress.limit} codes per address, to any accounts, then none until the window ends`, async () => {
    const ip = freshIp()
    for (let i = 0; i < SMS_LIMITS.perAddress.limit; i++) {
      await expect(send(`sms-${i}-${newKey()}@factory.test`, ip)).resolves.toBeUndefined()
    }
    await expect(send(`sms-over-${newKey()}@factory.test`, ip)).rejects.toMatchObject(tooMany)
    // Another address is not affected.
    await expect(send(`sms-elsewhere-${newKey()}@factory.test`, freshIp())).resolves.toBeUndefined()
    await passWindow(`sms:ip:${ip}`, SMS_LIMITS.perAddress.windowMs)
    await expect(send(`sms-later-${newKey()}@factory.test`, ip)).resolves.toBeUndefined()
  })
})

describe('uploads per account (FILE_UPLOAD_LIMIT)', () => {
  it('lets a batch of 200 product photos start, and refuses past the limit with nothing recorded', async () => {
    const owner = await createMember(portal.deps, [{ brand: brandKey, type: 'owner' }])
    const actor = await actorOf(portal.deps, owner)
    const authorized = authorizeUpload(portal.deps, actor, { brand: brandKey, purpose: 'listing-media', size: 10 })
    for (let i = 0; i < 200; i++) await beginUpload(portal.deps, actor, { ...authorized, name: `p${i}.jpg` })
    // The rest of the window's allowance, as earlier batches would have used it.
    const bucket = `files:${owner.key}`
    while (!(await isLimited(portal.deps, bucket, FILE_UPLOAD_LIMIT))) await hit(portal.deps, bucket, FILE_UPLOAD_LIMIT)
    const before = await portal.deps.db.select().from(files).where(eq(files.uploadedBy, owner.key))
    expect(before).toHaveLength(200)
    await expect(beginUpload(portal.deps, actor, { ...authorized, name: 'one-more.jpg' })).rejects.toMatchObject({
      type: 'RateLimited',
      status: 429,
      message: TOO_MANY_FILES_MESSAGE,
    })
    expect(await portal.deps.db.select().from(files).where(eq(files.uploadedBy, owner.key))).toHaveLength(200)
  })
})
