// The checks each service makes itself, whoever calls it (a page, the API, a later feature).
// Each test here failed once with its check removed from the service: branding image reset, the
// team lists, marking notifications read, removing a team member's grants that another team still
// hands out, another account's used invite, and the onboarding company step's required fields.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { accounts, brands, grants, invites, notifications } from '#db/schema'
import { resetBrandImage, setBrandImage } from '#app/features/brands/branding.server'
import {
  listAccountTeams,
  listBrandAccounts,
  listBrandContacts,
  listBrandTeams,
  listModelTeams,
  listTeamAccounts,
  listTeamMemberRows,
  removeTeamMember,
  teamAccess,
} from '#app/features/teams/teams.server'
import { markNotificationsRead } from '#app/features/notifications/notifications.server'
import { acceptInvite, parseInvite } from '#app/features/teams/invites.server'
import { moveOnboarding } from '#app/features/teams/onboarding.server'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import {
  actorOf,
  addTeamMember,
  createAccount,
  createBrand,
  createInvite,
  createMember,
  createNotification,
  createTeam,
  storedImage,
  type BrandFixture,
} from '#tests/support/factories'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(() => portal?.destroy())

/** A brand with an owner, an editor, a read member and an outsider (owner of another brand). */
async function brandWithPeople() {
  const { deps } = portal
  const brand = await createBrand(deps)
  const other = await createBrand(deps)
  const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  const editor = await createMember(deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const outsider = await createMember(deps, [{ brand: other.key, type: 'owner' }], {
    name: 'Outsider',
    fields: { role: 'admin', jobType: 'admin' },
  })
  const actors = {
    owner: await actorOf(deps, owner),
    editor: await actorOf(deps, editor),
    reader: await actorOf(deps, reader),
    outsider: await actorOf(deps, outsider),
  }
  return { brand, other, accounts: { owner, editor, reader, outsider }, actors }
}

const refusedAs = (type: 'NotFound' | 'PermissionError') => expect.objectContaining({ type })

describe('branding image reset', () => {
  it('is refused to a read member (403) and an outsider (404), and the image stays', async () => {
    const { brand, actors } = await brandWithPeople()
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#aa3311' } })
      .png()
      .toBuffer()
    await setBrandImage(portal.deps, actors.owner, brand.key, 'logo', {
      file: await storedImage(portal.deps, png),
      crop: { x: 0, y: 0, width: 50, height: 50 },
    })
    const logo = async () =>
      (await portal.deps.db.select().from(brands).where(eq(brands.key, brand.key)))[0]!.assets.logo
    const before = await logo()
    expect(before?.crop).toEqual({ x: 0, y: 0, width: 50, height: 50 })

    await expect(resetBrandImage(portal.deps, actors.reader, brand.key, 'logo')).rejects.toEqual(
      refusedAs('PermissionError'),
    )
    await expect(resetBrandImage(portal.deps, actors.outsider, brand.key, 'logo')).rejects.toEqual(
      refusedAs('NotFound'),
    )
    expect(await logo()).toEqual(before)

    // An editor may reset it (the crop goes): the refusals above are about the grant, not the request.
    await resetBrandImage(portal.deps, actors.editor, brand.key, 'logo')
    expect((await logo())?.crop).toEqual({ x: 0, y: 0, width: 100, height: 100 })
  })
})

describe('team lists', () => {
  async function withTeam() {
    const people = await brandWithPeople()
    const team = await createTeam(portal.deps, people.brand.key, {
      model: 'Collection',
      modelId: people.brand.collections[0]!,
      members: [people.accounts.editor.key],
    })
    return { ...people, team }
  }

  it('Manage Team lists (teams of a brand or model, member rows, team access) are for owners only', async () => {
    const { brand, team, actors } = await withTeam()
    const ownerOnly: [string, (actor: Actor) => Promise<unknown>][] = [
      ['listBrandTeams', (actor) => listBrandTeams(portal.deps, actor, brand.key)],
      ['listModelTeams', (actor) => listModelTeams(portal.deps, actor, 'Collection', brand.collections[0]!)],
      ['listTeamMemberRows', (actor) => listTeamMemberRows(portal.deps, actor, brand.key)],
      ['teamAccess', (actor) => teamAccess(portal.deps, actor, team.key, brand.key)],
    ]
    for (const [name, list] of ownerOnly) {
      await expect(list(actors.reader), `${name} as reader`).rejects.toEqual(refusedAs('PermissionError'))
      await expect(list(actors.editor), `${name} as editor`).rejects.toEqual(refusedAs('PermissionError'))
      await expect(list(actors.outsider), `${name} as outsider`).rejects.toEqual(refusedAs('NotFound'))
      await expect(list(actors.owner), `${name} as owner`).resolves.toBeTruthy()
    }
    expect((await listBrandTeams(portal.deps, actors.owner, brand.key)).map((t) => t.key)).toEqual([team.key])
  })

  it('member lists and contacts are for anyone with a grant on the brand, not for outsiders', async () => {
    const { brand, team, actors, accounts: people } = await withTeam()
    const anyGrant: [string, (actor: Actor) => Promise<unknown[]>][] = [
      ['listBrandAccounts', (actor) => listBrandAccounts(portal.deps, actor, brand.key)],
      ['listTeamAccounts', (actor) => listTeamAccounts(portal.deps, actor, team.key)],
      ['listBrandContacts', (actor) => listBrandContacts(portal.deps, actor, brand.key)],
    ]
    for (const [name, list] of anyGrant) {
      await expect(list(actors.outsider), `${name} as outsider`).rejects.toEqual(refusedAs('NotFound'))
      expect(await list(actors.reader), `${name} as reader`).not.toHaveLength(0)
    }
    expect((await listTeamAccounts(portal.deps, actors.reader, team.key)).map((m) => m.key)).toEqual([
      people.editor.key,
    ])
  })

  it("another account's teams show only in brands the caller owns", async () => {
    const { team, actors, accounts: people } = await withTeam()
    expect(await listAccountTeams(portal.deps, actors.outsider, people.editor.key)).toEqual([])
    expect(await listAccountTeams(portal.deps, actors.reader, people.editor.key)).toEqual([])
    expect((await listAccountTeams(portal.deps, actors.owner, people.editor.key)).map((t) => t.key)).toEqual([team.key])
    // Over the API too, with a session of the read member.
    const answer = await api(portal, 'GET', `/api/team/query/accounts?account=${people.editor.key}`, {
      cookie: await sessionCookieFor(portal, people.reader.email),
    })
    expect(answer).toEqual({ status: 200, body: { data: [] } })
  })
})

describe('marking notifications read', () => {
  it("never touches another account's notifications: by key, by target or all", async () => {
    const { brand, actors, accounts: people } = await brandWithPeople()
    const theirs = await createNotification(portal.deps, people.editor.key, { brand: brand.key })
    const mine = await createNotification(portal.deps, people.reader.key, { brand: brand.key })
    const unread = async (key: string) =>
      (await portal.deps.db.select().from(notifications).where(eq(notifications.key, key)))[0]!.readAt === null

    expect(await markNotificationsRead(portal.deps, actors.reader, { key: theirs.key })).toBe(0)
    expect(await markNotificationsRead(portal.deps, actors.reader, { targetId: theirs.targetId })).toBe(0)
    expect(await markNotificationsRead(portal.deps, actors.reader, 'all')).toBe(1)
    expect(await unread(theirs.key)).toBe(true)
    expect(await unread(mine.key)).toBe(false)
    expect(await markNotificationsRead(portal.deps, actors.editor, { key: theirs.key })).toBe(1)
  })
})

describe('removing a team member', () => {
  it('keeps the grants another of the member’s teams still hands out, and the brand grant', async () => {
    const { brand, actors } = await brandWithPeople()
    const line = brand.lines[0]!.key
    const collection = brand.collections[1]!
    const member = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Twoteams' })
    const first = await createTeam(portal.deps, brand.key, {
      model: 'Line',
      modelId: line,
      grants: [
        { model: 'Line', model_id: line, type: 'editor' },
        { model: 'Collection', model_id: collection, type: 'editor' },
      ],
    })
    const second = await createTeam(portal.deps, brand.key, {
      model: 'Line',
      modelId: line,
      grants: [{ model: 'Line', model_id: line, type: 'editor' }],
    })
    await addTeamMember(portal.deps, first, member.key)
    await addTeamMember(portal.deps, second, member.key)
    const held = async () =>
      (await portal.deps.db.select().from(grants).where(eq(grants.accountKey, member.key)))
        .map((g) => `${g.model}:${g.modelId}:${g.type}`)
        .sort()

    // Only an owner may do it.
    await expect(
      removeTeamMember(portal.deps, actors.editor, { team: first.key, account: member.key }),
    ).rejects.toEqual(refusedAs('PermissionError'))

    await removeTeamMember(portal.deps, actors.owner, { team: first.key, account: member.key })
    expect(await held()).toEqual([`Brand:${brand.key}:read`, `Line:${line}:editor`].sort())

    await removeTeamMember(portal.deps, actors.owner, { team: second.key, account: member.key })
    expect(await held()).toEqual([`Brand:${brand.key}:read`])
  })
})

describe("another account's used invite", () => {
  it('is not found for anyone but the account that accepted it, and gives nothing', async () => {
    const { brand } = await brandWithPeople()
    const invitee = await createAccount(portal.deps, { name: 'Invitee', fields: { jobType: 'guest' } })
    const invite = await createInvite(portal.deps, brand.key, {
      email: invitee.email,
      permissions: [{ model: 'Brand', model_id: brand.key, type: 'editor' }],
    })
    expect(await acceptInvite(portal.deps, await actorOf(portal.deps, invitee), invite.token)).toMatchObject({
      alreadyAccepted: false,
      brandKey: brand.key,
    })

    const other = await createAccount(portal.deps, { name: 'Latecomer' })
    await expect(acceptInvite(portal.deps, await actorOf(portal.deps, other), invite.token)).rejects.toEqual(
      refusedAs('NotFound'),
    )
    await expect(parseInvite(portal.deps, invite.token)).rejects.toEqual(refusedAs('NotFound'))
    const answer = await api(portal, 'GET', `/api/app/method/accept_invite?token=${invite.token}`, {
      cookie: await sessionCookieFor(portal, other.email),
    })
    expect(answer).toMatchObject({ status: 404, body: { error: { type: 'NotFound' } } })
    expect(answer.body.error?.message).not.toContain(brand.name)
    expect(await portal.deps.db.select().from(grants).where(eq(grants.accountKey, other.key))).toEqual([])
    const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, invite.key))
    expect(row).toMatchObject({ status: 'accepted', acceptedBy: invitee.key })

    // The account that accepted it gets the same landing again.
    expect(await acceptInvite(portal.deps, await actorOf(portal.deps, invitee), invite.token)).toMatchObject({
      alreadyAccepted: true,
    })
  })
})

describe('onboarding company step', () => {
  const REQUIRED: [string, Partial<typeof brands.$inferInsert>][] = [
    ['Profile Name', { name: ' ' }],
    ['Legal Name', { legalName: null }],
    ['Address 1', { address: { suite: 'Suite 1', country: 'US' } }],
    ['Address 2', { address: { street: '1 Main Street', country: 'US' } }],
    ['Country', { address: { street: '1 Main Street', suite: 'Suite 1' } }],
  ]

  async function onboardingOwner(brand: BrandFixture) {
    const owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], {
      name: 'Onboarding',
      fields: { status: 'onboarding-company' },
    })
    return { owner, actor: await actorOf(portal.deps, owner) }
  }
  const statusOf = async (key: string) =>
    (await portal.deps.db.select().from(accounts).where(eq(accounts.key, key)))[0]!.status

  for (const [label, missing] of REQUIRED) {
    it(`refuses Continue while ${label} is empty, and the status stays`, async () => {
      const brand = await createBrand(portal.deps, { fields: missing })
      const { owner, actor } = await onboardingOwner(brand)
      await expect(
        moveOnboarding(portal.deps, actor, { step: 'company', intent: 'continue', brand: brand.key }),
      ).rejects.toMatchObject({ type: 'ValidationError', message: expect.stringContaining(label) })
      expect(await statusOf(owner.key)).toBe('onboarding-company')
    })
  }

  it('moves on once every required field is filled', async () => {
    const brand = await createBrand(portal.deps)
    const { owner, actor } = await onboardingOwner(brand)
    expect(await moveOnboarding(portal.deps, actor, { step: 'company', intent: 'continue', brand: brand.key })).toEqual(
      { redirectTo: '/settings/profile', finished: false },
    )
    expect(await statusOf(owner.key)).not.toBe('onboarding-company')
  })
})
