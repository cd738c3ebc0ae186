// Invites and sign-up over the real JSON API (access.md §7), with the Auth emulator, a real
// database and the mail outbox: every call, its error envelope, and who may do what.
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, grants, invites } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY } from '#seed/seed'
import { demoKey } from '#app/platform/ids'
import { BREACHED_PASSWORD } from '#app/features/identity/password-schemas'
import { api, idTokenFor, readOutbox, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

const NOT_FOUND = 'Invite Not Found. Please ask a team Admin to send you a new invite.'
const PARSE_ERROR = 'Error parsing invite. Please ask a team Admin to send you a new invite.'
const STRONG_PASSWORD = 'Tall-Orchid-42-walks'
const WOMENSWEAR = demoKey('line:womenswear')
const SS26 = demoKey('collection:ss26')
const LINEN_SHIRT = demoKey('style:linen-shirt')

let portal: TestPortal
let admin: string
let editor: string
let viewer: string
let outsider: string

const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@invitee.test`
const tokenOf = (url: string | null) => new URL(url!).searchParams.get('token')!

interface InviteData {
  key: string
  email: string
  status: string
  role: string
  job_type: string
  url: string | null
  permissions: { model: string; model_id: string; type: string }[]
  data: { KIND: string; model_id: string }[]
}

async function invite(token: string, body: Record<string, unknown>) {
  return api(portal, 'POST', '/api/invite/model/', { token, body: { brand: DEMO_BRAND_KEY, ...body } })
}

async function inviteOk(body: Record<string, unknown>): Promise<InviteData> {
  const answer = await invite(admin, body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data as InviteData
}

async function grantsOf(email: string) {
  const [account] = await portal.deps.db.select().from(accounts).where(eq(accounts.email, email))
  if (!account) return []
  return portal.deps.db
    .select({ model: grants.model, modelId: grants.modelId, type: grants.type })
    .from(grants)
    .where(eq(grants.accountKey, account.key))
}

beforeAll(async () => {
  portal = await startTestPortal()
  ;[admin, editor, viewer, outsider] = await Promise.all([
    idTokenFor(portal, 'admin@demo.test'),
    idTokenFor(portal, 'editor@demo.test'),
    idTokenFor(portal, 'viewer@demo.test'),
    idTokenFor(portal, 'outsider@demo.test'),
  ])
})
afterAll(() => portal?.destroy())

describe('POST /api/invite/model/', () => {
  it('creates a pending invite with grants by job type on the brand, lines and collections', async () => {
    const email = uniqueEmail('designer')
    const created = await inviteOk({
      email: `  ${email.toUpperCase()} `,
      first_name: 'Dora',
      last_name: 'Designer',
      job_type: 'designer',
      lines: [WOMENSWEAR],
      collections: [SS26],
      grants: [{ model: 'Style', model_id: LINEN_SHIRT, type: 'read' }],
    })
    expect(created).toMatchObject({ email, status: 'pending', role: 'user', job_type: 'designer', KIND: 'Invite' })
    expect(created.permissions).toEqual([
      { model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'editor' },
      { model: 'Line', model_id: WOMENSWEAR, type: 'editor' },
      { model: 'Collection', model_id: SS26, type: 'editor' },
      { model: 'Style', model_id: LINEN_SHIRT, type: 'read' },
    ])
    expect(created.url).toMatch(new RegExp(`^${portal.deps.appUrl}/invite\\?token=[A-Za-z0-9_-]{43}$`))
  })

  it('gives owner and role admin for the admin job type, read for others', async () => {
    const adminInvite = await inviteOk({ email: uniqueEmail('adm'), first_name: 'Ann', job_type: 'admin' })
    expect(adminInvite.role).toBe('admin')
    expect(adminInvite.permissions).toEqual([{ model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'owner' }])
    const guest = await inviteOk({ email: uniqueEmail('guest'), first_name: 'Gus', job_type: 'guest', role: 'admin' })
    expect(guest.role).toBe('user')
    expect(guest.permissions).toEqual([{ model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'read' }])
  })

  it('refreshes the open invite of the same address instead of adding a second one', async () => {
    const email = uniqueEmail('again')
    const first = await inviteOk({ email, first_name: 'Ali', job_type: 'guest' })
    const second = await inviteOk({ email, first_name: 'Ali', job_type: 'marketing' })
    expect(second.key).toBe(first.key)
    expect(second.url).toBe(first.url)
    expect(second.permissions[0]!.type).toBe('editor')
    const rows = await portal.deps.db.select().from(invites).where(eq(invites.email, email))
    expect(rows).toHaveLength(1)
  })

  it.each([
    [
      { first_name: 'Bad!Name', email: 'x@y.test', job_type: 'guest' },
      'Invalid First Name. Alphanumeric characters expected.',
    ],
    [{ first_name: '', email: 'x@y.test', job_type: 'guest' }, 'Invalid First Name. Alphanumeric characters expected.'],
    [{ first_name: 'Ok', email: 'not-an-email', job_type: 'guest' }, 'Invalid Email.'],
    [{ first_name: 'Ok', email: '', job_type: 'guest' }, 'Invalid Email.'],
    [{ first_name: 'Ok', email: 'x@y.test' }, 'Error granting access to Demo Brand'],
    [
      { first_name: 'Ok', email: 'x@y.test', job_type: 'guest', lines: ['nope'] },
      'lines: nope is not a Line of this brand.',
    ],
  ])('refuses %j with 400 and creates nothing', async (body, message) => {
    const before = await portal.deps.db.select().from(invites)
    const answer = await invite(admin, body)
    expect(answer).toEqual({ status: 400, body: { error: { type: 'ValidationError', message } } })
    expect(await portal.deps.db.select().from(invites)).toHaveLength(before.length)
  })

  it('refuses a grant on another brand and creates nothing', async () => {
    const email = uniqueEmail('other-brand')
    const answer = await invite(admin, {
      email,
      first_name: 'X',
      job_type: 'guest',
      grants: [{ model: 'Brand', model_id: OTHER_BRAND_KEY, type: 'read' }],
    })
    expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
    expect(await portal.deps.db.select().from(invites).where(eq(invites.email, email))).toHaveLength(0)
  })

  it('lets an editor invite up to editor, but not an admin', async () => {
    const ok = await invite(editor, { email: uniqueEmail('by-editor'), first_name: 'Eve', job_type: 'designer' })
    expect(ok.status).toBe(200)
    const refused = await invite(editor, { email: uniqueEmail('by-editor'), first_name: 'Eve', job_type: 'admin' })
    expect(refused).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
  })

  it("does not let an editor take over an owner's invite by refreshing it", async () => {
    const email = uniqueEmail('owner-made')
    const made = await inviteOk({ email, first_name: 'Olga', job_type: 'admin' })
    const refresh = await invite(editor, { email, first_name: 'Olga', job_type: 'designer' })
    expect(refresh).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, made.key))
    expect(row).toMatchObject({ role: 'admin', jobType: 'admin' })
  })

  it('refuses a read member with 403 and the outsider with 404', async () => {
    const email = uniqueEmail('refused')
    const byViewer = await invite(viewer, { email, first_name: 'Vi', job_type: 'guest' })
    expect(byViewer).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const byOutsider = await invite(outsider, { email, first_name: 'Ot', job_type: 'guest' })
    expect(byOutsider).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    expect(await portal.deps.db.select().from(invites).where(eq(invites.email, email))).toHaveLength(0)
  })

  it('needs a session', async () => {
    const answer = await api(portal, 'POST', '/api/invite/model/', { body: { brand: DEMO_BRAND_KEY } })
    expect(answer).toMatchObject({ status: 401, body: { error: { type: 'AuthNoSession' } } })
  })
})

describe('POST /api/invite/method/email', () => {
  it('e-mails the link through the outbox and marks the invite invited', async () => {
    const email = uniqueEmail('mailed')
    const created = await inviteOk({ email, first_name: 'Mae', job_type: 'guest' })
    const answer = await api(portal, 'POST', '/api/invite/method/email', {
      token: admin,
      body: { key: created.key, path: `${portal.url}/invite`, email_override: null },
    })
    expect(answer).toEqual({ status: 200, body: { data: { email, link: created.url } } })
    const mail = (await readOutbox(portal.deps.mailer.outboxDir!)).find((message) => message.to === email)
    expect(mail?.subject).toBe('Ada Admin invited you to Demo Brand on Brand Portal')
    expect(mail?.text).toContain(created.url)
    expect(mail?.html).toContain(created.url!.replace(/&/g, '&amp;'))
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, created.key))
    expect(row?.status).toBe('invited')
  })

  it('names the shared lines in the e-mail of a line invite', async () => {
    const email = uniqueEmail('line-mailed')
    const created = await inviteOk({
      email,
      first_name: 'Lia',
      job_type: 'guest',
      lines: [demoKey('line:essentials'), demoKey('line:womenswear')],
    })
    await api(portal, 'POST', '/api/invite/method/email', { token: admin, body: { key: created.key } })
    const mail = (await readOutbox(portal.deps.mailer.outboxDir!)).find((message) => message.to === email)
    expect(mail?.subject).toBe(
      'Ada Admin invited you to the lines Essentials and Womenswear of Demo Brand on Brand Portal',
    )
    expect(mail?.text).toContain('has invited you to join the lines Essentials and Womenswear of Demo Brand')
  })

  it('refuses the outsider (404) and a read member (403) and sends nothing', async () => {
    const email = uniqueEmail('not-mailed')
    const created = await inviteOk({ email, first_name: 'No', job_type: 'guest' })
    const byOutsider = await api(portal, 'POST', '/api/invite/method/email', {
      token: outsider,
      body: { key: created.key },
    })
    expect(byOutsider.status).toBe(404)
    const byViewer = await api(portal, 'POST', '/api/invite/method/email', {
      token: viewer,
      body: { key: created.key },
    })
    expect(byViewer.status).toBe(403)
    const mail = (await readOutbox(portal.deps.mailer.outboxDir!)).find((message) => message.to === email)
    expect(mail).toBeUndefined()
  })

  it('answers 404 for an unknown invite and 400 without a key', async () => {
    expect(
      (await api(portal, 'POST', '/api/invite/method/email', { token: admin, body: { key: 'nope' } })).status,
    ).toBe(404)
    expect((await api(portal, 'POST', '/api/invite/method/email', { token: admin, body: {} })).status).toBe(400)
  })
})

describe('GET /api/invite/query/…', () => {
  it('lists the open invites of a brand, oldest first', async () => {
    const a = await inviteOk({ email: uniqueEmail('list-a'), first_name: 'A', job_type: 'guest' })
    const b = await inviteOk({ email: uniqueEmail('list-b'), first_name: 'B', job_type: 'guest' })
    const answer = await api(portal, 'GET', `/api/invite/query/brand?brand=${DEMO_BRAND_KEY}`, { token: admin })
    const keys = (answer.body.data as InviteData[]).map((item) => item.key)
    expect(keys.indexOf(a.key)).toBeGreaterThanOrEqual(0)
    expect(keys.indexOf(a.key)).toBeLessThan(keys.indexOf(b.key))
    expect((answer.body.data as InviteData[]).every((item) => ['pending', 'invited'].includes(item.status))).toBe(true)
  })

  it("shows an editor the links of invites they could make, never an owner-level invite's", async () => {
    const ownerLevel = await inviteOk({ email: uniqueEmail('admin-level'), first_name: 'Ada', job_type: 'admin' })
    const editorLevel = await inviteOk({
      email: uniqueEmail('designer-level'),
      first_name: 'Dee',
      job_type: 'designer',
    })
    const answer = await api(portal, 'GET', `/api/invite/query/brand?brand=${DEMO_BRAND_KEY}`, { token: editor })
    const listed = answer.body.data as InviteData[]
    expect(listed.find((item) => item.key === ownerLevel.key)?.url).toBeNull()
    expect(listed.find((item) => item.key === editorLevel.key)?.url).toBe(editorLevel.url)
  })

  it('lists by model (a collection) and by brand teams', async () => {
    const withCollection = await inviteOk({
      email: uniqueEmail('by-model'),
      first_name: 'C',
      job_type: 'guest',
      collections: [SS26],
    })
    const byModel = await api(portal, 'GET', `/api/invite/query/model?model=Collection&model_id=${SS26}`, {
      token: admin,
    })
    expect((byModel.body.data as InviteData[]).map((item) => item.key)).toContain(withCollection.key)
    const teams = await api(portal, 'GET', `/api/invite/query/brand_teams?brand=${DEMO_BRAND_KEY}`, { token: admin })
    expect(teams).toEqual({ status: 200, body: { data: [] } })
  })

  it('answers 404 for an unknown team, and hides Demo Brand from the outsider', async () => {
    expect((await api(portal, 'GET', '/api/invite/query/team?team=nope', { token: admin })).status).toBe(404)
    for (const path of [
      `/api/invite/query/brand?brand=${DEMO_BRAND_KEY}`,
      `/api/invite/query/brand_teams?brand=${DEMO_BRAND_KEY}`,
      `/api/invite/query/model?model=Collection&model_id=${SS26}`,
    ]) {
      const answer = await api(portal, 'GET', path, { token: outsider })
      expect(answer, path).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    }
    const byViewer = await api(portal, 'GET', `/api/invite/query/brand?brand=${DEMO_BRAND_KEY}`, { token: viewer })
    expect(byViewer.status).toBe(403)
  })
})

describe('DELETE /api/invite/model/:key', () => {
  it('revokes an open invite; its link then finds nothing', async () => {
    const created = await inviteOk({ email: uniqueEmail('revoked'), first_name: 'R', job_type: 'guest' })
    const answer = await api(portal, 'DELETE', `/api/invite/model/${created.key}`, {
      token: admin,
      body: { brand: DEMO_BRAND_KEY },
    })
    expect(answer).toEqual({ status: 200, body: { data: { key: created.key } } })
    const parsed = await api(portal, 'GET', `/api/invite/method/parse?token=${tokenOf(created.url)}`)
    expect(parsed).toEqual({ status: 404, body: { error: { type: 'NotFound', message: NOT_FOUND } } })
  })

  it('refuses the outsider (404, even naming their own brand) and a read member (403)', async () => {
    const created = await inviteOk({ email: uniqueEmail('kept'), first_name: 'K', job_type: 'guest' })
    const byOutsider = await api(portal, 'DELETE', `/api/invite/model/${created.key}?brand=${DEMO_BRAND_KEY}`, {
      token: outsider,
    })
    expect(byOutsider.status).toBe(404)
    const otherBrand = await api(portal, 'DELETE', `/api/invite/model/${created.key}?brand=${OTHER_BRAND_KEY}`, {
      token: outsider,
    })
    expect(otherBrand.status).toBe(404)
    const byViewer = await api(portal, 'DELETE', `/api/invite/model/${created.key}`, { token: viewer })
    expect(byViewer.status).toBe(403)
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, created.key))
    expect(row?.status).toBe('pending')
  })
})

describe('GET /api/invite/method/parse', () => {
  it('answers the landing data without a session', async () => {
    const email = uniqueEmail('parsed')
    const created = await inviteOk({ email, first_name: 'Pat', last_name: 'Parse', job_type: 'guest' })
    const answer = await api(portal, 'GET', `/api/invite/method/parse?token=${tokenOf(created.url)}`)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      account: false,
      email,
      first_name: 'Pat',
      last_name: 'Parse',
      brand: { key: DEMO_BRAND_KEY, name: 'Demo Brand' },
      data: [{ KIND: 'Brand', model_id: DEMO_BRAND_KEY, name: 'Demo Brand' }],
    })
  })

  it('says so when an account with that e-mail exists', async () => {
    const created = await inviteOk({ email: 'vsm@demo.test', first_name: 'Victor', job_type: 'vsm' })
    const answer = await api(portal, 'GET', `/api/invite/method/parse?token=${tokenOf(created.url)}`)
    expect(answer.body.data).toMatchObject({ account: true, email: 'vsm@demo.test' })
  })

  it('answers a malformed token with 400 and an unknown one with 404', async () => {
    expect(await api(portal, 'GET', '/api/invite/method/parse?token=short')).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: PARSE_ERROR } },
    })
    expect(await api(portal, 'GET', '/api/invite/method/parse')).toMatchObject({ status: 400 })
    expect(await api(portal, 'GET', `/api/invite/method/parse?token=${'x'.repeat(43)}`)).toEqual({
      status: 404,
      body: { error: { type: 'NotFound', message: NOT_FOUND } },
    })
  })
})

describe('POST /api/account/method/signup/', () => {
  it('creates the user and account, accepts the invite once and lands by its first grant', async () => {
    const email = uniqueEmail('signup')
    const created = await inviteOk({
      email,
      first_name: 'Sam',
      last_name: 'Signup',
      job_type: 'marketing',
      collections: [SS26],
      department: 'design',
    })
    const answer = await api(portal, 'POST', '/api/account/method/signup/', {
      body: { email, password: STRONG_PASSWORD, first: 'Sam', last: 'Signup', invite: tokenOf(created.url) },
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const data = answer.body.data as {
      account: { key: string; email: string; job_type: string; role: string; status: string; department: string }
      permissions: { model: string; model_id: string }[]
      idToken: string
      landing: string
    }
    expect(data.account).toMatchObject({
      email,
      job_type: 'marketing',
      role: 'user',
      status: 'onboarding-personal',
      department: 'design',
    })
    expect(data.permissions).toEqual(
      expect.arrayContaining([
        { model: 'Brand', model_id: DEMO_BRAND_KEY },
        { model: 'Collection', model_id: SS26 },
      ]),
    )
    expect(data.landing).toBe(`/brand/${DEMO_BRAND_KEY}/products?collections=${SS26}`)
    // The token it returns is a real Firebase ID token that the API accepts.
    const mine = await api(portal, 'GET', '/api/permission/query/grantee', { token: data.idToken })
    expect(mine.status).toBe(200)
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, created.key))
    expect(row).toMatchObject({ status: 'accepted', acceptedBy: data.account.key })

    // The same token again changes nothing.
    const grantsBefore = await grantsOf(email)
    const again = await api(portal, 'POST', '/api/account/method/signup/', {
      body: { email, password: STRONG_PASSWORD, first: 'Sam', last: 'Signup', invite: tokenOf(created.url) },
    })
    expect(again).toEqual({ status: 404, body: { error: { type: 'NotFound', message: NOT_FOUND } } })
    const accepted = await api(portal, 'GET', `/api/app/method/accept_invite?token=${tokenOf(created.url)}`, {
      token: data.idToken,
    })
    expect(accepted.body.data).toMatchObject({ alreadyAccepted: true, landing: data.landing })
    expect(await grantsOf(email)).toEqual(grantsBefore)
  })

  it('refuses a second sign-up for an address that already has an account', async () => {
    const email = uniqueEmail('twice')
    const first = await inviteOk({ email, first_name: 'Tw', job_type: 'guest' })
    const ok = await api(portal, 'POST', '/api/account/method/signup/', {
      body: { email, password: STRONG_PASSWORD, first: 'Tw', last: 'Ice', invite: tokenOf(first.url) },
    })
    expect(ok.status).toBe(200)
    const second = await inviteOk({ email, first_name: 'Tw', job_type: 'designer' })
    const refused = await api(portal, 'POST', '/api/account/method/signup/', {
      body: { email, password: STRONG_PASSWORD, first: 'Tw', last: 'Ice', invite: tokenOf(second.url) },
    })
    expect(refused).toMatchObject({ status: 409, body: { error: { type: 'Conflict' } } })
    expect(refused.body.error?.message).toMatch(/^Registration error: /)
    expect(await portal.deps.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(1)
  })

  it('refuses a breached password with the product message and creates nothing', async () => {
    const email = uniqueEmail('breached')
    const created = await inviteOk({ email, first_name: 'Br', job_type: 'guest' })
    const answer = await api(portal, 'POST', '/api/account/method/signup/', {
      body: { email, password: 'Password123!', first: 'Br', last: 'Each', invite: tokenOf(created.url) },
    })
    expect(answer).toEqual({ status: 400, body: { error: { type: 'ValidationError', message: BREACHED_PASSWORD } } })
    expect(await portal.deps.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0)
    const signIn = await portal.deps.identity.signInWithPassword(email, 'Password123!')
    expect(signIn.ok).toBe(false)
  })

  it.each([
    [{ password: 'short' }, 'Password must contain one uppercase, one lowercase, one number and one special character'],
    [{ first: '' }, 'First name is required'],
    [{ last: '' }, 'Last name is required'],
    [
      { email: 'someone-else@invitee.test' },
      'Registration error: Please sign up with the e-mail address the invite was sent to.',
    ],
  ])('refuses %j with 400', async (override, message) => {
    const email = uniqueEmail('rules')
    const created = await inviteOk({ email, first_name: 'Ru', job_type: 'guest' })
    const answer = await api(portal, 'POST', '/api/account/method/signup/', {
      body: { email, password: STRONG_PASSWORD, first: 'Ru', last: 'Les', invite: tokenOf(created.url), ...override },
    })
    expect(answer).toEqual({ status: 400, body: { error: { type: 'ValidationError', message } } })
    expect(await portal.deps.db.select().from(accounts).where(eq(accounts.email, email))).toHaveLength(0)
  })
})

describe('GET /api/app/method/accept_invite', () => {
  it('merges the grants into an existing account exactly once, without duplicates', async () => {
    const created = await inviteOk({
      email: 'editor@demo.test',
      first_name: 'Dana',
      job_type: 'designer',
      lines: [WOMENSWEAR],
    })
    const token = tokenOf(created.url)
    const first = await api(portal, 'GET', `/api/app/method/accept_invite?token=${token}`, { token: editor })
    expect(first.body.data).toMatchObject({
      landing: `/brand/${DEMO_BRAND_KEY}/products?lines=${WOMENSWEAR}`,
      alreadyAccepted: false,
    })
    const after = await grantsOf('editor@demo.test')
    expect(after.filter((grant) => grant.model === 'Brand' && grant.type === 'editor')).toHaveLength(1)
    expect(after).toContainEqual({ model: 'Line', modelId: WOMENSWEAR, type: 'editor' })
    const second = await api(portal, 'GET', `/api/app/method/accept_invite?token=${token}`, { token: editor })
    expect(second.body.data).toMatchObject({ alreadyAccepted: true })
    expect(await grantsOf('editor@demo.test')).toEqual(after)
  })

  it("refuses an invite for another address (403) and another account's used invite (404)", async () => {
    const created = await inviteOk({ email: uniqueEmail('someone'), first_name: 'So', job_type: 'guest' })
    const answer = await api(portal, 'GET', `/api/app/method/accept_invite?token=${tokenOf(created.url)}`, {
      token: outsider,
    })
    expect(answer).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, created.key))
    expect(row?.status).toBe('pending')
    const outsiderGrants = await portal.deps.db
      .select()
      .from(grants)
      .where(and(eq(grants.brandKey, DEMO_BRAND_KEY), eq(grants.accountKey, demoKey('account:outsider'))))
    expect(outsiderGrants).toHaveLength(0)
  })

  it('needs a session and a well-formed token', async () => {
    expect((await api(portal, 'GET', `/api/app/method/accept_invite?token=${'x'.repeat(43)}`)).status).toBe(401)
    expect(await api(portal, 'GET', '/api/app/method/accept_invite?token=bad', { token: admin })).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: PARSE_ERROR } },
    })
  })

  it('refuses a cross-site caller signed in by cookie and accepts nothing', async () => {
    // An invite the viewer could accept: only the cross-site check stands in the way.
    const made = await inviteOk({ email: 'viewer@demo.test', first_name: 'Vera', job_type: 'guest' })
    const cookie = await sessionCookieFor(portal, 'viewer@demo.test')
    const answer = await api(portal, 'GET', `/api/app/method/accept_invite?token=${tokenOf(made.url)}`, {
      cookie,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(answer).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, made.key))
    expect(row?.status).toBe('pending')
  })
})
