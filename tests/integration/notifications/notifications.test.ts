// The notification API, the centre's page actions and the events that keep every tab's bell in
// step, against a real database: envelopes, a 400 naming the field for bad input, an account only
// ever reading or changing its own notifications, limits on what a notification may hold, the
// centre's brand scope and its keyset pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fs from 'node:fs'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { accounts, notifications } from '#db/schema'
import { EVENTS, type NotificationChangePayload } from '#app/platform/protocol'
import { clearNotifications, notificationCentre, notifyAccount } from '#app/features/notifications/notifications.server'
import { action as centreAction, loader as centreLoader } from '#app/routes/_frame+/brand+/$brandKey+/notifications'
import { newKey } from '#app/platform/ids'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'
import { pageContext, postForm } from '#tests/support/routes'
import {
  actorOf,
  createBrand,
  createMember,
  createNotification,
  type AccountFixture,
  type BrandFixture,
} from '#tests/support/factories'

let portal: TestPortal

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  await portal?.destroy()
})

/** A brand with two members, each with a session cookie. */
async function world() {
  const brand = await createBrand(portal.deps)
  const me = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Mina' })
  const other = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Otis' })
  return {
    brand,
    me,
    other,
    myCookie: await sessionCookieFor(portal, me.email),
    otherCookie: await sessionCookieFor(portal, other.email),
  }
}

async function rowsOf(accountKey: string) {
  return portal.deps.db.select().from(notifications).where(eq(notifications.accountKey, accountKey))
}

const unreadKeys = async (accountKey: string) =>
  (
    await portal.deps.db
      .select({ key: notifications.key })
      .from(notifications)
      .where(and(eq(notifications.accountKey, accountKey), isNull(notifications.readAt)))
  )
    .map((row) => row.key)
    .sort()

const openSocket = (cookie: string) => openSocketTo(portal.port, cookie)

describe('GET notification/method/notifications_flat', () => {
  it("answers the caller's own notifications with the spec's fields, newest first", async () => {
    const { brand, me, other, myCookie } = await world()
    await portal.deps.db
      .update(accounts)
      .set({ assets: { profile_picture: { path: `accounts/${other.key}/profile-picture/picture.jpg` } } })
      .where(eq(accounts.key, other.key))
    const older = await createNotification(portal.deps, me.key, {
      brand: brand.key,
      created: new Date(Date.now() - 60_000),
    })
    const newer = await createNotification(portal.deps, me.key, {
      brand: brand.key,
      actor: other.key,
      segments: [{ text: 'Linen Shirt', url: `/brand/${brand.key}/atelier`, accented: true }, 'plain'],
    })
    await createNotification(portal.deps, other.key, { brand: brand.key })

    const answer = await api(portal, 'GET', '/api/notification/method/notifications_flat', { cookie: myCookie })
    expect(answer.status).toBe(200)
    const data = answer.body.data as Record<string, unknown>[]
    expect(data.map((n) => n.key)).toEqual([newer.key, older.key])
    expect(data[0]).toEqual({
      key: newer.key,
      profileImg: expect.stringContaining('profile-picture'),
      firstName: 'Otis',
      lastName: 'Member',
      action: 'updated',
      when: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      segments: [{ text: 'Linen Shirt', url: `/brand/${brand.key}/atelier`, accented: true }, 'plain'],
      targetId: newer.targetId,
      brand: brand.key,
      read: false,
    })
    // No actor: no picture and no name.
    expect(data[1]).toMatchObject({ profileImg: null, firstName: '', lastName: '' })
  })
})

describe('POST notification/method/mark_read', () => {
  it('marks one of the caller by key, or those of a target, and nothing of another account', async () => {
    const { me, other, myCookie } = await world()
    const mine = await createNotification(portal.deps, me.key)
    const targetId = mine.targetId
    const sameTarget = await createNotification(portal.deps, me.key, { targetId: `${targetId}-x` })
    const sameTargetToo = await createNotification(portal.deps, me.key, { targetId: `${targetId}-x` })
    const theirs = await createNotification(portal.deps, other.key, { targetId: `${targetId}-x` })

    const byKey = await api(portal, 'POST', '/api/notification/method/mark_read', {
      cookie: myCookie,
      body: { key: mine.key },
    })
    expect(byKey).toEqual({ status: 200, body: { data: { updated: 1 } } })
    expect(await unreadKeys(me.key)).toEqual([sameTarget.key, sameTargetToo.key].sort())

    const byTarget = await api(portal, 'POST', '/api/notification/method/mark_read', {
      cookie: myCookie,
      body: { targetId: `${targetId}-x` },
    })
    expect(byTarget).toEqual({ status: 200, body: { data: { updated: 2 } } })
    expect(await unreadKeys(me.key)).toEqual([])
    // Another account's notification with the same target is untouched.
    expect(await unreadKeys(other.key)).toEqual([theirs.key])

    // Another account's key changes nothing.
    const foreign = await api(portal, 'POST', '/api/notification/method/mark_read', {
      cookie: myCookie,
      body: { key: theirs.key },
    })
    expect(foreign).toEqual({ status: 200, body: { data: { updated: 0 } } })
    expect(await unreadKeys(other.key)).toEqual([theirs.key])
  })

  it.each([
    [{}, 'key: Required'],
    [{ key: 5 }, 'key: Expected a string.'],
    [{ key: '' }, 'key: Required'],
    [{ key: 'k'.repeat(129) }, 'key: must be at most 128 characters.'],
    [{ targetId: ['a'] }, 'targetId: Expected a string.'],
    [{ targetId: 't'.repeat(129) }, 'targetId: must be at most 128 characters.'],
  ])('refuses %j with 400 naming the field, changing nothing', async (body, message) => {
    const { me, myCookie } = await world()
    const mine = await createNotification(portal.deps, me.key)
    const answer = await api(portal, 'POST', '/api/notification/method/mark_read', { cookie: myCookie, body })
    expect(answer).toEqual({ status: 400, body: { error: { type: 'ValidationError', message } } })
    expect(await unreadKeys(me.key)).toEqual([mine.key])
  })
})

describe('POST notification/method/mark_read_all', () => {
  it("marks all of the caller's, none of another account's", async () => {
    const { me, other, myCookie } = await world()
    await createNotification(portal.deps, me.key)
    await createNotification(portal.deps, me.key, { brand: (await createBrand(portal.deps)).key })
    const theirs = await createNotification(portal.deps, other.key)
    const answer = await api(portal, 'POST', '/api/notification/method/mark_read_all', { cookie: myCookie, body: {} })
    expect(answer).toEqual({ status: 200, body: { data: { updated: 2 } } })
    expect(await unreadKeys(me.key)).toEqual([])
    expect(await unreadKeys(other.key)).toEqual([theirs.key])
  })
})

describe('POST notification/method/clear', () => {
  it("clears every notification of the caller with the target, none of another account's", async () => {
    const { me, other, myCookie } = await world()
    const first = await createNotification(portal.deps, me.key)
    await createNotification(portal.deps, me.key, { targetId: first.targetId })
    const kept = await createNotification(portal.deps, me.key)
    const theirs = await createNotification(portal.deps, other.key, { targetId: first.targetId })

    const answer = await api(portal, 'POST', '/api/notification/method/clear', {
      cookie: myCookie,
      body: { targetId: first.targetId },
    })
    expect(answer).toEqual({ status: 200, body: { data: { cleared: 2 } } })
    expect((await rowsOf(me.key)).map((row) => row.key)).toEqual([kept.key])
    expect((await rowsOf(other.key)).map((row) => row.key)).toEqual([theirs.key])
  })

  it.each([
    [{}, 'targetId: Required'],
    [{ key: 'only-a-key' }, 'targetId: Required'],
    [{ targetId: 42 }, 'targetId: Expected a string.'],
    [{ targetId: '   ' }, 'targetId: Required'],
    [{ targetId: 't'.repeat(129) }, 'targetId: must be at most 128 characters.'],
  ])('refuses %j with 400 naming the field, changing nothing', async (body, message) => {
    const { me, myCookie } = await world()
    const mine = await createNotification(portal.deps, me.key)
    const answer = await api(portal, 'POST', '/api/notification/method/clear', { cookie: myCookie, body })
    expect(answer).toEqual({ status: 400, body: { error: { type: 'ValidationError', message } } })
    expect((await rowsOf(me.key)).map((row) => row.key)).toEqual([mine.key])
  })
})

describe('POST notification/method/clear_all', () => {
  it("clears all of the caller's, none of another account's", async () => {
    const { me, other, myCookie } = await world()
    await createNotification(portal.deps, me.key)
    await createNotification(portal.deps, me.key, { read: true })
    const theirs = await createNotification(portal.deps, other.key)
    const answer = await api(portal, 'POST', '/api/notification/method/clear_all', { cookie: myCookie, body: {} })
    expect(answer).toEqual({ status: 200, body: { data: { cleared: 2 } } })
    expect(await rowsOf(me.key)).toEqual([])
    expect((await rowsOf(other.key)).map((row) => row.key)).toEqual([theirs.key])
  })

  it('refuses every notification call without a session (401)', async () => {
    for (const [verb, path] of [
      ['GET', 'notifications_flat'],
      ['POST', 'mark_read'],
      ['POST', 'mark_read_all'],
      ['POST', 'clear'],
      ['POST', 'clear_all'],
    ] as const) {
      const answer = await api(portal, verb, `/api/notification/method/${path}`, verb === 'POST' ? { body: {} } : {})
      expect(answer, path).toMatchObject({ status: 401, body: { error: { type: 'AuthNoSession' } } })
    }
  })
})

describe('live changes', () => {
  it("tells every tab of the account when notifications are read or cleared, and no one else's", async () => {
    const { me, other, myCookie, otherCookie } = await world()
    const a = await createNotification(portal.deps, me.key)
    const b = await createNotification(portal.deps, me.key)
    const tabOne = await openSocket(myCookie)
    const tabTwo = await openSocket(myCookie)
    const stranger = await openSocket(otherCookie)
    const seen: [string, string, NotificationChangePayload][] = []
    for (const [name, socket] of [
      ['one', tabOne],
      ['two', tabTwo],
      ['stranger', stranger],
    ] as const) {
      socket.on(EVENTS.notificationRead, (payload: NotificationChangePayload) => seen.push([name, 'read', payload]))
      socket.on(EVENTS.notificationCleared, (payload: NotificationChangePayload) =>
        seen.push([name, 'cleared', payload]),
      )
    }

    await api(portal, 'POST', '/api/notification/method/mark_read', { cookie: myCookie, body: { key: a.key } })
    await eventually(() =>
      expect(seen.filter(([, kind]) => kind === 'read')).toEqual([
        ['one', 'read', { keys: [a.key], unread: true }],
        ['two', 'read', { keys: [a.key], unread: true }],
      ]),
    )
    await api(portal, 'POST', '/api/notification/method/mark_read_all', { cookie: myCookie, body: {} })
    await eventually(() =>
      expect(seen.filter(([name, kind]) => name === 'two' && kind === 'read').at(-1)).toEqual([
        'two',
        'read',
        { keys: [b.key], unread: false },
      ]),
    )
    await api(portal, 'POST', '/api/notification/method/clear_all', { cookie: myCookie, body: {} })
    await eventually(() =>
      expect(seen.find(([name, kind]) => name === 'one' && kind === 'cleared')?.[2]).toEqual({
        keys: expect.arrayContaining([a.key, b.key]),
        unread: false,
      }),
    )
    expect(seen.filter(([name]) => name === 'stranger')).toEqual([])
    void other
  })
})

describe('what a notification may hold', () => {
  const event = (me: AccountFixture, brand: BrandFixture, changes: Record<string, unknown>) => ({
    accountKey: me.key,
    actor: null,
    brandKey: brand.key,
    action: 'commented on',
    targetKind: 'Style',
    targetId: 'style-1',
    segments: [] as never[],
    ...changes,
  })

  it.each([
    [{ segments: [{ text: 'x', url: 'javascript:alert(1)' }] }, 'segments.0'],
    [{ segments: [{ text: 'x', url: 'https://evil.example/' }] }, 'segments.0'],
    [{ segments: [{ text: 'x', url: '//evil.example/path' }] }, 'segments.0'],
    [{ segments: [{ text: 'x', url: '/\\evil.example' }] }, 'segments.0'],
    [{ segments: ['s'.repeat(201)] }, 'segments.0'],
    [{ segments: Array.from({ length: 11 }, () => 'a') }, 'segments'],
    [{ targetId: 't'.repeat(129) }, 'targetId'],
    [{ targetId: '' }, 'targetId'],
    [{ action: 'a'.repeat(201) }, 'action'],
  ])('refuses %j before storing anything', async (changes, field) => {
    const { brand, me } = await world()
    await expect(notifyAccount(portal.deps, event(me, brand, changes))).rejects.toMatchObject({
      type: 'ValidationError',
      message: expect.stringMatching(new RegExp(`^${field.replace('.', '\\.')}`)),
    })
    expect(await rowsOf(me.key)).toEqual([])
  })

  it('stores linked, accented and plain segments as given', async () => {
    const { brand, me } = await world()
    const segments = [{ text: 'Wrap Dress', url: `/brand/${brand.key}/atelier?tab=1`, accented: true }, 'in review']
    const key = await notifyAccount(portal.deps, event(me, brand, { segments }))
    const [row] = await rowsOf(me.key)
    expect(row).toMatchObject({ key, segments })
  })
})

describe('the centre under a brand', () => {
  it("shows that brand's notifications and those of no brand, in keyset pages of 50", async () => {
    const { brand, me } = await world()
    const elsewhere = await createBrand(portal.deps)
    const at = new Date(Date.now() - 3_600_000)
    // 54 of this brand, all at the same instant (the key breaks ties), and one of no brand.
    const made = []
    for (let i = 0; i < 54; i++)
      made.push(await createNotification(portal.deps, me.key, { brand: brand.key, created: at }))
    const brandless = await createNotification(portal.deps, me.key)
    await createNotification(portal.deps, me.key, { brand: elsewhere.key })

    const actor = await actorOf(portal.deps, me)
    const first = await notificationCentre(portal.deps, actor, { brandKey: brand.key })
    expect(first.items).toHaveLength(50)
    expect(first.items[0]!.key).toBe(brandless.key)
    expect(first.unread).toBe(55)
    expect(first.older).toBe(first.items[49]!.key)
    const second = await notificationCentre(portal.deps, actor, { brandKey: brand.key, before: first.older })
    expect(second.older).toBeNull()
    const seen = [...first.items, ...second.items].map((item) => item.key)
    expect(new Set(seen).size).toBe(55)
    expect(seen.sort()).toEqual([...made.map((n) => n.key), brandless.key].sort())
  })

  it('is refused under a brand the account holds nothing on', async () => {
    const { me } = await world()
    const stranger = await createBrand(portal.deps)
    await createNotification(portal.deps, me.key, { brand: stranger.key })
    const actor = await actorOf(portal.deps, me)
    await expect(notificationCentre(portal.deps, actor, { brandKey: stranger.key })).rejects.toMatchObject({
      status: 404,
    })
    await expect(clearNotifications(portal.deps, actor, { all: true, brandKey: stranger.key })).rejects.toMatchObject({
      status: 404,
    })
    expect(await rowsOf(me.key)).toHaveLength(1)
  })
})

describe('the centre page', () => {
  async function post(w: Awaited<ReturnType<typeof world>>, fields: Record<string, string>, csrf = true) {
    return postForm(portal, centreAction, {
      path: `/brand/${w.brand.key}/notifications`,
      params: { brandKey: w.brand.key },
      cookie: w.myCookie,
      fields,
      csrf,
    })
  }

  it('lists what the loader gives: names, segments and whether read', async () => {
    const w = await world()
    const note = await createNotification(portal.deps, w.me.key, { brand: w.brand.key, actor: w.other.key })
    const request = new Request(`http://portal.test/brand/${w.brand.key}/notifications`, {
      headers: { cookie: w.myCookie },
    })
    const response = (await centreLoader({
      request,
      context: pageContext(portal),
      params: { brandKey: w.brand.key },
    })) as Response
    const data = (await response.json()) as { items: { key: string; firstName: string }[]; unread: number }
    expect(data.items).toEqual([expect.objectContaining({ key: note.key, firstName: 'Otis', read: false })])
    expect(data.unread).toBe(1)
  })

  it('marks one read, then all of the brand read, and returns to the centre with a toast', async () => {
    const w = await world()
    const one = await createNotification(portal.deps, w.me.key, { brand: w.brand.key })
    const two = await createNotification(portal.deps, w.me.key)
    const otherBrand = await createNotification(portal.deps, w.me.key, { brand: (await createBrand(portal.deps)).key })
    const theirs = await createNotification(portal.deps, w.other.key, { brand: w.brand.key })

    const response = await post(w, { intent: 'read', key: one.key })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe(`/brand/${w.brand.key}/notifications`)
    expect(await unreadKeys(w.me.key)).toEqual([two.key, otherBrand.key].sort())

    // Another account's key through the page changes nothing.
    await post(w, { intent: 'read', key: theirs.key })
    expect(await unreadKeys(w.other.key)).toEqual([theirs.key])

    await post(w, { intent: 'read-all' })
    // Those the centre shows: this brand's and the brand-less; another brand's stays unread.
    expect(await unreadKeys(w.me.key)).toEqual([otherBrand.key])
  })

  it('clears one by its target, then all of the brand, keeping an older page open', async () => {
    const w = await world()
    const one = await createNotification(portal.deps, w.me.key, { brand: w.brand.key })
    await createNotification(portal.deps, w.me.key, { brand: w.brand.key, targetId: one.targetId })
    const kept = await createNotification(portal.deps, w.me.key, { brand: w.brand.key })
    const otherBrand = await createNotification(portal.deps, w.me.key, { brand: (await createBrand(portal.deps)).key })

    const response = await post(w, { intent: 'clear', targetId: one.targetId, before: kept.key })
    expect(response.headers.get('location')).toBe(`/brand/${w.brand.key}/notifications?before=${kept.key}`)
    const left = await rowsOf(w.me.key)
    expect(left.map((row) => row.key).sort()).toEqual([kept.key, otherBrand.key].sort())

    await post(w, { intent: 'clear-all' })
    expect((await rowsOf(w.me.key)).map((row) => row.key)).toEqual([otherBrand.key])
  })

  it.each([
    [{ intent: 'explode' }, 400],
    [{ intent: 'read' }, 400],
    [{ intent: 'read', key: 'k'.repeat(129) }, 400],
    [{ intent: 'clear' }, 400],
    [{ intent: 'clear', targetId: 't'.repeat(129) }, 400],
  ])('refuses %j with %i and changes nothing', async (fields, status) => {
    const w = await world()
    const mine = await createNotification(portal.deps, w.me.key, { brand: w.brand.key })
    const response = await post(w, fields)
    expect(response.status).toBe(status)
    expect(await unreadKeys(w.me.key)).toEqual([mine.key])
  })

  it('refuses a form without its CSRF token (403) and changes nothing', async () => {
    const w = await world()
    const mine = await createNotification(portal.deps, w.me.key, { brand: w.brand.key })
    const response = await post(w, { intent: 'clear-all' }, false)
    expect(response.status).toBe(403)
    expect(await unreadKeys(w.me.key)).toEqual([mine.key])
    expect(
      await portal.deps.db
        .select()
        .from(notifications)
        .where(inArray(notifications.key, [mine.key])),
    ).toHaveLength(1)
  })
})

describe('chat notices stored before they read as sentences', () => {
  it('are rewritten by migration 0023 to name the sender once, with a human verb', async () => {
    const { brand, me, other } = await world()
    const old = {
      accountKey: me.key,
      brandKey: brand.key,
      actorKey: other.key,
      targetKind: 'Conversation',
      targetId: 'conversation-1',
    }
    const link = { text: 'See the sleeve', url: `/brand/${brand.key}/chat/conversation-1` }
    const [mention, message, branding] = await portal.deps.db
      .insert(notifications)
      .values([
        {
          ...old,
          key: newKey(),
          action: 'mention',
          segments: ['Otis', { text: 'mentioned you:', accented: false }, link],
        },
        {
          ...old,
          key: newKey(),
          action: 'message',
          segments: ['Otis', { text: 'sent you a message:', accented: false }, 'Hi'],
        },
        { ...old, key: newKey(), action: 'updated the branding of', segments: ['Demo'] },
      ])
      .returning()
    const migration = fs.readFileSync(
      new URL('../../../db/migrations/0023_chat_notice_sentences.sql', import.meta.url),
      'utf8',
    )
    await portal.deps.db.execute(sql.raw(migration))
    const after = new Map((await rowsOf(me.key)).map((row) => [row.key, row]))
    expect(after.get(mention!.key)).toMatchObject({ action: 'mentioned you:', segments: [link] })
    expect(after.get(message!.key)).toMatchObject({ action: 'sent you a message:', segments: ['Hi'] })
    // Other notices are left as they were.
    expect(after.get(branding!.key)).toMatchObject({ action: 'updated the branding of', segments: ['Demo'] })
  })
})
