// Team, brand-membership and contact calls (access.md §7) over HTTP against a real database and
// the Auth emulator: every call, its error envelopes, and who may make it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { accounts, brandDeactivations, collections, grants, invites, lines, teamMembers } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#db/seed'
import { newKey } from '#app/platform/ids'
import { listTeamMemberRows } from '#app/features/teams/teams.server'
import { actorForIdentity } from '#app/features/identity/accounts.server'
import {
  DEMO_PASSWORD,
  api,
  sessionCookieFor,
  startTestPortal,
  type ApiAnswer,
  type TestPortal,
} from '#tests/support/portal'

let portal: TestPortal
let adminCookie: string
let editorCookie: string
let viewerCookie: string
let outsiderCookie: string
let lineKey: string
let otherLineKey: string
let collectionKey: string

/** A fresh account with grants, signed up in the emulator with the demo password. */
async function createMember(
  name: string,
  memberGrants: { brand: string; model?: string; modelId?: string; type: string }[],
  over: Partial<typeof accounts.$inferInsert> = {},
) {
  const key = newKey()
  const email = `${name.toLowerCase()}-${key}@team.test`
  const uid = `it-${key}`
  await portal.deps.identity.ensureUser({ uid, email, password: DEMO_PASSWORD, displayName: name })
  await portal.deps.db.insert(accounts).values({
    key,
    firebaseUid: uid,
    email,
    name: `${name} Member`,
    first: name,
    last: 'Member',
    jobType: 'designer',
    status: 'onboarded',
    department: 'design',
    ...over,
  })
  for (const grant of memberGrants) {
    await portal.deps.db.insert(grants).values({
      key: newKey(),
      accountKey: key,
      brandKey: grant.brand,
      model: grant.model ?? 'Brand',
      modelId: grant.modelId ?? grant.brand,
      type: grant.type,
    })
  }
  return { key, email, uid }
}

const data = <T>(answer: ApiAnswer) => answer.body.data as T
type Listed = { key: string; email: string; grants: { model: string; model_id: string; type: string }[] }
type TeamAnswer = {
  key: string
  KIND: string
  name: string
  model: string
  model_id: string
  grants: { model: string; model_id: string; type: string }[]
  members: { key: string }[]
}

beforeAll(async () => {
  portal = await startTestPortal()
  ;[adminCookie, editorCookie, viewerCookie, outsiderCookie] = await Promise.all([
    sessionCookieFor(portal, 'admin@demo.test'),
    sessionCookieFor(portal, 'editor@demo.test'),
    sessionCookieFor(portal, 'viewer@demo.test'),
    sessionCookieFor(portal, 'outsider@demo.test'),
  ])
  const demoLines = await portal.deps.db.select().from(lines).where(eq(lines.brandKey, DEMO_BRAND_KEY))
  lineKey = demoLines[0]!.key
  otherLineKey = demoLines[1]!.key
  const demoCollections = await portal.deps.db
    .select()
    .from(collections)
    .where(eq(collections.brandKey, DEMO_BRAND_KEY))
  collectionKey = demoCollections[0]!.key
})
afterAll(() => portal?.destroy())

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

describe('GET /api/team/method/brand_contacts', () => {
  it('lists contacts for any grant, with name, account type, e-mail and phone', async () => {
    const phoned = await createMember('Phoebe', [{ brand: DEMO_BRAND_KEY, type: 'read' }], {
      jobType: 'sales rep',
      mobileNumber: '+1 555 0100',
      country: 'USA',
    })
    const answer = await api(portal, 'GET', `/api/team/method/brand_contacts?brand=${DEMO_BRAND_KEY}`, {
      cookie: viewerCookie,
    })
    expect(answer.status).toBe(200)
    const contacts = data<{ key: string; email: string; accountType: string; phone: string | null }[]>(answer)
    expect(contacts.find((c) => c.key === phoned.key)).toMatchObject({
      email: phoned.email,
      accountType: 'Sales Rep',
      phone: '+1 555 0100',
      country: 'USA',
      profilePictureUrl: null,
    })
    expect(contacts.map((c) => c.email)).not.toContain('outsider@demo.test')
    expect(
      (await api(portal, 'GET', `/api/team/method/brand_contacts?brand=${DEMO_BRAND_KEY}`, { cookie: outsiderCookie }))
        .status,
    ).toBe(404)
  })
})

describe('POST /api/brand/method/remove_team_member', () => {
  it('removes the grants on the brand and its teams there, keeps other brands, and lists it as Deactivated', async () => {
    const member = await createMember('Twobrand', [
      { brand: DEMO_BRAND_KEY, type: 'editor' },
      { brand: DEMO_BRAND_KEY, model: 'Line', modelId: otherLineKey, type: 'editor' },
      { brand: OTHER_BRAND_KEY, type: 'read' },
    ])
    const team = data<TeamAnswer>(
      await api(portal, 'POST', '/api/team/model/', {
        cookie: adminCookie,
        body: { name: 'Leavers', model: 'Brand', model_id: DEMO_BRAND_KEY },
      }),
    )
    await api(portal, 'POST', '/api/team/method/set_team', {
      cookie: adminCookie,
      body: { team: team.key, account: member.key },
    })

    const answer = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: adminCookie,
      body: { brand: DEMO_BRAND_KEY, account: member.key },
    })
    expect(answer).toEqual({
      status: 200,
      body: { data: { brand: DEMO_BRAND_KEY, account: member.key, deactivated: true, accountActive: true } },
    })
    const left = await portal.deps.db.select().from(grants).where(eq(grants.accountKey, member.key))
    expect(left.map((g) => g.brandKey)).toEqual([OTHER_BRAND_KEY])
    expect(await portal.deps.db.select().from(teamMembers).where(eq(teamMembers.accountKey, member.key))).toHaveLength(
      0,
    )

    const demoList = await api(portal, 'GET', `/api/account/query/brand/?brand=${DEMO_BRAND_KEY}`, {
      cookie: adminCookie,
    })
    expect(data<Listed[]>(demoList).map((a) => a.key)).not.toContain(member.key)
    const contacts = await api(portal, 'GET', `/api/team/method/brand_contacts?brand=${DEMO_BRAND_KEY}`, {
      cookie: adminCookie,
    })
    expect(data<Listed[]>(contacts).map((a) => a.key)).not.toContain(member.key)
    const otherList = await api(portal, 'GET', `/api/account/query/brand/?brand=${OTHER_BRAND_KEY}`, {
      cookie: outsiderCookie,
    })
    expect(data<Listed[]>(otherList).map((a) => a.key)).toContain(member.key)

    // The member still signs in and reaches the other brand.
    const memberCookie = await sessionCookieFor(portal, member.email)
    const brandsOfMember = await api(portal, 'GET', '/api/brand/query/user/', { cookie: memberCookie })
    expect(data<{ key: string }[]>(brandsOfMember).map((b) => b.key)).toEqual([OTHER_BRAND_KEY])

    const admin = await actorForIdentity(portal.deps, { uid: 'demo-admin', email: 'admin@demo.test' })
    const rows = await listTeamMemberRows(portal.deps, admin, DEMO_BRAND_KEY)
    expect(rows.find((row) => row.key === member.key)).toMatchObject({
      status: 'Deactivated',
      activeAccount: false,
      kind: 'deactivated',
    })
  })

  it('sets an account with no brand left inactive, so it can no longer sign in', async () => {
    const member = await createMember('Onebrand', [{ brand: DEMO_BRAND_KEY, type: 'read' }])
    const answer = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: adminCookie,
      body: { brand: DEMO_BRAND_KEY, account: member.key },
    })
    expect(answer.body.data).toMatchObject({ accountActive: false })
    const [row] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, member.key))
    expect(row!.active).toBe(false)
    await expect(sessionCookieFor(portal, member.email)).rejects.toThrow(/deactivated/)
    const [record] = await portal.deps.db
      .select()
      .from(brandDeactivations)
      .where(and(eq(brandDeactivations.brandKey, DEMO_BRAND_KEY), eq(brandDeactivations.accountKey, member.key)))
    expect(record?.deactivatedBy).toBe(demoAccountKey('admin'))
  })

  it('lets a member deactivated from their only brand back in through a new invite, and only through it', async () => {
    const member = await createMember('Returner', [{ brand: DEMO_BRAND_KEY, type: 'read' }])
    await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: adminCookie,
      body: { brand: DEMO_BRAND_KEY, account: member.key },
    })
    const login = (extra: Record<string, unknown> = {}) =>
      api(portal, 'POST', '/api/account/method/login', {
        body: { email: member.email, password: DEMO_PASSWORD, ...extra },
      })
    const refused = {
      status: 403,
      body: { error: { type: 'PermissionError', message: 'This account has been deactivated.' } },
    }
    expect(await login()).toEqual(refused)

    const inviteFor = async (email: string) => {
      const answer = await api(portal, 'POST', '/api/invite/model/', {
        cookie: adminCookie,
        body: {
          brand: DEMO_BRAND_KEY,
          email,
          first_name: 'Returner',
          job_type: 'designer',
          collections: [collectionKey],
        },
      })
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const url = (answer.body.data as { url: string }).url
      return { key: (answer.body.data as { key: string }).key, token: new URL(url).searchParams.get('token')! }
    }
    // An invite for someone else, a revoked invite and a malformed token do not let the account in.
    const someoneElse = await inviteFor(`someone-${member.key}@team.test`)
    expect(await login({ invite: someoneElse.token })).toEqual(refused)
    const revoked = await inviteFor(member.email)
    await api(portal, 'DELETE', `/api/invite/model/${revoked.key}`, { cookie: adminCookie })
    expect(await login({ invite: revoked.token })).toEqual(refused)
    expect(await login({ invite: 'not a token' })).toEqual(refused)
    const [stillInactive] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, member.key))
    expect(stillInactive!.active).toBe(false)

    // The owner invites the same address again; signing in from that link accepts it.
    const invite = await inviteFor(member.email)
    const answer = await login({ invite: invite.token })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect((answer.body.data as { account: { grants: unknown[] } }).account.grants).toEqual(
      expect.arrayContaining([
        { model: 'Brand', model_id: DEMO_BRAND_KEY, type: 'editor' },
        { model: 'Collection', model_id: collectionKey, type: 'editor' },
      ]),
    )
    const [row] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, member.key))
    expect(row!.active).toBe(true)
    const [accepted] = await portal.deps.db.select().from(invites).where(eq(invites.key, invite.key))
    expect(accepted).toMatchObject({ status: 'accepted', acceptedBy: member.key })
    expect(
      await portal.deps.db
        .select()
        .from(brandDeactivations)
        .where(and(eq(brandDeactivations.brandKey, DEMO_BRAND_KEY), eq(brandDeactivations.accountKey, member.key))),
    ).toEqual([])
    const admin = await actorForIdentity(portal.deps, { uid: 'demo-admin', email: 'admin@demo.test' })
    const rows = (await listTeamMemberRows(portal.deps, admin, DEMO_BRAND_KEY)).filter(
      (entry) => entry.email === member.email,
    )
    expect(rows).toEqual([expect.objectContaining({ kind: 'member', key: member.key, activeAccount: true })])
    // Accepting the link again after sign-in changes nothing; later sign-ins need no invite.
    const again = await api(portal, 'GET', `/api/app/method/accept_invite?token=${invite.token}`, {
      token: (answer.body.data as { idToken: string }).idToken,
    })
    expect(again.body.data).toMatchObject({ alreadyAccepted: true })
    await expect(sessionCookieFor(portal, member.email)).resolves.toMatch(/^__session=/)
  })

  it('refuses deactivating oneself (409), an account of no grant on the brand (404) and bad input (400)', async () => {
    expect(
      await api(portal, 'POST', '/api/brand/method/remove_team_member', {
        cookie: adminCookie,
        body: { brand: DEMO_BRAND_KEY, account: demoAccountKey('admin') },
      }),
    ).toEqual({
      status: 409,
      body: { error: { type: 'Conflict', message: 'You cannot deactivate your own account.' } },
    })
    expect(
      await api(portal, 'POST', '/api/brand/method/remove_team_member', {
        cookie: adminCookie,
        body: { brand: DEMO_BRAND_KEY, account: demoAccountKey('outsider') },
      }),
    ).toEqual({ status: 404, body: { error: { type: 'NotFound', message: 'Team member not found.' } } })
    expect(
      (
        await api(portal, 'POST', '/api/brand/method/remove_team_member', {
          cookie: adminCookie,
          body: { brand: DEMO_BRAND_KEY },
        })
      ).status,
    ).toBe(400)
    const outsiderGrants = await portal.deps.db
      .select()
      .from(grants)
      .where(eq(grants.accountKey, demoAccountKey('outsider')))
    expect(outsiderGrants).toHaveLength(1)
  })
})
