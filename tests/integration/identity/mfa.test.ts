// SMS two-step verification and the human check, through the real services, the Auth emulator
// (its SMS codes read from its REST endpoint) and the JSON API.
import { eq, like } from 'drizzle-orm'
import { getAuth } from 'firebase-admin/auth'
import { getApps } from 'firebase-admin/app'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inject } from 'vitest'
import { accounts, rateLimits } from '#db/schema'
import { newKey } from '#app/platform/ids'
import {
  actorFromSessionCookie,
  finishSecondFactor,
  sendSecondFactorCode,
  signInWithPassword,
} from '#app/features/identity/auth.server'
import { createAltchaChallenge, HUMAN_CHECK_API_LIMIT } from '#app/features/identity/human-check.server'
import { startSession } from '#app/features/identity/sessions.server'
import {
  confirmPasswordForEnrollment,
  finishPhoneEnrollment,
  listSecondFactors,
  startPhoneEnrollment,
  unenrollSecondFactor,
} from '#app/features/identity/mfa.server'
import { emulatorSmsCodes } from '#tests/support/emulator'
import { api, startTestPortal, type TestPortal } from '#tests/support/portal'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal
const PASSWORD = 'Str0ng-enough!pw'

beforeAll(async () => {
  portal = await startTestPortal({ env: { LOGIN_HUMAN_CHECK_AFTER: '2', LOGIN_LIMIT_ACCOUNT: '6' } })
})
afterAll(() => portal?.destroy())

/** A Firebase user with an account row of its own (unique per test: the emulator is shared). */
async function freshUser(label: string, { emailVerified = true } = {}) {
  const uid = `mfa-${label}-${newKey()}`
  const email = `${uid}@mfa.test`
  await portal.deps.identity.ensureUser({ uid, email, password: PASSWORD, displayName: label })
  if (!emailVerified) {
    const app = getApps().find((candidate) => candidate.name === `portal-${portal.projectId}`)!
    await getAuth(app).updateUser(uid, { emailVerified: false })
  }
  const key = newKey()
  await portal.deps.db
    .insert(accounts)
    .values({ key, firebaseUid: uid, email, name: label, first: label, last: 'Test', status: 'onboarded' })
  const signedIn = await signInWithPassword(portal.deps, { email, password: PASSWORD, remember: false, ip: '10.1.0.1' })
  if (!signedIn.ok) throw new Error('a second step was asked')
  return { uid, email, key, actor: signedIn.actor }
}

/** The newest SMS code the emulator "sent" to a number. */
async function smsCodeFor(phoneNumber: string): Promise<string> {
  const codes = await emulatorSmsCodes(inject('emulatorHost'), portal.projectId)
  const code = codes.filter((entry) => entry.phoneNumber === phoneNumber).at(-1)?.code
  if (!code) throw new Error(`no SMS code for ${phoneNumber}`)
  return code
}

async function enroll(actor: Actor, phoneNumber: string) {
  const confirmed = await confirmPasswordForEnrollment(portal.deps, actor, { password: PASSWORD, ip: '10.1.0.2' })
  if (confirmed.kind !== 'confirmed') throw new Error('password re-check failed')
  const started = await startPhoneEnrollment(portal.deps, actor, {
    idToken: confirmed.idToken,
    phoneNumber,
    ip: '10.1.0.2',
  })
  return { idToken: confirmed.idToken, sessionInfo: started.sessionInfo, sentTo: started.sentTo }
}

describe('SMS two-step verification', () => {
  it('enrols a phone with the SMS code, then asks for it at sign-in, and unenrols', async () => {
    const user = await freshUser('enrol')
    const phone = '+15555550142'
    const step = await enroll(user.actor, phone)
    expect(step.sentTo).toBe('+*******0142')

    await expect(
      finishPhoneEnrollment(portal.deps, user.actor, { ...step, code: '000000', ip: '10.1.0.2' }),
    ).rejects.toMatchObject({ type: 'ValidationError', status: 400 })
    expect(await listSecondFactors(portal.deps, user.actor)).toEqual([])

    await expect(
      finishPhoneEnrollment(portal.deps, user.actor, { ...step, code: await smsCodeFor(phone), ip: '10.1.0.2' }),
    ).resolves.toBeUndefined()
    const factors = await listSecondFactors(portal.deps, user.actor)
    expect(factors).toHaveLength(1)
    expect(factors[0]).toMatchObject({ phoneInfo: '+*******0142' })
    expect(factors[0]!.enrolledAt).toMatch(/^\d{4}-/)
    const [row] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, user.key))
    expect(row!.mfa).toBe(true)

    // The password alone no longer signs in: the second step names the (masked) phone.
    const first = await signInWithPassword(portal.deps, {
      email: user.email,
      password: PASSWORD,
      remember: false,
      ip: '10.1.0.3',
    })
    expect(first).toMatchObject({ ok: false, reason: 'second-factor' })
    if (first.ok || first.reason !== 'second-factor') throw new Error('expected the second step')
    expect(first.factors.map((factor) => factor.phoneInfo)).toEqual(['+*******0142'])
    expect(JSON.stringify(first.factors)).not.toContain('5555550142')

    const sent = await sendSecondFactorCode(portal.deps, {
      mfaPendingCredential: first.mfaPendingCredential,
      mfaEnrollmentId: first.factors[0]!.mfaEnrollmentId,
      email: user.email,
      ip: '10.1.0.3',
    })
    const attempt = (code: string) =>
      finishSecondFactor(portal.deps, {
        email: user.email,
        mfaPendingCredential: first.mfaPendingCredential,
        sessionInfo: sent.sessionInfo,
        code,
        ip: '10.1.0.3',
      })
    await expect(attempt('000000')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/SMS verification code used to create the phone auth credential is invalid/),
    })

    const accepted = await attempt(await smsCodeFor(phone))
    const session = await startSession(portal.deps, {
      accountKey: accepted.actor.key,
      firebaseUid: accepted.actor.firebaseUid,
      remember: false,
    })
    expect((await actorFromSessionCookie(portal.deps, session.id)).key).toBe(user.key)

    await unenrollSecondFactor(portal.deps, user.actor, {
      mfaEnrollmentId: factors[0]!.mfaEnrollmentId,
      password: PASSWORD,
      ip: '10.1.0.4',
    })
    expect(await listSecondFactors(portal.deps, user.actor)).toEqual([])
    const [after] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, user.key))
    expect(after!.mfa).toBe(false)
    const plain = await signInWithPassword(portal.deps, {
      email: user.email,
      password: PASSWORD,
      remember: false,
      ip: '10.1.0.4',
    })
    expect(plain.ok).toBe(true)
  })

  it("refuses to unenrol a factor that is not the actor's", async () => {
    const owner = await freshUser('owner')
    const other = await freshUser('other')
    const phone = '+15555550143'
    const step = await enroll(owner.actor, phone)
    await finishPhoneEnrollment(portal.deps, owner.actor, { ...step, code: await smsCodeFor(phone), ip: '10.1.0.5' })
    const [factor] = await listSecondFactors(portal.deps, owner.actor)
    await expect(
      unenrollSecondFactor(portal.deps, other.actor, {
        mfaEnrollmentId: factor!.mfaEnrollmentId,
        password: PASSWORD,
        ip: '10.1.0.5',
      }),
    ).rejects.toMatchObject({ type: 'NotFound' })
    expect(await listSecondFactors(portal.deps, owner.actor)).toHaveLength(1)
  })

  it('asks for a verified e-mail before a phone can be enrolled', async () => {
    const user = await freshUser('unverified', { emailVerified: false })
    const confirmed = await confirmPasswordForEnrollment(portal.deps, user.actor, {
      password: PASSWORD,
      ip: '10.1.0.6',
    })
    if (confirmed.kind !== 'confirmed') throw new Error('password re-check failed')
    const started = startPhoneEnrollment(portal.deps, user.actor, {
      idToken: confirmed.idToken,
      phoneNumber: '+15555550144',
      ip: '10.1.0.6',
    })
    await expect(started).rejects.toMatchObject({
      type: 'Conflict',
      status: 409,
      message: 'The operation requires a verified email. Please check your account for email verification',
    })
  })

  it('sends at most 5 SMS codes per account in 15 minutes, enrolment and sign-in together', async () => {
    const user = await freshUser('pumping')
    const ip = '10.1.0.8'
    // Other files share the emulator and use up their codes meanwhile: count only this user's numbers.
    const numbers = ['+15555550150', '+15555550151', '+15555550152', '+15555550153', '+15555550154', '+15555550155']
    const smsCount = async () =>
      (await emulatorSmsCodes(inject('emulatorHost'), portal.projectId)).filter((code) =>
        numbers.includes(code.phoneNumber),
      ).length
    // Send 1: the phone is enrolled.
    const step = await enroll(user.actor, '+15555550150')
    await finishPhoneEnrollment(portal.deps, user.actor, { ...step, code: await smsCodeFor('+15555550150'), ip })
    // Sends 2 to 5: the enrolment step can aim at any number, the very thing that is limited.
    for (const phoneNumber of ['+15555550151', '+15555550152', '+15555550153', '+15555550154']) {
      const started = startPhoneEnrollment(portal.deps, user.actor, { idToken: step.idToken, phoneNumber, ip })
      await expect(started).resolves.toMatchObject({ sessionInfo: expect.any(String) })
    }

    // The 6th send is refused, at enrolment as at sign-in, and the provider sends nothing.
    const before = await smsCount()
    const tooMany = {
      status: 429,
      message: 'Too many verification codes were sent. Please try again later.',
    }
    await expect(
      startPhoneEnrollment(portal.deps, user.actor, { idToken: step.idToken, phoneNumber: '+15555550155', ip }),
    ).rejects.toMatchObject({ type: 'RateLimited', status: tooMany.status, message: tooMany.message })
    const first = await signInWithPassword(portal.deps, {
      email: user.email,
      password: PASSWORD,
      remember: false,
      ip: '10.1.0.9',
    })
    if (first.ok || first.reason !== 'second-factor') throw new Error('expected the second step')
    const resend = sendSecondFactorCode(portal.deps, {
      mfaPendingCredential: first.mfaPendingCredential,
      mfaEnrollmentId: first.factors[0]!.mfaEnrollmentId,
      email: user.email.toUpperCase(),
      ip: '10.1.0.9',
    })
    await expect(resend).rejects.toMatchObject(tooMany)
    expect(await smsCount()).toBe(before)
    expect(await listSecondFactors(portal.deps, user.actor)).toHaveLength(1)
  })

  it('refuses a wrong password at the re-check and counts it as a failed attempt', async () => {
    const user = await freshUser('recheck')
    const refused = confirmPasswordForEnrollment(portal.deps, user.actor, { password: 'nope', ip: '10.1.0.7' })
    await expect(refused).rejects.toMatchObject({ type: 'ValidationError', status: 400, message: 'Wrong password' })
  })
})

/** An ALTCHA answer as the widget would send it: base64 JSON of the challenge and its solution. */
async function solvedAltcha(challenge?: Challenge): Promise<string> {
  const issued = challenge ?? (await createAltchaChallenge(portal.deps))
  const solution = await solveChallenge({ challenge: issued, deriveKey })
  if (!solution) throw new Error('could not solve the challenge')
  return Buffer.from(JSON.stringify({ challenge: issued, solution })).toString('base64')
}

describe('human check', () => {
  it('POST /api/account/method/recaptcha answers data.data.success, once per solution', async () => {
    const answer = await solvedAltcha()
    const first = await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: answer } })
    expect(first).toEqual({
      status: 200,
      body: {
        data: { data: { success: true, pass: expect.stringMatching(/^hcpass\./), expires_at: expect.any(String) } },
      },
    })
    const replay = await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: answer } })
    expect(replay.body).toEqual({ data: { data: { success: false } } })
    const garbage = await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: 'bm9wZQ==' } })
    expect(garbage.body).toEqual({ data: { data: { success: false } } })
    const missing = await api(portal, 'POST', '/api/account/method/recaptcha', { body: {} })
    expect(missing.body).toEqual({ data: { data: { success: false } } })
  })

  it('refuses a solution whose challenge was tampered with', async () => {
    const issued = await createAltchaChallenge(portal.deps)
    const forged = { ...issued, parameters: { ...issued.parameters, cost: 1, keyPrefix: '0' } }
    const answer = await api(portal, 'POST', '/api/account/method/recaptcha', {
      body: { captcha_value: await solvedAltcha(forged) },
    })
    expect(answer.body).toEqual({ data: { data: { success: false } } })
  })

  it('is asked after failed sign-ins: without it "Verification Unsuccessful", with it the sign-in goes on', async () => {
    const user = await freshUser('human')
    const attempt = (password: string, humanCheck?: string) =>
      signInWithPassword(portal.deps, { email: user.email, password, remember: false, ip: '10.2.0.1', humanCheck })
    await expect(attempt('wrong-1')).rejects.toMatchObject({ reason: 'credentials', humanCheckRequired: false })
    await expect(attempt('wrong-2')).rejects.toMatchObject({ reason: 'credentials', humanCheckRequired: true })

    // Even the right password is refused until the check is passed, and nothing is counted.
    await expect(attempt(PASSWORD)).rejects.toMatchObject({
      status: 400,
      reason: 'human-check',
      message: 'Verification Unsuccessful',
      humanCheckRequired: true,
    })
    await expect(attempt(PASSWORD, 'garbage')).rejects.toMatchObject({ message: 'Verification Unsuccessful' })

    const answer = await solvedAltcha()
    expect((await attempt(PASSWORD, answer)).ok).toBe(true)
    // A success clears the failures: the next sign-in needs no check.
    expect((await attempt(PASSWORD)).ok).toBe(true)
  })

  it("the recaptcha call's pass signs in once through the API when the check is asked", async () => {
    const user = await freshUser('pass')
    const viaApi = (body: Record<string, unknown>) =>
      api(portal, 'POST', '/api/account/method/login', { body: { email: user.email, ...body } })
    const failTwice = async () => {
      for (const password of ['wrong-1', 'wrong-2']) expect((await viaApi({ password })).status).toBe(401)
    }
    await failTwice()
    expect(await viaApi({ password: PASSWORD })).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'Verification Unsuccessful' } },
    })

    // The spec's client: solve, POST recaptcha, read data.data.success, then sign in.
    const answer = await solvedAltcha()
    const checked = await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: answer } })
    const { success, pass } = (checked.body.data as { data: { success: boolean; pass: string } }).data
    expect(success).toBe(true)
    // The pass belongs to the address that earned it.
    await expect(
      signInWithPassword(portal.deps, {
        email: user.email,
        password: PASSWORD,
        remember: false,
        ip: '10.2.0.9',
        humanCheck: pass,
      }),
    ).rejects.toMatchObject({ reason: 'human-check' })
    // A pass is not a new answer: the recaptcha call does not trade it for another.
    const traded = await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: pass } })
    expect(traded.body).toEqual({ data: { data: { success: false } } })

    const signedIn = await viaApi({ password: PASSWORD, captcha_value: pass })
    expect(signedIn.status).toBe(200)
    expect((signedIn.body.data as { account: { email: string } }).account.email).toBe(user.email)

    // Used once: with the check asked again, neither the pass nor the spent answer gets in.
    await failTwice()
    for (const captcha_value of [pass, answer]) {
      expect(await viaApi({ password: PASSWORD, captcha_value })).toEqual({
        status: 400,
        body: { error: { type: 'ValidationError', message: 'Verification Unsuccessful' } },
      })
    }
    // The login page's own flow, the solved answer in the form field, keeps working.
    expect((await viaApi({ password: PASSWORD, captcha_value: await solvedAltcha() })).status).toBe(200)
  })

  it('limits the public human-check calls per client address', async () => {
    // This file's other tests call from the same address: start and end with an empty count.
    const resetCounts = () => portal.deps.db.delete(rateLimits).where(like(rateLimits.bucket, 'human-check:ip:%'))
    await resetCounts()
    try {
      for (let call = 0; call < HUMAN_CHECK_API_LIMIT.limit; call++) {
        const answer =
          call % 2 === 0
            ? await api(portal, 'GET', '/api/account/method/altcha_challenge')
            : await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: 'bm9wZQ==' } })
        expect(answer.status).toBe(200)
      }
      const tooMany = {
        status: 429,
        body: { error: { type: 'RateLimited', message: 'Too many requests. Please try again later.' } },
      }
      expect(await api(portal, 'GET', '/api/account/method/altcha_challenge')).toEqual(tooMany)
      expect(
        await api(portal, 'POST', '/api/account/method/recaptcha', { body: { captcha_value: await solvedAltcha() } }),
      ).toEqual(tooMany)
    } finally {
      await resetCounts()
    }
  })

  it('a challenge of the API endpoint can be fetched without a session', async () => {
    const answer = await api(portal, 'GET', '/api/account/method/altcha_challenge')
    expect(answer.status).toBe(200)
    const challenge = (answer.body.data as Challenge).parameters
    expect(challenge.algorithm).toBe('SHA-256')
    expect(typeof challenge.nonce).toBe('string')
  })
})
