// POST /api/activity/method/{action} (atelier.md §7): a member of the reference's brand records a
// download; anyone else learns nothing about the reference; unknown actions and bad bodies get
// 400. Against a real database, over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { activities, references } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { newKey } from '#app/platform/ids'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let viewerCookie: string
let outsiderCookie: string
let reference: string

/** A reference of its own for this file, so no other test's data is involved. */
async function createReference(brandKey: string): Promise<string> {
  const key = newKey()
  await portal.deps.db.insert(references).values({ key, brandKey, name: `Reference ${key}` })
  return key
}

const rowsFor = (modelKey: string) => portal.deps.db.select().from(activities).where(eq(activities.modelKey, modelKey))

beforeAll(async () => {
  portal = await startTestPortal()
  ;[viewerCookie, outsiderCookie] = await Promise.all([
    sessionCookieFor(portal, 'viewer@demo.test'),
    sessionCookieFor(portal, 'outsider@demo.test'),
  ])
  reference = await createReference(DEMO_BRAND_KEY)
})
afterAll(() => portal?.destroy())

describe('POST /api/activity/method/{action}', () => {
  it('records a download by a read member of the brand', async () => {
    for (const action of ['reference-downloaded', 'reference-pattern-downloaded']) {
      const answer = await api(portal, 'POST', `/api/activity/method/${action}`, {
        cookie: viewerCookie,
        body: { reference, activity: action, asset_type: 'pattern' },
      })
      expect(answer.status).toBe(200)
      expect(answer.body.data).toMatchObject({ action, model: 'Reference', model_id: reference })
    }
    const rows = await rowsFor(reference)
    expect(rows.map((row) => row.action).sort()).toEqual(['reference-downloaded', 'reference-pattern-downloaded'])
    for (const row of rows) {
      expect(row).toMatchObject({
        brandKey: DEMO_BRAND_KEY,
        accountKey: demoAccountKey('viewer'),
        model: 'Reference',
        assetType: 'pattern',
      })
    }
  })

  it('answers 404 to an account without a grant on the brand, and records nothing', async () => {
    const answer = await api(portal, 'POST', '/api/activity/method/reference-downloaded', {
      cookie: outsiderCookie,
      body: { reference },
    })
    expect(answer.status).toBe(404)
    expect(answer.body.error).toEqual({ type: 'NotFound', message: 'Reference not found.' })
    const rows = await rowsFor(reference)
    expect(rows.filter((row) => row.accountKey === demoAccountKey('outsider'))).toEqual([])
  })

  it('answers the outsider on its own brand, and 404 for a reference that does not exist', async () => {
    const own = await createReference(OTHER_BRAND_KEY)
    const answer = await api(portal, 'POST', '/api/activity/method/reference-downloaded', {
      cookie: outsiderCookie,
      body: { reference: own },
    })
    expect(answer.status).toBe(200)
    const missing = await api(portal, 'POST', '/api/activity/method/reference-downloaded', {
      cookie: viewerCookie,
      body: { reference: newKey() },
    })
    expect(missing.status).toBe(404)
  })

  it('refuses unknown actions and bad bodies with 400, recording nothing', async () => {
    const fresh = await createReference(DEMO_BRAND_KEY)
    const cases: [string, unknown][] = [
      ['reference-deleted', { reference: fresh }],
      ['__proto__', { reference: fresh }],
      ['reference-downloaded', {}],
      ['reference-downloaded', { reference: 42 }],
      ['reference-downloaded', { reference: fresh, activity: 'reference-pattern-downloaded' }],
      ['reference-downloaded', { reference: fresh, asset_type: 'x'.repeat(101) }],
    ]
    for (const [action, body] of cases) {
      const answer = await api(portal, 'POST', `/api/activity/method/${action}`, { cookie: viewerCookie, body })
      expect(answer.status, `${action} ${JSON.stringify(body).slice(0, 80)}`).toBe(400)
      expect(answer.body.error?.type).toBe('ValidationError')
    }
    expect(await rowsFor(fresh)).toEqual([])
  })

  it('needs a session', async () => {
    const answer = await api(portal, 'POST', '/api/activity/method/reference-downloaded', { body: { reference } })
    expect(answer.status).toBe(401)
  })
})
