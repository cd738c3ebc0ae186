// Two signed values of signing in, each part changed alone and refused:
// - the human-check pass (`hcpass.<expiry>.<nonce>.<signature>`), good for one sign-in from the
//   address that earned it within five minutes: another expiry, another nonce, another address,
//   an expiry in the past or further than five minutes ahead (even correctly signed), a reused
//   pass — each refused with "Verification Unsuccessful";
// - the sealed handle of a pending two-step sign-in: its expiry (sealed by the portal itself)
//   holds to the millisecond, and a byte changed anywhere in the handle is refused.
import { createHmac, randomBytes } from 'node:crypto'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rateLimits } from '#db/schema'
import { createAltchaChallenge, verifyHumanCheck } from '#app/features/identity/human-check.server'
import { sealPendingSignIn, type PendingSignIn } from '#app/features/identity/sign-in.server'
import { createAccount, FACTORY_PASSWORD } from '#tests/support/factories'
import { api, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal({ env: { LOGIN_HUMAN_CHECK_AFTER: '2', LOGIN_LIMIT_ACCOUNT: '6' } })
})
afterAll(() => portal?.destroy())

const PASS_TTL_MS = 5 * 60 * 1000
// Requests to the test portal come from this address.
const LOOPBACK = '127.0.0.1'

/** An ALTCHA answer as the widget would send it. */
async function solvedAltcha(): Promise<string> {
  const issued = await createAltchaChallenge(portal.deps)
  const solution = await solveChallenge({ challenge: issued, deriveKey })
  if (!solution) throw new Error('could not solve the challenge')
  return Buffer.from(JSON.stringify({ challenge: issued, solution })).toString('base64')
}

/** A pass as the recaptcha call hands it out, to this portal's client address. */
async function earnedPass(): Promise<{ expires: string; nonce: string; signature: string }> {
  const answer = await api(portal, 'POST', '/api/account/method/recaptcha', {
    body: { captcha_value: await solvedAltcha() },
  })
  const { success, pass } = (answer.body.data as { data: { success: boolean; pass: string } }).data
  expect(success).toBe(true)
  const [prefix, expires, nonce, signature] = pass.split('.')
  expect(prefix).toBe('hcpass')
  return { expires: expires!, nonce: nonce!, signature: signature! }
}

/** A pass signed with the portal's own secret, as the portal signs one. */
function forgedWithSecret(expiresAt: number, nonce: string, ip: string): string {
  const key = createHmac('sha256', portal.deps.signingSecret).update('human-check-pass').digest()
  const signature = createHmac('sha256', key)
    .update(`human-check-pass.${expiresAt}.${nonce}.${ip}`)
    .digest()
    .toString('base64url')
  return `hcpass.${expiresAt}.${nonce}.${signature}`
}

const passText = (parts: { expires: string; nonce: string; signature: string }) =>
  `hcpass.${parts.expires}.${parts.nonce}.${parts.signature}`

/** The pass's one-use records in the database, by nonce. */
const spentRecords = (nonce: string) =>
  portal.deps.db
    .select()
    .from(rateLimits)
    .where(like(rateLimits.bucket, `human-check-pass:used:${nonce}`))

describe('the human-check pass, part by part', () => {
  it('is accepted whole, once, from the address that earned it', async () => {
    const pass = await earnedPass()
    expect(await verifyHumanCheck(portal.deps, passText(pass), LOOPBACK)).toBe(true)
    expect(await spentRecords(pass.nonce)).toHaveLength(1)
    expect(await verifyHumanCheck(portal.deps, passText(pass), LOOPBACK)).toBe(false)
  })

  it('is refused with another expiry and the same nonce and signature', async () => {
    const pass = await earnedPass()
    const earlier = String(Number(pass.expires) - 1)
    expect(await verifyHumanCheck(portal.deps, passText({ ...pass, expires: earlier }), LOOPBACK)).toBe(false)
    // Refused without being spent: the pass as issued still works.
    expect(await spentRecords(pass.nonce)).toHaveLength(0)
    expect(await verifyHumanCheck(portal.deps, passText(pass), LOOPBACK)).toBe(true)
  })

  it('is refused with another nonce and the same expiry and signature', async () => {
    const pass = await earnedPass()
    const otherNonce = randomBytes(16).toString('base64url')
    expect(await verifyHumanCheck(portal.deps, passText({ ...pass, nonce: otherNonce }), LOOPBACK)).toBe(false)
    expect(await spentRecords(otherNonce)).toHaveLength(0)
    expect(await verifyHumanCheck(portal.deps, passText(pass), LOOPBACK)).toBe(true)
  })

  it('is refused from another address, and with another signature', async () => {
    const pass = await earnedPass()
    expect(await verifyHumanCheck(portal.deps, passText(pass), '10.9.9.9')).toBe(false)
    const other = await earnedPass()
    expect(await verifyHumanCheck(portal.deps, passText({ ...pass, signature: other.signature }), LOOPBACK)).toBe(false)
    expect(await spentRecords(pass.nonce)).toHaveLength(0)
  })

  it('is refused once expired, even correctly signed, and up to five minutes ahead only', async () => {
    const now = Date.now()
    const past = forgedWithSecret(now - 1, randomBytes(16).toString('base64url'), LOOPBACK)
    expect(await verifyHumanCheck(portal.deps, past, LOOPBACK)).toBe(false)
    // Further ahead than a pass is ever issued for: refused although its signature is right.
    const tooLong = forgedWithSecret(now + PASS_TTL_MS + 60_000, randomBytes(16).toString('base64url'), LOOPBACK)
    expect(await verifyHumanCheck(portal.deps, tooLong, LOOPBACK)).toBe(false)
    // Inside the five minutes: accepted.
    const inside = forgedWithSecret(now + PASS_TTL_MS - 60_000, randomBytes(16).toString('base64url'), LOOPBACK)
    expect(await verifyHumanCheck(portal.deps, inside, LOOPBACK)).toBe(true)
  })

  it('refuses a sign-in through the API with a pass whose expiry was changed: "Verification Unsuccessful"', async () => {
    const account = await createAccount(portal.deps, { name: 'Passer' })
    const login = (body: Record<string, unknown>) =>
      api(portal, 'POST', '/api/account/method/login', { body: { email: account.email, ...body } })
    // Two failures: from now on this account needs the human check.
    for (const password of ['wrong-1', 'wrong-2']) expect((await login({ password })).status).toBe(401)
    const pass = await earnedPass()
    const changed = passText({ ...pass, expires: String(Number(pass.expires) - 1000) })
    expect(await login({ password: FACTORY_PASSWORD, captcha_value: changed })).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'Verification Unsuccessful' } },
    })
    expect(await spentRecords(pass.nonce)).toHaveLength(0)
    // The pass as issued signs in.
    const signedIn = await login({ password: FACTORY_PASSWORD, captcha_value: passText(pass) })
    expect(signedIn.status).toBe(200)
    expect((signedIn.body.data as { account: { key: string } }).account.key).toBe(account.key)
    expect(await spentRecords(pass.nonce)).toHaveLength(1)
  })
})

describe('the sealed handle of a pending two-step sign-in', () => {
  const FACTOR = 'factor-one'
  const pendingUntil = (expiresAt: number): PendingSignIn => ({
    email: 'pending@example.test',
    mfaPendingCredential: 'credential',
    factors: [{ mfaEnrollmentId: FACTOR, phoneInfo: '+*******0101' }] as PendingSignIn['factors'],
    remember: false,
    expiresAt,
  })
  const choose = (pending: string, factor: string) =>
    api(portal, 'POST', '/api/account/method/login', { body: { mfa_pending: pending, factor } })
  const EXPIRED = {
    status: 401,
    body: { error: { type: 'AuthInvalidSession', message: 'The verification has expired. Please sign in again.' } },
  }
  const CHOOSE = {
    status: 400,
    body: { error: { type: 'ValidationError', message: 'Choose the phone that should receive the code.' } },
  }

  it('is refused once its expiry has passed, and taken up to it', async () => {
    const live = sealPendingSignIn(portal.deps, pendingUntil(Date.now() + 60_000))
    // Taken: the step goes on to the factor, which is not one of the handle's.
    expect(await choose(live, 'not-a-factor')).toEqual(CHOOSE)
    const expired = sealPendingSignIn(portal.deps, pendingUntil(Date.now() - 1))
    expect(await choose(expired, 'not-a-factor')).toEqual(EXPIRED)
  })

  it('is refused with a byte changed at its start, middle or end', async () => {
    const sealed = sealPendingSignIn(portal.deps, pendingUntil(Date.now() + 60_000))
    const flip = (at: number) => {
      const raw = Buffer.from(sealed, 'base64url')
      raw[at] = raw[at]! ^ 1
      return raw.toString('base64url')
    }
    const length = Buffer.from(sealed, 'base64url').length
    // The nonce, the tag and the sealed body, each changed alone.
    for (const at of [0, 11, 12, 27, 28, Math.floor(length / 2), length - 1]) {
      expect(await choose(flip(at), 'not-a-factor'), `byte ${at}`).toEqual(EXPIRED)
    }
  })

  it('is refused when sealed with another secret', async () => {
    const foreign = sealPendingSignIn(
      { ...portal.deps, signingSecret: 'another-secret' },
      pendingUntil(Date.now() + 60_000),
    )
    expect(await choose(foreign, 'not-a-factor')).toEqual(EXPIRED)
  })
})
