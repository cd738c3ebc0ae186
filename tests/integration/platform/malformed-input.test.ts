// Malformed input over HTTP answers 400 and changes nothing: prototype keys in a JSON body,
// undecodable file links, repeated or nested query parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { brands } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let adminCookie: string

beforeAll(async () => {
  portal = await startTestPortal()
  adminCookie = await sessionCookieFor(portal, 'admin@demo.test')
})
afterAll(() => portal?.destroy())

async function demoBrandRow() {
  const [row] = await portal.deps.db.select().from(brands).where(eq(brands.key, DEMO_BRAND_KEY))
  return row!
}

describe('prototype keys in a JSON body', () => {
  it.each([
    ['{"__proto__":{},"constructor":{}}', '__proto__'],
    ['{"constructor":{}}', 'constructor'],
    ['{"name":"Polluted","settings":{"prototype":{"x":1}}}', 'settings.prototype'],
  ])('PUT /api/brand/model/{key} with %s answers 400 and saves nothing', async (rawBody, key) => {
    const before = await demoBrandRow()
    const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, { rawBody, cookie: adminCookie })
    expect(answer).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: `${key}: this key is not allowed.` } },
    })
    expect(await demoBrandRow()).toEqual(before)
  })

  it('POST /api/brand/model with a prototype key creates no brand', async () => {
    const answer = await api(portal, 'POST', '/api/brand/model/', {
      rawBody: '{"name":"Proto Brand","__proto__":{"role":"admin"}}',
      cookie: adminCookie,
    })
    expect(answer.status).toBe(400)
    expect(await portal.deps.db.select().from(brands).where(eq(brands.name, 'Proto Brand'))).toHaveLength(0)
  })
})

describe('query parameters', () => {
  it.each(['?a=1&a=2', '?a[b]=1'])('a repeated or nested parameter (%s) answers 400', async (query) => {
    const answer = await api(portal, 'GET', `/api/brand/query/user/${query}`, { cookie: adminCookie })
    expect(answer).toEqual({ status: 400, body: { error: { type: 'ValidationError', message: 'a: give one value.' } } })
  })
})

describe('file links', () => {
  it.each(['/blobs/brands/%', '/blobs/%E0%A4%A', '/blobs/x/%zz?expires=1&signature=x'])(
    '%s answers 400, not a server error',
    async (path) => {
      const response = await fetch(`${portal.url}${path}`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: { type: 'ValidationError', message: 'path: malformed file link.' },
      })
    },
  )
})

describe('text length limits over the API', () => {
  it('a 900,000-character brand name answers 400 with the limit and saves nothing', async () => {
    const before = await demoBrandRow()
    const answer = await api(portal, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
      body: { name: 'a'.repeat(900_000) },
      cookie: adminCookie,
    })
    expect(answer).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'name: Profile Name must be at most 100 characters.' } },
    })
    expect(await demoBrandRow()).toEqual(before)
  })

  it('a new brand with a name over the limit is not created', async () => {
    const name = `B${'x'.repeat(100)}`
    const answer = await api(portal, 'POST', '/api/brand/model/', { body: { name }, cookie: adminCookie })
    expect(answer).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'name: Brand name must be at most 100 characters.' } },
    })
    expect(await portal.deps.db.select().from(brands).where(eq(brands.name, name))).toHaveLength(0)
  })
})

describe('a body of the wrong kind', () => {
  it.each([
    `/api/file/method/upload?brand=${DEMO_BRAND_KEY}&purpose=listing-media`,
    '/api/account/method/profile_picture',
    `/api/brand/method/image?brand=${DEMO_BRAND_KEY}&slot=logo`,
  ])('JSON to the file upload %s answers 415, not a server error', async (path) => {
    const answer = await api(portal, 'POST', path, { body: { file: 'not a file' }, cookie: adminCookie })
    expect(answer).toEqual({
      status: 415,
      body: { error: { type: 'UnsupportedMediaType', message: 'body: send the file as multipart/form-data.' } },
    })
  })
})
