// The page frame's facts read in one statement (docs/decisions/163): its brand, the bell and the
// CHAT label's count, against a real database. Each must answer what its own statement answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { accounts, brands, notifications } from '#db/schema'
import { frameBrand } from '#app/features/brands/index.server'
import { bellColumn, bellNotifications } from '#app/features/notifications/index.server'
import { unreadCountColumn } from '#app/features/chat/index.server'
import { forAccount, runPrepared } from '#app/platform/columns.server'
import { isAppError } from '#app/platform/errors'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { actorOf, createBrand, createDirectChat, createMember, createNotification } from '#tests/support/factories'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  await portal?.destroy()
})

const frameOf = (actor: Awaited<ReturnType<typeof actorOf>>, urlBrandKey: string | null) =>
  frameBrand(portal.deps, actor, urlBrandKey, (brandKey) => ({
    name: 'frame_facts_test',
    columns: {
      bell: bellColumn(portal.deps, actor, 8, 'placeholders'),
      unread: unreadCountColumn(actor, brandKey ?? urlBrandKey ?? '', 'placeholders'),
    },
  }))

describe("the frame's facts in one statement", () => {
  it('bring the bell newest first with who caused each, read marks and times as stored', async () => {
    const brand = await createBrand(portal.deps)
    const me = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Mina Moreau' })
    const them = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], {
      name: 'Otis Ngata',
      fields: { first: 'Otis', last: 'Ngata' },
    })
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes, 12, 345))
    const oldest = await createNotification(portal.deps, me.key, { brand: brand.key, created: at(1), read: true })
    const byThem = await createNotification(portal.deps, me.key, { brand: brand.key, actor: them.key, created: at(5) })
    const newest = await createNotification(portal.deps, me.key, {
      created: at(9),
      segments: ['Café Señora', { text: 'ready' }],
    })
    await createNotification(portal.deps, them.key, { brand: brand.key, created: at(20) })
    const actor = await actorOf(portal.deps, me)

    const { brand: shown, bell } = await frameOf(actor, brand.key)
    expect(shown?.key).toBe(brand.key)
    expect(bell.unread).toBe(true)
    expect(bell.items.map((item) => item.key)).toEqual([newest.key, byThem.key, oldest.key])
    expect(bell.items.map((item) => item.when)).toEqual([at(9), at(5), at(1)].map((date) => date.toISOString()))
    expect(bell.items.map((item) => item.read)).toEqual([false, false, true])
    expect(bell.items[0]!.segments).toEqual(['Café Señora', { text: 'ready' }])
    expect(bell.items[0]!.brand).toBeNull()
    expect(bell.items[1]).toMatchObject({ firstName: 'Otis', lastName: 'Ngata', brand: brand.key })
    // The same answer as the bell's statement of its own.
    expect(bell).toEqual(await bellNotifications(portal.deps, actor, 8))

    await portal.deps.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.accountKey, me.key))
    expect((await frameOf(actor, brand.key)).bell.unread).toBe(false)
  })

  it('answer an empty bell and no unread messages for a new member', async () => {
    const brand = await createBrand(portal.deps)
    const me = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }])
    const facts = await frameOf(await actorOf(portal.deps, me), brand.key)
    expect(facts).toMatchObject({ bell: { unread: false, items: [] }, unread: 0 })
  })

  it('answer for each account and brand in turn, though the statement is built once', async () => {
    const north = await createBrand(portal.deps)
    const south = await createBrand(portal.deps)
    const ana = await createMember(portal.deps, [{ brand: north.key, type: 'editor' }])
    const ben = await createMember(portal.deps, [
      { brand: north.key, type: 'editor' },
      { brand: south.key, type: 'editor' },
    ])
    const cleo = await createMember(portal.deps, [{ brand: south.key, type: 'editor' }])
    const dara = await createMember(portal.deps, [{ brand: south.key, type: 'editor' }])
    const toAna = await createNotification(portal.deps, ana.key, { brand: north.key })
    const toBen = await createNotification(portal.deps, ben.key, { brand: south.key })
    await createDirectChat(portal.deps, north.key, [ana.key, ben.key])
    await createDirectChat(portal.deps, south.key, [cleo.key, ben.key])
    await createDirectChat(portal.deps, south.key, [dara.key, ben.key])
    const [anaActor, benActor] = [await actorOf(portal.deps, ana), await actorOf(portal.deps, ben)]

    for (let turn = 0; turn < 2; turn++) {
      const anaFacts = await frameOf(anaActor, north.key)
      expect(anaFacts.brand?.key).toBe(north.key)
      expect(anaFacts.bell.items.map((item) => item.key)).toEqual([toAna.key])
      expect(anaFacts.unread).toBe(0)
      const benNorth = await frameOf(benActor, north.key)
      expect(benNorth.bell.items.map((item) => item.key)).toEqual([toBen.key])
      expect(benNorth.unread).toBe(1)
      const benSouth = await frameOf(benActor, south.key)
      expect(benSouth.brand?.key).toBe(south.key)
      expect(benSouth.unread).toBe(2)
    }
  })

  it("refuse to prepare a statement whose columns carry a request's own values", async () => {
    const brand = await createBrand(portal.deps)
    const me = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }])
    const actor = await actorOf(portal.deps, me)
    const refusal = await frameBrand(portal.deps, actor, brand.key, () => ({
      name: 'frame_facts_with_values',
      columns: { bell: bellColumn(portal.deps, actor, 8) },
    })).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(Error)
    expect((refusal as Error).message).toBe(
      'The statement frame_facts_with_values carries values besides its placeholders.',
    )
  })

  it('prepare a statement again when a column it returns changed its type under it', async () => {
    const { db } = portal.deps
    await db.execute(sql`create table prepared_probe (account text, v int)`)
    await db.execute(sql`insert into prepared_probe values ('a', 1), ('b', 2)`)
    const build = () =>
      db
        .select({ v: sql`v` })
        .from(sql`prepared_probe`)
        .where(sql`account = ${forAccount}`)
    const run = (account: string) => runPrepared(db, 'prepared_probe_test', build, { account, brand: '' })
    expect(await run('a')).toEqual([{ v: 1 }])
    // As a migration run by another process of a fleet would.
    await db.execute(sql`alter table prepared_probe alter column v type text`)
    expect(await run('b')).toEqual([{ v: '2' }])
    expect(await run('a')).toEqual([{ v: '1' }])
    await db.execute(sql`drop table prepared_probe`)
  })

  it('refuse a brand in the address the actor cannot view, and go on without a deleted current brand', async () => {
    const mine = await createBrand(portal.deps)
    const theirs = await createBrand(portal.deps)
    const me = await createMember(portal.deps, [{ brand: mine.key, type: 'editor' }])
    await portal.deps.db
      .update(accounts)
      .set({ preferences: { brand: mine.key } })
      .where(eq(accounts.key, me.key))
    const actor = await actorOf(portal.deps, me)
    const refusal = await frameOf(actor, theirs.key).catch((error: unknown) => error)
    expect(isAppError(refusal) && refusal.status).toBe(404)
    expect((await frameOf(actor, null)).brand?.key).toBe(mine.key)

    await portal.deps.db.delete(brands).where(eq(brands.key, mine.key))
    const facts = await frameOf(actor, null)
    expect(facts.brand).toBeNull()
    expect(facts.bell.items).toEqual([])
    const gone = await frameOf(actor, mine.key).catch((error: unknown) => error)
    expect(isAppError(gone) && gone.status).toBe(404)
  })
})
