// Rules that must hold once, asked twice at the same moment (two tabs, a double click, a retried
// request): an invite accepted twice grants once, an import committed twice creates its listings
// once, a rollback twice removes them once, Lock as Final twice makes one Final copy. Each pair runs
// in Promise.all against the real database; the second answer may be a refusal, never a server
// error, and the database holds the result of one.
import { Readable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { accounts, grants, imports, invites, listings, references, sampleStatusChanges } from '#db/schema'
import { isAppError } from '#app/platform/errors'
import { commitImport, rollbackImport, startImport } from '#app/features/imports/imports.server'
import { acceptInvite, applyInvite } from '#app/features/teams/invites.server'
import { lockSampleAsFinal } from '#app/features/samples/samples.server'
import { createSample } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { actorOf, createBrand, createInvite, createMember, type BrandFixture } from '#tests/support/factories'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import type { Actor } from '#app/platform/access/actor'

let portal: TestPortal
let brand: BrandFixture
let owner: Actor
let designer: Actor

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  brand = await createBrand(deps, { name: 'Once Only', lines: 1, collectionsPerLine: 1 })
  owner = await actorOf(deps, await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' }))
  designer = await actorOf(
    deps,
    await createMember(deps, [{ brand: brand.key, type: 'editor' }], { name: 'Dana', fields: { jobType: 'designer' } }),
  )
})
afterAll(() => portal?.destroy())

/**
 * The outcomes of the same call made `times` at once: each either a value or a refusal the user is
 * told (4xx), never a 500.
 */
async function atOnce<T>(run: () => Promise<T>, times = 2): Promise<{ done: T[]; refused: string[] }> {
  const outcomes = await Promise.allSettled(Array.from({ length: times }, run))
  const done: T[] = []
  const refused: string[] = []
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') done.push(outcome.value)
    else if (isAppError(outcome.reason) && outcome.reason.status < 500) refused.push(outcome.reason.message)
    else throw outcome.reason
  }
  return { done, refused }
}

it('an invite accepted twice at once grants once', async () => {
  const invitee = await createMember(portal.deps, [], { name: 'Ivy' })
  const invite = await createInvite(portal.deps, brand.key, {
    email: invitee.email,
    permissions: [{ model: 'Brand', model_id: brand.key, type: 'editor' }],
  })
  const actor = await actorOf(portal.deps, invitee)
  const { done, refused } = await atOnce(() => acceptInvite(portal.deps, actor, invite.token), 6)
  expect(refused).toEqual([])
  // One applies it; the others find it accepted by this same account.
  expect(done.map((accepted) => accepted.alreadyAccepted).sort()).toEqual([false, true, true, true, true, true])
  const held = await portal.deps.db
    .select()
    .from(grants)
    .where(and(eq(grants.accountKey, invitee.key), eq(grants.brandKey, brand.key)))
  expect(held.map((row) => row.type)).toEqual(['editor'])
  const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, invite.key))
  expect(row).toMatchObject({ status: 'accepted', acceptedBy: invitee.key })
})

it('an invite read as pending by two requests is claimed by one of them', async () => {
  // The requests above may reach the database one after the other; here both hold the row as
  // read before either claims it, so only the claim's own condition keeps the second out.
  const invitee = await createMember(portal.deps, [], { name: 'Iris' })
  const invite = await createInvite(portal.deps, brand.key, { email: invitee.email })
  const [row] = await portal.deps.db.select().from(invites).where(eq(invites.key, invite.key))
  const [account] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, invitee.key))
  const claims = await Promise.all(
    [1, 2].map(() => portal.deps.db.transaction((tx) => applyInvite(tx, row!, account!))),
  )
  expect(claims.sort()).toEqual([false, true])
})

it('an import committed twice at once creates its listings once, and a rollback twice removes them once', async () => {
  const csv = ['Listing Unique Id,Style Name,Style Number', 'ON-1,Once Shirt,ON-1', 'ON-2,Once Skirt,ON-2'].join('\n')
  const view = await startImport(
    portal.deps,
    owner,
    { brandKey: brand.key },
    { filename: 'once.csv', addition: false, body: Readable.from([Buffer.from(csv)]) },
  )
  const countListings = async () =>
    (await portal.deps.db.select().from(listings).where(eq(listings.brandKey, brand.key))).length
  const before = await countListings()

  const committed = await atOnce(() => commitImport(portal.deps, owner, view.key))
  expect(committed.done).toHaveLength(1)
  expect(committed.refused).toHaveLength(1)
  expect(await countListings()).toBe(before + 2)

  const rolled = await atOnce(() => rollbackImport(portal.deps, owner, view.key))
  expect(rolled.done).toHaveLength(1)
  expect(rolled.refused).toHaveLength(1)
  expect(await countListings()).toBe(before)
  const [row] = await portal.deps.db.select().from(imports).where(eq(imports.key, view.key))
  expect(row?.status).toBe('rolled_back')
})

it('Lock as Final twice at once makes one Final copy and one status change', async () => {
  const style = await createStyleIn(portal.deps, brand.key, brand.collections[0]!, 'Once Coat')
  const sample = await createSample(portal.deps, brand.key, style, designer.key, {
    name: 'Once Coat render.png',
    status: 'Approved',
  })
  const { done, refused } = await atOnce(() => lockSampleAsFinal(portal.deps, designer, sample))
  expect(done).toHaveLength(1)
  expect(refused).toEqual(['This virtual sample is already Final.'])
  const finals = await portal.deps.db
    .select()
    .from(references)
    .where(and(eq(references.styleKey, style), eq(references.step, 'final')))
  expect(finals).toHaveLength(1)
  const changes = await portal.deps.db
    .select()
    .from(sampleStatusChanges)
    .where(eq(sampleStatusChanges.referenceKey, sample))
  expect(changes.filter((change) => change.toStatus === 'Final')).toHaveLength(1)
})
