// The page frame's statement is prepared once per process and database handle, in one of two
// shapes: for an account without a brand, and for a member of a brand (with the brand's unread
// chat count). Whichever shape is prepared first, each account must get its own answer: a member
// read after an account without a brand still sees its brand and unread count, and an account
// without a brand read after a member sees no brand and only its own bell. Each order starts from
// a fresh handle, so nothing prepared before shapes it.
import { eq } from 'drizzle-orm'
import type { AppLoadContext } from '@remix-run/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DatabaseHandle } from '#db/client'
import { conversationMembers, notifications } from '#db/schema'
import { loader } from '#app/features/frame/pages/frame.server'
import {
  createAccount,
  createBrand,
  createDirectChat,
  createMember,
  createNotification,
  FACTORY_PASSWORD,
  type AccountFixture,
} from '#tests/support/factories'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
const handles: DatabaseHandle[] = []

beforeAll(async () => {
  portal = await startTestPortal()
})
afterAll(async () => {
  for (const handle of handles) await handle.close()
  await portal?.destroy()
})

interface FrameData {
  account: { key: string }
  brand: { key: string; name: string } | null
  unreadCount: number
  notifications: { key: string }[]
}

/** The frame's loader, as a page under it runs it, on its own database handle. */
function frameReader(handle: DatabaseHandle) {
  return async (who: AccountFixture): Promise<FrameData> => {
    const cookie = await sessionCookieFor(portal, who.email, FACTORY_PASSWORD)
    const request = new Request(`${portal.url}/settings`, { headers: { cookie } })
    const context = {
      deps: { ...portal.deps, db: handle.db },
      sessionSecret: 'integration-tests-session-secret',
      secureCookies: false,
      memo: new Map(),
    } as unknown as AppLoadContext
    const response = await loader({ request, context, params: {} })
    return (await response.json()) as FrameData
  }
}

async function freshReader() {
  const handle = await openDatabase({ databaseUrl: portal.databaseUrl, maxConnections: 2 })
  handles.push(handle)
  return frameReader(handle)
}

/**
 * Two accounts without any brand and two members of different brands, each with a notification of
 * its own; the first member has one unread message, the second two.
 */
async function people() {
  const accounts = []
  for (const unread of [1, 2]) {
    const brand = await createBrand(portal.deps, { lines: 0 })
    const loner = await createAccount(portal.deps, { name: 'Lone' })
    const member = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Mema' })
    const chats = []
    for (let count = 0; count < unread; count++) {
      const peer = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Peer' })
      chats.push(await createDirectChat(portal.deps, brand.key, [peer.key, member.key], 'Unread for Mema'))
    }
    const lonerNote = await createNotification(portal.deps, loner.key, {})
    const memberNote = await createNotification(portal.deps, member.key, { brand: brand.key })
    accounts.push({ brand, loner, member, unread, chats, lonerNote, memberNote })
  }
  return accounts
}
type World = Awaited<ReturnType<typeof people>>[number]

function expectLoner(frame: FrameData, world: World) {
  expect(frame.account.key).toBe(world.loner.key)
  expect(frame.brand).toBeNull()
  expect(frame.unreadCount).toBe(0)
  expect(frame.notifications.map((item) => item.key)).toEqual([world.lonerNote.key])
}

function expectMember(frame: FrameData, world: World) {
  expect(frame.account.key).toBe(world.member.key)
  expect(frame.brand?.key).toBe(world.brand.key)
  expect(frame.unreadCount).toBe(world.unread)
  expect(frame.notifications.map((item) => item.key)).toEqual([world.memberNote.key])
}

/** Reading the frame changes nothing: the messages stay unread and the notifications unread. */
async function expectNothingWritten(worlds: World[]) {
  for (const world of worlds) {
    const memberships = await portal.deps.db
      .select({ lastReadSeq: conversationMembers.lastReadSeq })
      .from(conversationMembers)
      .where(eq(conversationMembers.accountKey, world.member.key))
    expect(memberships.map((row) => row.lastReadSeq)).toEqual(world.chats.map(() => 0))
    for (const note of [world.lonerNote, world.memberNote]) {
      const [row] = await portal.deps.db.select().from(notifications).where(eq(notifications.key, note.key))
      expect(row?.readAt).toBeNull()
    }
  }
}

describe('the frame statement prepared first by one shape', () => {
  it('answers members read after an account without a brand with each member’s brand and unread count', async () => {
    const [one, two] = await people()
    const read = await freshReader()
    expectLoner(await read(one!.loner), one!)
    expectMember(await read(one!.member), one!)
    expectMember(await read(two!.member), two!)
    expectLoner(await read(two!.loner), two!)
    expectMember(await read(one!.member), one!)
    await expectNothingWritten([one!, two!])
  })

  it('answers accounts without a brand read after a member with no brand and each its own bell', async () => {
    const [one, two] = await people()
    const read = await freshReader()
    expectMember(await read(one!.member), one!)
    expectLoner(await read(one!.loner), one!)
    expectLoner(await read(two!.loner), two!)
    expectMember(await read(two!.member), two!)
    expectLoner(await read(one!.loner), one!)
    await expectNothingWritten([one!, two!])
  })
})
