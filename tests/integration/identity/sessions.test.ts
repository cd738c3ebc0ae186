// Sessions and sign-in as an attacker would probe them (issue 7 §4): forged and altered
// credentials, copied cookies after logout or Reset Session, Sign out everywhere, cross-site
// writes, an open redirect after sign-in, removing a second factor with a stolen session, and
// taking over an account through an unverified e-mail. Pages are driven through their route
// modules (tests/support/routes.ts) against the running portal.
import { eq } from 'drizzle-orm'
import { getApps } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { accounts, brands, sessions } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { newKey } from '#app/platform/ids'
import { getOptionalActor } from '#app/platform/session.server'
import { signInWithPassword } from '#app/features/identity/auth.server'
import { startSession } from '#app/features/identity/sessions.server'
import {
  confirmPasswordForEnrollment,
  finishPhoneEnrollment,
  listSecondFactors,
  startPhoneEnrollment,
} from '#app/features/identity/mfa.server'
import { action as loginAction } from '#app/routes/_auth+/_index'
import { action as logoutAction } from '#app/routes/_auth+/logout'
import { action as resetAction } from '#app/routes/_auth+/session.reset'
import { action as signOutEverywhereAction } from '#app/routes/_frame+/settings+/security+/sign-out-everywhere'
import { action as unenrollAction } from '#app/routes/_frame+/settings+/security+/unenroll.$factorId'
import { emulatorSmsCodes } from '#tests/support/emulator'
import { api, DEMO_PASSWORD, idTokenFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { nextEvent, socketTo } from '#tests/support/sockets'
import { pageContext, postForm, setCookie } from '#tests/support/routes'

let portal: TestPortal
const PASSWORD = 'Str0ng-enough!pw'

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(() => portal?.destroy())

/** Signs in through the login page's action; answers the `__session=…` pair it sets. */
async function pageSignIn(email: string, password = DEMO_PASSWORD, fields: Record<string, string> = {}) {
  const response = await postForm(portal, loginAction, { path: '/?index', fields: { email, password, ...fields } })
  const cookie = setCookie(response, '__session')
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`)
  return { cookie, response }
}

const brandsOf = (credentials: { cookie?: string; token?: string }) =>
  api(portal, 'GET', '/api/brand/query/user/', credentials)

/** A Firebase user and an account row of its own (the emulator is shared between test files). */
async function freshUser(label: string) {
  const uid = `sess-${label}-${newKey()}`
  const email = `${uid}@sessions.test`
  await portal.deps.identity.ensureUser({ uid, email, password: PASSWORD, displayName: label })
  const key = newKey()
  await portal.deps.db
    .insert(accounts)
    .values({ key, firebaseUid: uid, email, name: label, first: label, last: 'Test', status: 'onboarded' })
  return { uid, email, key }
}

function firebaseAuth() {
  return getAuth(getApps().find((candidate) => candidate.name === `portal-${portal.projectId}`)!)
}

/** An ID token as an attacker writes one: `alg: none`, no signature, any subject. */
function unsignedToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000)
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: `https://securetoken.google.com/${portal.projectId}`,
    aud: portal.projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email,
    email_verified: true,
    firebase: { identities: { email: [email] }, sign_in_provider: 'password' },
  })}.`
}

describe('forged and altered credentials', () => {
  it('refuses an unsigned token for demo-admin as a bearer token and as the session cookie', async () => {
    const forged = unsignedToken('demo-admin', 'admin@demo.test')
    // The hole being closed: firebase-admin takes such a token from the emulator at face value.
    await expect(portal.deps.identity.verifyIdToken(forged)).resolves.toMatchObject({ uid: 'demo-admin' })

    expect(await brandsOf({ token: forged })).toMatchObject({
      status: 401,
      body: { error: { type: 'AuthInvalidSession' } },
    })
    expect(await brandsOf({ cookie: `__session=${forged}` })).toMatchObject({
      status: 401,
      body: { error: { type: 'AuthInvalidSession' } },
    })
    const page = new Request('http://portal.test/brands', { headers: { cookie: `__session=${forged}` } })
    expect(await getOptionalActor(page, pageContext(portal))).toBeNull()
    const socket = socketTo(portal.port, `__session=${forged}`)
    const error = await nextEvent<Error>(socket, 'connect_error', 10_000, 'the refused socket’s connect error')
    const refusal = error.message
    expect(refusal).toBe('AuthInvalidSession')

    // A token the API's own sign-in handed out works.
    const login = await api(portal, 'POST', '/api/account/method/login', {
      body: { email: 'admin@demo.test', password: DEMO_PASSWORD },
    })
    const { idToken } = login.body.data as { idToken: string }
    expect((await brandsOf({ token: idToken })).status).toBe(200)
  })

  it('refuses a session cookie with one character changed, and keeps the real one working', async () => {
    const { cookie } = await pageSignIn('editor@demo.test')
    const last = cookie.at(-1) === 'A' ? 'B' : 'A'
    const tampered = `${cookie.slice(0, -1)}${last}`
    expect(await brandsOf({ cookie: tampered })).toMatchObject({
      status: 401,
      body: { error: { type: 'AuthInvalidSession' } },
    })
    expect(await brandsOf({ cookie: `${cookie}x` })).toMatchObject({ status: 401 })
    expect((await brandsOf({ cookie })).status).toBe(200)
  })

  it('stores only a hash of the session id', async () => {
    const { cookie } = await pageSignIn('viewer@demo.test')
    const id = cookie.slice('__session='.length)
    const rows = await portal.deps.db.select().from(sessions)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.some((row) => row.idHash === id || row.idHash.includes(id))).toBe(false)
  })
})

describe('ending sessions', () => {
  it('refuses a cookie copied before logout once the user has logged out', async () => {
    const { cookie } = await pageSignIn('editor@demo.test')
    const copy = cookie
    expect((await brandsOf({ cookie: copy })).status).toBe(200)
    const loggedOut = await postForm(portal, logoutAction, { path: '/logout', cookie })
    expect(loggedOut.status).toBe(302)
    expect(setCookie(loggedOut, '__session')).toBe('__session=')
    expect(await brandsOf({ cookie: copy })).toMatchObject({
      status: 401,
      body: { error: { type: 'AuthInvalidSession' } },
    })
  })

  it('refuses the old cookie after Reset Session; the new one works', async () => {
    const { cookie } = await pageSignIn('editor@demo.test', DEMO_PASSWORD, { remember: 'on' })
    const reset = await postForm(portal, resetAction, { path: '/session/reset', cookie })
    expect(reset.status).toBe(302)
    const fresh = setCookie(reset, '__session')!
    expect(fresh).not.toBe(cookie)
    // Remember me carries over to the new session.
    expect(reset.headers.getSetCookie().find((line) => line.startsWith('__session='))).toMatch(/Max-Age=1209600/)
    expect(await brandsOf({ cookie })).toMatchObject({ status: 401 })
    expect((await brandsOf({ cookie: fresh })).status).toBe(200)
  })

  it('Sign out everywhere ends every session and API token of the account, and no one else’s', async () => {
    const user = await freshUser('everywhere')
    const here = await pageSignIn(user.email, PASSWORD)
    const there = await pageSignIn(user.email, PASSWORD)
    const token = await idTokenFor(portal, user.email, PASSWORD)
    const bystander = await pageSignIn('editor@demo.test')
    expect((await brandsOf({ cookie: there.cookie })).status).toBe(200)
    expect((await brandsOf({ token })).status).toBe(200)

    const answer = await postForm(portal, signOutEverywhereAction, {
      path: '/settings/security/sign-out-everywhere',
      cookie: here.cookie,
    })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/')
    for (const cookie of [here.cookie, there.cookie]) expect((await brandsOf({ cookie })).status).toBe(401)
    expect((await brandsOf({ token })).status).toBe(401)
    expect(await portal.deps.db.select().from(sessions).where(eq(sessions.accountKey, user.key))).toEqual([])
    expect((await brandsOf({ cookie: bystander.cookie })).status).toBe(200)
  })

  it('Sign out everywhere without the CSRF token changes nothing', async () => {
    const { cookie } = await pageSignIn('viewer@demo.test')
    const answer = await postForm(portal, signOutEverywhereAction, {
      path: '/settings/security/sign-out-everywhere',
      cookie,
      csrf: false,
    })
    expect(answer.status).toBe(403)
    expect((await brandsOf({ cookie })).status).toBe(200)
  })
})

describe('cross-site API writes with the cookie', () => {
  const yearOf = async () =>
    (await portal.deps.db.select().from(brands).where(eq(brands.key, DEMO_BRAND_KEY)))[0]!.yearEstablished

  it('refuses a write with a foreign Origin and no Sec-Fetch-Site, and changes nothing', async () => {
    const { cookie } = await pageSignIn('admin@demo.test')
    const before = await yearOf()
    const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie,
      body: { year_established: '1999' },
      headers: { origin: 'https://evil.example' },
    })
    expect(answer).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    expect(await yearOf()).toBe(before)
    const opaque = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie,
      body: { year_established: '1999' },
      headers: { origin: 'null' },
    })
    expect(opaque.status).toBe(403)
    expect(await yearOf()).toBe(before)
  })

  it('accepts the same write from the portal’s own origin', async () => {
    const { cookie } = await pageSignIn('admin@demo.test')
    const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie,
      body: { year_established: '2013' },
      headers: { origin: `http://127.0.0.1:${portal.port}` },
    })
    expect(answer.status).toBe(200)
    expect(await yearOf()).toBe('2013')
  })
})

describe('sign-in', () => {
  for (const target of ['//evil.example', '//evil.example/brands', 'https://evil.example/', '/\\evil.example']) {
    it(`stays on the site with redirectTo=${target}`, async () => {
      const { response } = await pageSignIn('admin@demo.test', DEMO_PASSWORD, { redirectTo: target })
      const location = response.headers.get('location')!
      expect(location).toMatch(/^\/(?![/\\])/)
      expect(new URL(location, 'http://portal.test').origin).toBe('http://portal.test')
    })
  }

  it('follows a redirectTo on the site', async () => {
    const { response } = await pageSignIn('admin@demo.test', DEMO_PASSWORD, { redirectTo: '/settings/profile' })
    expect(response.headers.get('location')).toBe('/settings/profile')
  })

  it('does not link an account to a provider user whose e-mail is not verified', async () => {
    // An account waiting for its user (no uid of the provider yet), and someone who registers
    // that address at the provider without being able to read its mail.
    const email = `unverified-${newKey()}@sessions.test`
    const key = newKey()
    await portal.deps.db.insert(accounts).values({ key, firebaseUid: `pending-${key}`, email, status: 'onboarded' })
    const user = await firebaseAuth().createUser({ email, password: PASSWORD, emailVerified: false })

    const refused = signInWithPassword(portal.deps, {
      email,
      password: PASSWORD,
      remember: false,
      ip: '10.7.0.1',
    })
    await expect(refused).rejects.toMatchObject({ status: 403 })
    const api401 = await api(portal, 'POST', '/api/account/method/login', { body: { email, password: PASSWORD } })
    expect(api401.status).toBe(403)
    const [row] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, key))
    expect(row!.firebaseUid).toBe(`pending-${key}`)

    // Once the provider has verified the address, the same sign-in links the account.
    await firebaseAuth().updateUser(user.uid, { emailVerified: true })
    const linked = await signInWithPassword(portal.deps, { email, password: PASSWORD, remember: false, ip: '10.7.0.1' })
    expect(linked).toMatchObject({ ok: true })
    const [after] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, key))
    expect(after!.firebaseUid).toBe(user.uid)
  })
})

describe('second factor', () => {
  async function smsCodeFor(phoneNumber: string): Promise<string> {
    const codes = await emulatorSmsCodes(inject('emulatorHost'), portal.projectId)
    const code = codes.filter((entry) => entry.phoneNumber === phoneNumber).at(-1)?.code
    if (!code) throw new Error(`no SMS code for ${phoneNumber}`)
    return code
  }

  async function userWithPhone(label: string, phone: string) {
    const user = await freshUser(label)
    const signedIn = await signInWithPassword(portal.deps, {
      email: user.email,
      password: PASSWORD,
      remember: false,
      ip: '10.7.1.1',
    })
    if (!signedIn.ok) throw new Error('a second step was asked')
    const confirmed = await confirmPasswordForEnrollment(portal.deps, signedIn.actor, {
      password: PASSWORD,
      ip: '10.7.1.1',
    })
    if (confirmed.kind !== 'confirmed') throw new Error('password re-check failed')
    const started = await startPhoneEnrollment(portal.deps, signedIn.actor, {
      idToken: confirmed.idToken,
      phoneNumber: phone,
      ip: '10.7.1.1',
    })
    await finishPhoneEnrollment(portal.deps, signedIn.actor, {
      idToken: confirmed.idToken,
      sessionInfo: started.sessionInfo,
      sentTo: started.sentTo,
      code: await smsCodeFor(phone),
      ip: '10.7.1.1',
    })
    return { ...user, actor: signedIn.actor }
  }

  it('asks for the password before a phone is unenrolled: none or a wrong one changes nothing', async () => {
    const phone = '+15555550171'
    const user = await userWithPhone('unenroll', phone)
    const [factor] = await listSecondFactors(portal.deps, user.actor)
    // The page session of this user (a second factor is not asked of a session started here).
    const session = await startSession(portal.deps, { accountKey: user.key, firebaseUid: user.uid, remember: false })
    const cookie = `__session=${session.id}`
    const unenroll = (fields: Record<string, string>) =>
      postForm(portal, unenrollAction, {
        path: `/settings/security/unenroll/${factor!.mfaEnrollmentId}`,
        params: { factorId: factor!.mfaEnrollmentId },
        cookie,
        fields,
      })

    const without = await unenroll({})
    expect(without.status).toBe(400)
    expect(JSON.stringify(await without.json())).toContain('Password is required.')
    const wrong = await unenroll({ password: 'not-my-password' })
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(await wrong.json())).toContain('Wrong password')
    expect(await listSecondFactors(portal.deps, user.actor)).toHaveLength(1)
    expect((await portal.deps.db.select().from(accounts).where(eq(accounts.key, user.key)))[0]!.mfa).toBe(true)

    const right = await unenroll({ password: PASSWORD })
    expect(right.status).toBe(302)
    expect(await listSecondFactors(portal.deps, user.actor)).toEqual([])
  })

  it('the JSON API login takes the second step: pending handle, code, then tokens', async () => {
    const phone = '+15555550172'
    const user = await userWithPhone('api-second-step', phone)
    const first = await api(portal, 'POST', '/api/account/method/login', {
      body: { email: user.email, password: PASSWORD },
    })
    expect(first.status).toBe(200)
    const { mfa } = first.body.data as { mfa: { pending: string; sentTo: string; factors: unknown[] } }
    // One phone: its code is sent at once; the provider's credential is not readable in the handle.
    expect(mfa.sentTo).toBe('+*******0172')
    expect(JSON.stringify(first.body)).not.toContain('5555550172')

    const tampered = await api(portal, 'POST', '/api/account/method/login', {
      body: { mfa_pending: `${mfa.pending.slice(0, -2)}AA`, code: '123456' },
    })
    expect(tampered).toMatchObject({ status: 401, body: { error: { type: 'AuthInvalidSession' } } })
    const wrong = await api(portal, 'POST', '/api/account/method/login', {
      body: { mfa_pending: mfa.pending, code: '000000' },
    })
    expect(wrong).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })

    const done = await api(portal, 'POST', '/api/account/method/login', {
      body: { mfa_pending: mfa.pending, code: await smsCodeFor(phone) },
    })
    expect(done.status).toBe(200)
    const tokens = done.body.data as { idToken: string; refreshToken: string; account: { key: string } }
    expect(tokens.account.key).toBe(user.key)
    expect((await brandsOf({ token: tokens.idToken })).status).toBe(200)
  })
})

describe('POST /api/account/method/idTokenFromRefreshToken', () => {
  it('exchanges a refresh token for a fresh ID token that the API accepts', async () => {
    const login = await api(portal, 'POST', '/api/account/method/login', {
      body: { email: 'editor@demo.test', password: DEMO_PASSWORD },
    })
    const { refreshToken } = login.body.data as { refreshToken: string }
    expect(refreshToken).toBeTruthy()
    const answer = await api(portal, 'POST', '/api/account/method/idTokenFromRefreshToken', {
      body: { refresh_token: refreshToken },
    })
    expect(answer.status).toBe(200)
    const data = answer.body.data as { idToken: string; refreshToken: string; account: { email: string } }
    expect(data).toMatchObject({ account: { email: 'editor@demo.test' }, custom_token: null })
    expect(data.refreshToken).toBeTruthy()
    expect(data.idToken).toBeTruthy()
    expect((await brandsOf({ token: data.idToken })).status).toBe(200)
  })

  it('refuses a missing or unknown refresh token', async () => {
    expect(await api(portal, 'POST', '/api/account/method/idTokenFromRefreshToken', { body: {} })).toMatchObject({
      status: 400,
      body: { error: { type: 'ValidationError' } },
    })
    expect(
      await api(portal, 'POST', '/api/account/method/idTokenFromRefreshToken', {
        body: { refresh_token: 'not-a-refresh-token' },
      }),
    ).toMatchObject({ status: 401, body: { error: { type: 'AuthInvalidSession' } } })
  })
})
