// The JSON API's cookie check (docs/decisions/006): a write carrying the session cookie must come
// from our own pages. Browsers that send no Sec-Fetch-Site still send Origin on a cross-site
// write, so a foreign Origin alone is enough to refuse it; nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { brands, invites } from '#db/schema'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { snapshotData } from '#tests/support/db-snapshot'
import { createBrand, createInvite, createMember } from '#tests/support/factories'

let portal: TestPortal
let brandKey: string
let ownerCookie: string
let inviteeCookie: string
let inviteToken: string

beforeAll(async () => {
  portal = await startTestPortal()
  const brand = await createBrand(portal.deps, { name: 'Origin Brand' })
  brandKey = brand.key
  const owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  const invitee = await createMember(portal.deps, [], { name: 'Invitee' })
  inviteToken = (await createInvite(portal.deps, brand.key, { email: invitee.email })).token
  ownerCookie = await sessionCookieFor(portal, owner.email)
  inviteeCookie = await sessionCookieFor(portal, invitee.email)
})
afterAll(() => portal?.destroy())

const rename = (name: string, headers: Record<string, string>) =>
  api(portal, 'PUT', `/api/brand/model/${brandKey}`, { cookie: ownerCookie, body: { name }, headers })

describe('a cookie-authenticated API write', () => {
  for (const origin of ['https://evil.example', 'http://evil.example:8080', 'null']) {
    it(`with Origin ${origin} and no Sec-Fetch-Site is refused with 403 and changes nothing`, async () => {
      const before = await snapshotData(portal.deps)
      const answer = await rename('Taken Over', { origin })
      expect(answer).toMatchObject({ status: 403, body: { error: { type: 'PermissionError' } } })
      expect(await snapshotData(portal.deps)).toEqual(before)
    })
  }

  it('from another port of our host is refused too (an origin is scheme, host and port)', async () => {
    const port = portal.port === 65535 ? 65534 : portal.port + 1
    const before = await snapshotData(portal.deps)
    const answer = await rename('Taken Over', { origin: `http://127.0.0.1:${port}` })
    expect(answer.status).toBe(403)
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('that changes state through GET (accepting an invite) is refused from a foreign Origin', async () => {
    const answer = await api(portal, 'GET', `/api/app/method/accept_invite?token=${inviteToken}`, {
      cookie: inviteeCookie,
      headers: { origin: 'https://evil.example' },
    })
    expect(answer.status).toBe(403)
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.token, inviteToken))
    expect(row?.status).toBe('pending')
  })

  it('from our own origin, or with Sec-Fetch-Site same-origin, goes through', async () => {
    expect((await rename('Own Origin', { origin: portal.url })).status).toBe(200)
    expect((await rename('Same Site Fetch', { 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    const [row] = await portal.deps.db.select().from(brands).where(eq(brands.key, brandKey))
    expect(row?.name).toBe('Same Site Fetch')
  })

  // Sec-Fetch-Site over every value a browser sends (and one it does not), with our own Origin
  // beside it so only the header decides: only our own pages and the user's own typing pass.
  it.each([
    ['same-origin', 200],
    ['none', 200],
    ['same-site', 403],
    ['cross-site', 403],
    ['something-else', 403],
    ['', 200],
  ] as const)('with Sec-Fetch-Site "%s" answers %i', async (site, status) => {
    const before = await snapshotData(portal.deps)
    const answer = await rename(`Fetched ${site || 'plain'}`, { 'sec-fetch-site': site, origin: portal.url })
    expect(answer.status).toBe(status)
    if (status === 403) expect(await snapshotData(portal.deps)).toEqual(before)
  })
})
