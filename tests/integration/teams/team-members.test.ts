// Team, brand-membership and contact calls, continued (the setup is tests/support/teams-world.ts):\nbrand contacts, and removing a team member.
import { actorForIdentity } from '#app/features/identity/accounts.server'
import { listTeamMemberRows } from '#app/features/teams/teams.server'
import { accounts, brandDeactivations, grants, invites, teamMembers } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { DEMO_PASSWORD, api, sessionCookieFor } from '#tests/support/portal'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  adminCookie,
  collectionKey,
  createMember,
  data,
  otherLineKey,
  outsiderCookie,
  portal,
  viewerCookie,
  type Listed,
  type TeamAnswer,
  setUpTeamsWorld,
} from '#tests/support/teams-world'

setUpTeamsWorld()

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
