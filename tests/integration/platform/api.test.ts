// The JSON API of the foundation, end to end over HTTP against a real database and the Auth
// emulator: every call, and the error envelope of every bad-input case.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { brands, grants } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY } from '#seed/seed'
import { demoKey } from '#app/platform/ids'
import { api, idTokenFor, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { createBrand, createMember } from '#tests/support/factories'

let portal: TestPortal
let adminCookie: string
let editorCookie: string
let viewerCookie: string
let outsiderCookie: string

beforeAll(async () => {
  portal = await startTestPortal()
  ;[adminCookie, editorCookie, viewerCookie, outsiderCookie] = await Promise.all([
    sessionCookieFor(portal, 'admin@demo.test'),
    sessionCookieFor(portal, 'editor@demo.test'),
    sessionCookieFor(portal, 'viewer@demo.test'),
    sessionCookieFor(portal, 'outsider@demo.test'),
  ])
})
afterAll(() => portal?.destroy())

describe('envelope and routing', () => {
  it('runs on a database of its own, copied from the migrated template', () => {
    expect(portal.database.server).toBeNull()
    expect(portal.deps.env.DATABASE_URL).toContain('portal_test_')
  })

  it('answers an unknown route with a 404 envelope', async () => {
    const answer = await api(portal, 'GET', '/api/brand/query/everything', { cookie: adminCookie })
    expect(answer.status).toBe(404)
    expect(answer.body.error?.type).toBe('NotFound')
  })

  it('answers a method an address does not take with 405 MethodNotAllowed and the methods it takes', async () => {
    for (const [method, pathname, allow] of [
      ['DELETE', '/api/app/method/check_version', 'GET'],
      ['GET', '/api/account/method/login', 'POST'],
      ['GET', '/uploads/tus/', 'OPTIONS, HEAD, POST, PATCH, DELETE'],
    ] as const) {
      const answer = await fetch(`${portal.url}${pathname}`, { method })
      expect({ method, pathname, status: answer.status, allow: answer.headers.get('allow') }).toEqual({
        method,
        pathname,
        status: 405,
        allow,
      })
      expect(((await answer.json()) as { error: { type: string } }).error.type).toBe('MethodNotAllowed')
    }
  })

  it('answers a malformed path segment with 400, not a server error', async () => {
    const answer = await api(portal, 'GET', '/api/brand/model/%E0%A4%A', { cookie: adminCookie })
    expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
  })

  it('refuses a call without a session with 401 AuthNoSession', async () => {
    const answer = await api(portal, 'GET', '/api/brand/query/user/')
    expect(answer).toMatchObject({ status: 401, body: { error: { type: 'AuthNoSession' } } })
  })

  it('refuses a bad bearer token with 401 AuthInvalidSession', async () => {
    const answer = await api(portal, 'GET', '/api/brand/query/user/', { token: 'not-a-token' })
    expect(answer).toMatchObject({ status: 401, body: { error: { type: 'AuthInvalidSession' } } })
  })

  it('refuses a forged session cookie with 401 AuthInvalidSession', async () => {
    const answer = await api(portal, 'GET', '/api/brand/query/user/', { cookie: '__session=forged.cookie.value' })
    expect(answer).toMatchObject({ status: 401, body: { error: { type: 'AuthInvalidSession' } } })
  })

  it('answers malformed JSON with 400 ValidationError', async () => {
    const answer = await api(portal, 'POST', '/api/brand/model/', { rawBody: '{"name":', cookie: adminCookie })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toEqual({ type: 'ValidationError', message: 'body: malformed JSON.' })
  })

  it('refuses a cookie-authenticated write from another site', async () => {
    const answer = await api(portal, 'POST', '/api/brand/model/', {
      body: { name: 'Cross Site' },
      cookie: adminCookie,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(answer.status).toBe(403)
    const rows = await portal.deps.db.select().from(brands).where(eq(brands.name, 'Cross Site'))
    expect(rows).toHaveLength(0)
  })
})

describe('GET /api/app/method/check_version', () => {
  it('answers version 3 without a session', async () => {
    const answer = await api(portal, 'GET', '/api/app/method/check_version')
    expect(answer).toEqual({ status: 200, body: { data: { version: 3 } } })
  })
})

describe('POST /api/account/method/login', () => {
  it('syncs the account of a bearer token', async () => {
    const token = await idTokenFor(portal, 'editor@demo.test')
    const answer = await api(portal, 'POST', '/api/account/method/login', { token, body: {} })
    expect(answer.status).toBe(200)
    const { account } = answer.body.data as { account: Record<string, unknown> }
    expect(account).toMatchObject({ KIND: 'Account', email: 'editor@demo.test', job_type: 'designer', role: 'user' })
    // The brand grant, then the one the demo design team hands out on the SS26 collection.
    expect(account.grants).toEqual([
      { model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'editor' },
      { model: 'Collection', model_id: demoKey('collection:ss26'), type: 'editor' },
    ])
  })

  it('signs in with e-mail and password and tells where to land', async () => {
    const answer = await api(portal, 'POST', '/api/account/method/login', {
      body: { email: 'admin@demo.test', password: 'Demo-passw0rd!' },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      landing: `/brand/${DEMO_BRAND_KEY}`,
      account: { email: 'admin@demo.test' },
    })
  })

  it('names the missing field', async () => {
    const answer = await api(portal, 'POST', '/api/account/method/login', { body: { email: 'admin@demo.test' } })
    expect(answer).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'password: Password is required.' } },
    })
  })

  it('answers a wrong password with the product wording', async () => {
    const answer = await api(portal, 'POST', '/api/account/method/login', {
      body: { email: 'admin@demo.test', password: 'wrong-password' },
    })
    expect(answer).toEqual({
      status: 401,
      body: { error: { type: 'AuthInvalidCredentials', message: 'Invalid email or password' } },
    })
  })

  it('refuses a bad bearer token', async () => {
    const answer = await api(portal, 'POST', '/api/account/method/login', { token: 'garbage', body: {} })
    expect(answer).toMatchObject({ status: 401, body: { error: { type: 'AuthInvalidSession' } } })
  })
})

describe('GET /api/permission/query/grantee', () => {
  it('lists the grants of the session user', async () => {
    const answer = await api(portal, 'GET', '/api/permission/query/grantee', { cookie: viewerCookie })
    expect(answer).toEqual({
      status: 200,
      body: { data: [{ model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'read' }] },
    })
  })

  it('needs a session', async () => {
    expect((await api(portal, 'GET', '/api/permission/query/grantee')).status).toBe(401)
  })
})

describe('GET /api/brand/query/user/', () => {
  it('lists only the brands the user holds a grant on', async () => {
    const mine = await api(portal, 'GET', '/api/brand/query/user/', { cookie: outsiderCookie })
    expect((mine.body.data as { key: string }[]).map((b) => b.key)).toEqual([OTHER_BRAND_KEY])
    const editor = await api(portal, 'GET', '/api/brand/query/user/', { cookie: editorCookie })
    expect(editor.body.data).toMatchObject([{ key: DEMO_BRAND_KEY, KIND: 'Brand', name: 'Demo Brand' }])
  })

  it('works with a bearer token as well', async () => {
    const token = await idTokenFor(portal, 'vsm@demo.test')
    const answer = await api(portal, 'GET', '/api/brand/query/user', { token })
    expect((answer.body.data as { name: string }[]).map((b) => b.name)).toEqual(['Demo Brand'])
  })
})

describe('POST /api/brand/model/', () => {
  it('creates a brand and makes the creator its owner', async () => {
    const answer = await api(portal, 'POST', '/api/brand/model/', {
      body: { name: 'Atelier Nord' },
      cookie: adminCookie,
    })
    expect(answer.status).toBe(200)
    const created = answer.body.data as { key: string; name: string; KIND: string }
    expect(created).toMatchObject({ name: 'Atelier Nord', KIND: 'Brand' })
    const ownerGrants = await portal.deps.db.select().from(grants).where(eq(grants.modelId, created.key))
    expect(ownerGrants).toHaveLength(1)
    expect(ownerGrants[0]).toMatchObject({ type: 'owner', model: 'Brand' })
    const listed = await api(portal, 'GET', '/api/brand/query/user/', { cookie: adminCookie })
    expect((listed.body.data as { name: string }[])[0]?.name).toBe('Atelier Nord')
    const grantee = await api(portal, 'GET', '/api/permission/query/grantee', { cookie: adminCookie })
    expect(grantee.body.data).toContainEqual({ model: 'Brand', model_id: created.key, type: 'owner' })
  })

  it('requires a name', async () => {
    const before = await portal.deps.db.select().from(brands)
    const answer = await api(portal, 'POST', '/api/brand/model/', { body: { name: '  ' }, cookie: adminCookie })
    expect(answer).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'name: Brand name is required.' } },
    })
    expect(await portal.deps.db.select().from(brands)).toHaveLength(before.length)
  })

  it('is refused to a user whose account role is not admin', async () => {
    const answer = await api(portal, 'POST', '/api/brand/model/', {
      body: { name: 'Editor Brand' },
      cookie: editorCookie,
    })
    expect(answer).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    expect(await portal.deps.db.select().from(brands).where(eq(brands.name, 'Editor Brand'))).toHaveLength(0)
  })
})

describe('GET /api/brand/model/{key}', () => {
  it('answers the brand to a member', async () => {
    const answer = await api(portal, 'GET', `/api/brand/model/${DEMO_BRAND_KEY}`, { cookie: viewerCookie })
    expect(answer.body.data).toMatchObject({ key: DEMO_BRAND_KEY, legal_name: 'Demo Brand Ltd' })
  })

  it('does not reveal a brand the user has no grant on, nor an unknown key', async () => {
    const other = await api(portal, 'GET', `/api/brand/model/${DEMO_BRAND_KEY}`, { cookie: outsiderCookie })
    const unknown = await api(portal, 'GET', '/api/brand/model/doesnotexist', { cookie: outsiderCookie })
    expect(other).toEqual({ status: 404, body: { error: { type: 'NotFound', message: 'Brand not found.' } } })
    expect(unknown).toEqual(other)
  })
})

describe('PUT /api/brand/model/{key}', () => {
  it('updates the company profile for an editor', async () => {
    // A brand of its own: Demo Brand's profile stays as the other tests read it.
    const brand = await createBrand(portal.deps)
    const editor = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
    const answer = await api(portal, 'PUT', `/api/brand/model/${brand.key}`, {
      cookie: await sessionCookieFor(portal, editor.email),
      body: { legal_name: 'Demo Brand Holdings', year_established: '2011', brandKey: brand.key },
    })
    expect(answer.status).toBe(200)
    const [row] = await portal.deps.db.select().from(brands).where(eq(brands.key, brand.key))
    expect(row).toMatchObject({ legalName: 'Demo Brand Holdings', yearEstablished: '2011' })
  })

  it('rejects invalid fields with the spec wording and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ legal_name: 'Bad <Name>' }, 'legal_name: Invalid Legal Name. Alphanumeric characters expected.'],
      [{ year_established: '19x2' }, 'year_established: Invalid Year Established. Numeric value expected.'],
      [
        { address: { street: 'a', suite: 'b', country: 'US', zip: '%%' } },
        'address.zip: Invalid zip. Numeric value expected.',
      ],
      [{ address: { suite: 'b', country: 'US' } }, 'address.street: This field is required.'],
      [{ contact: { first: 'A', last: 'B', title: 'C', email: 'nope' } }, 'contact.email: Invalid Email.'],
      [{ owner: 'me' }, 'owner: Unrecognized key: "owner"'],
      [{}, 'Nothing to update: send at least one field.'],
    ]
    const [before] = await portal.deps.db.select().from(brands).where(eq(brands.key, DEMO_BRAND_KEY))
    for (const [body, message] of cases) {
      const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, { cookie: adminCookie, body })
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error).toEqual({ type: 'ValidationError', message })
    }
    const [after] = await portal.deps.db.select().from(brands).where(eq(brands.key, DEMO_BRAND_KEY))
    expect(after).toEqual(before)
  })

  it('refuses a read member with 403 and the outsider with 404', async () => {
    const read = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie: viewerCookie,
      body: { name: 'Mine' },
    })
    expect(read).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
    const outsider = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie: outsiderCookie,
      body: { name: 'Mine' },
    })
    expect(outsider).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    const [row] = await portal.deps.db.select().from(brands).where(eq(brands.key, DEMO_BRAND_KEY))
    expect(row?.name).toBe('Demo Brand')
  })

  it('refuses a brandKey that differs from the URL', async () => {
    const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      cookie: adminCookie,
      body: { name: 'Swapped', brandKey: OTHER_BRAND_KEY },
    })
    expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
  })
})
