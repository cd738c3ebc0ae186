// The page frame's facts read in one statement (docs/decisions/163): its brand, the bell and the
// CHAT label's count, against a real database. Each must answer what its own statement answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { accounts, brands, notifications } from '#db/schema'
import { frameBrand } from '#app/features/brands/index.server'
import { bellColumn, bellNotifications } from '#app/features/notifications/index.server'
import { unreadCountColumn } from '#app/features/chat/index.server'
import { isAppError } from '#app/platform/errors'
import { startTestPortal, type TestPortal } from '#tests/support/portal'
import { actorOf, createBrand, createMember, createNotification } from '#tests/support/factories'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  await portal?.destroy()
})

const frameOf = (actor: Awaited<ReturnType<typeof actorOf>>, urlBrandKey: string | null) =>
  frameBrand(portal.deps, actor, urlBrandKey, (brandKey) => ({
    bell: bellColumn(portal.deps, actor, 8),
    unread: unreadCountColumn(actor, brandKey ?? urlBrandKey ?? ''),
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
