// Team, brand-membership and contact calls (access.md §7) over HTTP against a real database and
// the Auth emulator: every call, its error envelopes, and who may make it.
import { newKey } from '#app/platform/ids'
import { grants, lines } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { api } from '#tests/support/portal'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  adminCookie,
  collectionKey,
  createMember,
  data,
  editorCookie,
  lineKey,
  outsiderCookie,
  portal,
  viewerCookie,
  type Listed,
  type TeamAnswer,
  setUpTeamsWorld,
} from '#tests/support/teams-world'

setUpTeamsWorld()

describe('GET /api/account/query/brand/', () => {
  it('lists the brand members newest first, with only their grants on this brand', async () => {
    const answer = await api(portal, 'GET', `/api/account/query/brand/?brand=${DEMO_BRAND_KEY}&cursor=0`, {
      cookie: adminCookie,
    })
    expect(answer.status).toBe(200)
    const listed = data<Listed[]>(answer)
    expect(listed.map((a) => a.email)).toEqual(
      expect.arrayContaining(['admin@demo.test', 'editor@demo.test', 'vsm@demo.test', 'viewer@demo.test']),
    )
    expect(listed.map((a) => a.email)).not.toContain('outsider@demo.test')
    for (const account of listed) {
      expect(account.grants.every((g) => g.model !== 'Brand' || g.model_id === DEMO_BRAND_KEY)).toBe(true)
    }
  })

  it('is open to any grant on the brand, and answers an empty page past the end', async () => {
    const answer = await api(portal, 'GET', `/api/account/query/brand/?brand=${DEMO_BRAND_KEY}&cursor=1000`, {
      cookie: viewerCookie,
    })
    expect(answer).toEqual({ status: 200, body: { data: [] } })
  })

  it('answers 404 to the outsider, 400 without a brand or with a bad cursor', async () => {
    expect(
      await api(portal, 'GET', `/api/account/query/brand/?brand=${DEMO_BRAND_KEY}`, { cookie: outsiderCookie }),
    ).toEqual({ status: 404, body: { error: { type: 'NotFound', message: 'Brand not found.' } } })
    expect(await api(portal, 'GET', '/api/account/query/brand/', { cookie: adminCookie })).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'brand: is required.' } },
    })
    expect(
      await api(portal, 'GET', `/api/account/query/brand/?brand=${DEMO_BRAND_KEY}&cursor=-1`, { cookie: adminCookie }),
    ).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'cursor: must be a whole number from 0.' } },
    })
  })
})

describe('teams: create, members, queries', () => {
  /** A team like Knitwear on a line of its own, so each test has it whatever ran before. */
  async function knitwearTeam(): Promise<TeamAnswer> {
    const line = newKey()
    await portal.deps.db.insert(lines).values({ key: line, brandKey: DEMO_BRAND_KEY, name: `Line ${line}` })
    const answer = await api(portal, 'POST', '/api/team/model/', {
      cookie: adminCookie,
      body: { name: 'Knitwear', model: 'Line', model_id: line, account_job_type: 'vsm', description: 'Knit crew' },
    })
    expect(answer.status).toBe(200)
    return data<TeamAnswer>(answer)
  }

  it('POST /api/team/model/ creates a line team whose grant level follows the job type', async () => {
    const answer = await api(portal, 'POST', '/api/team/model/', {
      cookie: adminCookie,
      body: { name: 'Knitwear', model: 'Line', model_id: lineKey, account_job_type: 'vsm', description: 'Knit crew' },
    })
    expect(answer.status).toBe(200)
    const team = data<TeamAnswer>(answer)
    expect(team).toMatchObject({
      KIND: 'Team',
      name: 'Knitwear',
      model: 'Line',
      model_id: lineKey,
      grants: [{ model: 'Line', model_id: lineKey, type: 'editor' }],
      members: [],
    })
  })

  it('takes grants as JSON text, and maps admin to owner and others to read', async () => {
    const explicit = await api(portal, 'POST', '/api/team/model/', {
      cookie: adminCookie,
      body: {
        name: 'Collection leads',
        model: 'Collection',
        model_id: collectionKey,
        grants: JSON.stringify([{ model: 'Collection', model_id: collectionKey, type: 'owner' }]),
      },
    })
    expect(data<TeamAnswer>(explicit).grants).toEqual([{ model: 'Collection', model_id: collectionKey, type: 'owner' }])
    const admins = await api(portal, 'POST', '/api/team/model/', {
      cookie: adminCookie,
      body: { name: 'Admins', model: 'Brand', model_id: DEMO_BRAND_KEY, account_job_type: 'admin' },
    })
    expect(data<TeamAnswer>(admins).grants).toEqual([{ model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'owner' }])
    const guests = await api(portal, 'POST', '/api/team/model/', {
      cookie: adminCookie,
      body: { name: 'Guests', model: 'Brand', model_id: DEMO_BRAND_KEY, account_job_type: 'guest' },
    })
    expect(data<TeamAnswer>(guests).grants).toEqual([{ model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'read' }])
  })

  it('refuses bad input with 400 and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ model: 'Line', model_id: lineKey }, 'name: Team name is required.'],
      [{ name: 'X', model: 'Style', model_id: lineKey }, 'model: A team belongs to a Brand, Line or Collection.'],
      [{ name: 'X', model: 'Line', model_id: lineKey, grants: '[{' }, 'grants: grants: must be a JSON list.'],
      [
        { name: 'X', model: 'Line', model_id: lineKey, account_job_type: 'boss' },
        'account_job_type: Unknown job type.',
      ],
    ]
    for (const [body, message] of cases) {
      const answer = await api(portal, 'POST', '/api/team/model/', { cookie: adminCookie, body })
      expect(answer, JSON.stringify(body)).toEqual({
        status: 400,
        body: { error: { type: 'ValidationError', message } },
      })
    }
    const foreign = await api(portal, 'POST', '/api/team/model/', {
      cookie: adminCookie,
      body: {
        name: 'Sneaky',
        model: 'Brand',
        model_id: DEMO_BRAND_KEY,
        grants: [{ model: 'Brand', model_id: OTHER_BRAND_KEY, type: 'owner' }],
      },
    })
    expect(foreign.status).toBe(400)
    expect(foreign.body.error?.message).toContain('is not part of this brand')
    const teamsNow = data<TeamAnswer[]>(
      await api(portal, 'GET', `/api/team/query/brand?brand=${DEMO_BRAND_KEY}`, { cookie: adminCookie }),
    )
    expect(teamsNow.map((t) => t.name)).not.toContain('Sneaky')
  })

  it('refuses the editor with 403 and the outsider with 404', async () => {
    const body = { name: 'Mine', model: 'Line', model_id: lineKey }
    expect((await api(portal, 'POST', '/api/team/model/', { cookie: editorCookie, body })).status).toBe(403)
    expect(await api(portal, 'POST', '/api/team/model/', { cookie: outsiderCookie, body })).toEqual({
      status: 404,
      body: { error: { type: 'NotFound', message: 'Line not found.' } },
    })
  })

  it('POST /api/team/method/set_team adds a brand member to the team with the team grants', async () => {
    const team = await knitwearTeam()
    const member = await createMember('Setter', [{ brand: DEMO_BRAND_KEY, type: 'read' }])
    const answer = await api(portal, 'POST', '/api/team/method/set_team', {
      cookie: adminCookie,
      body: { team: team.key, account: member.key },
    })
    expect(answer.status).toBe(200)
    expect(data<TeamAnswer>(answer).members.map((m) => m.key)).toEqual([member.key])
    const held = await portal.deps.db.select().from(grants).where(eq(grants.accountKey, member.key))
    expect(held.map((g) => `${g.model}:${g.type}`).sort()).toEqual(['Brand:read', 'Line:editor'])

    const inTeam = await api(portal, 'GET', `/api/account/query/team/?team=${team.key}&cursor=0`, {
      cookie: viewerCookie,
    })
    expect(data<Listed[]>(inTeam).map((a) => a.key)).toEqual([member.key])
    const byModel = await api(portal, 'GET', `/api/team/query/model?model=Line&model_id=${team.model_id}`, {
      cookie: adminCookie,
    })
    expect(data<TeamAnswer[]>(byModel).map((t) => t.key)).toEqual([team.key])
    const byAccount = await api(portal, 'GET', `/api/team/query/accounts?account=${member.key}`, {
      cookie: adminCookie,
    })
    expect(data<TeamAnswer[]>(byAccount).map((t) => t.key)).toEqual([team.key])
    const byBrand = await api(portal, 'GET', `/api/team/query/brand?brand=${DEMO_BRAND_KEY}`, { cookie: adminCookie })
    expect(
      data<TeamAnswer[]>(byBrand)
        .find((t) => t.key === team.key)
        ?.members.map((m) => m.key),
    ).toEqual([member.key])

    // Removing from the team takes the team's line grant away, but not the brand grant.
    const removed = await api(portal, 'POST', '/api/team/method/remove_member', {
      cookie: adminCookie,
      body: { team: team.key, account: member.key },
    })
    expect(removed.status).toBe(200)
    expect(data<TeamAnswer>(removed).members).toEqual([])
    const after = await portal.deps.db.select().from(grants).where(eq(grants.accountKey, member.key))
    expect(after.map((g) => `${g.model}:${g.type}`)).toEqual(['Brand:read'])
    expect(
      await api(portal, 'POST', '/api/team/method/remove_member', {
        cookie: adminCookie,
        body: { team: team.key, account: member.key },
      }),
    ).toEqual({ status: 404, body: { error: { type: 'NotFound', message: 'Team member not found.' } } })
  })

  it('set_team refuses an account that is not a member of the brand (404) and missing fields (400)', async () => {
    const team = await knitwearTeam()
    expect(
      await api(portal, 'POST', '/api/team/method/set_team', {
        cookie: adminCookie,
        body: { team: team.key, account: demoAccountKey('outsider') },
      }),
    ).toEqual({ status: 404, body: { error: { type: 'NotFound', message: 'Account not found.' } } })
    expect(
      (await api(portal, 'POST', '/api/team/method/set_team', { cookie: adminCookie, body: { team: team.key } }))
        .status,
    ).toBe(400)
  })

  it('team calls answer 403 to the editor and 404 to the outsider', async () => {
    const team = await knitwearTeam()
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/team/query/brand?brand=${DEMO_BRAND_KEY}`],
      ['GET', `/api/team/query/model?model=Line&model_id=${lineKey}`],
      ['POST', '/api/team/method/set_team', { team: team.key, account: demoAccountKey('vsm') }],
      ['POST', '/api/team/method/remove_member', { team: team.key, account: demoAccountKey('vsm') }],
      ['POST', '/api/brand/method/remove_team_member', { brand: DEMO_BRAND_KEY, account: demoAccountKey('vsm') }],
    ]
    for (const [method, path, body] of calls) {
      const asEditor = await api(portal, method, path, { cookie: editorCookie, body })
      expect(asEditor.status, `editor ${path}`).toBe(403)
      expect(asEditor.body.error?.type).toBe('PermissionError')
      const asOutsider = await api(portal, method, path, { cookie: outsiderCookie, body })
      expect(asOutsider.status, `outsider ${path}`).toBe(404)
      expect(asOutsider.body.error?.type).toBe('NotFound')
    }
    expect(
      (await api(portal, 'GET', `/api/account/query/team/?team=${team.key}`, { cookie: outsiderCookie })).status,
    ).toBe(404)
    const outsiderTeams = await api(portal, 'GET', `/api/team/query/accounts?account=${demoAccountKey('admin')}`, {
      cookie: outsiderCookie,
    })
    expect(outsiderTeams).toEqual({ status: 200, body: { data: [] } })
  })
})
