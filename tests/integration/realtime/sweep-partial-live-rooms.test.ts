// Requests that are partly refused, followed by what the connection still hears: the refused part
// must deliver nothing, while the allowed part keeps delivering. A style watch naming the socket's
// own style and another brand's style; the chats a socket joins when it connects, when one of its
// chats belongs to a brand it no longer holds a grant on; and the brand rooms and the chat bar's
// presence, asked for a brand the account may not see after one it may.
import { and, eq } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { media, messages, references } from '#db/schema'
import { sendMessage } from '#app/features/chat/index.server'
import { detachMedia } from '#app/features/media/media-arranging.server'
import { setSampleStatus } from '#app/features/samples/index.server'
import {
  atelierRooms,
  ATELIER_EVENTS,
  CHAT_EVENTS,
  chatRooms,
  EVENTS,
  MEDIA_EVENTS,
  rooms,
  type SampleChangedEvent,
} from '#app/platform/protocol'
import { createSample } from '#tests/support/atelier-factories'
import { createListing, createStyleIn } from '#tests/support/catalogue-factories'
import { createMedia } from '#tests/support/media-factories'
import {
  actorOf,
  createBrand,
  createDirectChat,
  createMember,
  FACTORY_PASSWORD,
  type AccountFixture,
  type BrandFixture,
} from '#tests/support/factories'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { connected, socketTo } from '#tests/support/sockets'

let portal: TestPortal
let ours: BrandFixture
let theirs: BrandFixture

beforeAll(async () => {
  portal = await startTestPortal()
  ours = await createBrand(portal.deps, { name: 'Partly Ours', lines: 1 })
  theirs = await createBrand(portal.deps, { name: 'Partly Theirs', lines: 1 })
})
afterAll(async () => {
  await portal?.destroy()
})

async function openSocket(who: AccountFixture): Promise<Socket> {
  const cookie = await sessionCookieFor(portal, who.email, FACTORY_PASSWORD)
  return connected(socketTo(portal.port, cookie), 5_000)
}

/** Every event a socket receives from now on, in order. */
function everything(socket: Socket): [string, unknown][] {
  const seen: [string, unknown][] = []
  socket.onAny((event: string, payload: unknown) => seen.push([event, payload]))
  return seen
}

/** Waits until `found` holds of what arrived, or fails naming what it waited for. */
async function waitFor(what: string, found: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (!found()) {
    if (Date.now() > until) throw new Error(`waited ${timeoutMs} ms for ${what}; it did not arrive`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** How long nothing more may arrive after the awaited event before a test says "and nothing else". */
const QUIET_MS = 500
const quiet = () => new Promise((resolve) => setTimeout(resolve, QUIET_MS))

const vsmOf = (brand: BrandFixture, name: string) =>
  createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name, fields: { jobType: 'vsm' } })

describe('a style watch naming an own style and another brand’s style', () => {
  it('hears the own style’s changes and nothing of the refused style', async () => {
    const watcher = await vsmOf(ours, 'Wanda')
    const ourVsm = await vsmOf(ours, 'Olga')
    const theirVsm = await vsmOf(theirs, 'Tariq')
    const ourStyle = await createStyleIn(portal.deps, ours.key, ours.collections[0]!, 'Our Coat')
    const theirStyle = await createStyleIn(portal.deps, theirs.key, theirs.collections[0]!, 'Their Coat')
    const ourSample = await createSample(portal.deps, ours.key, ourStyle, ourVsm.key, { name: 'Our render.png' })
    const theirSample = await createSample(portal.deps, theirs.key, theirStyle, theirVsm.key, {
      name: 'Their render.png',
    })

    const socket = await openSocket(watcher)
    const heard = everything(socket)
    const ack = await socket.timeout(5_000).emitWithAck(ATELIER_EVENTS.watch, { styles: [ourStyle, theirStyle] })
    // Not every style was joined, so the answer is a refusal; the own style is joined all the same.
    expect(ack).toEqual({ ok: false, error: 'PermissionError' })

    // The refused style changes first, then the own one: once the own one's event is here, the
    // other's would have come before it.
    await setSampleStatus(portal.deps, await actorOf(portal.deps, theirVsm), theirSample, 'Ready for Review')
    await setSampleStatus(portal.deps, await actorOf(portal.deps, ourVsm), ourSample, 'Ready for Review')
    await waitFor('the own style’s status change', () =>
      heard.some(
        ([event, payload]) => event === ATELIER_EVENTS.changed && (payload as SampleChangedEvent).style === ourStyle,
      ),
    )
    await quiet()

    const changes = heard.filter(([event]) => event === ATELIER_EVENTS.changed).map(([, payload]) => payload)
    expect(changes).toEqual([expect.objectContaining({ style: ourStyle, sample: ourSample, change: 'status' })])
    expect(JSON.stringify(heard)).not.toContain(theirStyle)
    expect(JSON.stringify(heard)).not.toContain(theirSample)
    // Both changes were made: the refused style's change is in the database, only never heard.
    const statusOf = async (key: string) =>
      (await portal.deps.db.select().from(references).where(eq(references.key, key)))[0]?.sampleStatus
    expect(await statusOf(theirSample)).toBe('Ready for Review')
    expect(await statusOf(ourSample)).toBe('Ready for Review')
    // And the socket is in no room of the refused style.
    expect((await portal.deps.events.socketsIn(atelierRooms.style(theirStyle))).map((tab) => tab.id)).not.toContain(
      socket.id,
    )
  })
})

describe('the chats a socket joins when it connects', () => {
  it('leave out a chat of a brand the account no longer holds a grant on: its messages never arrive', async () => {
    // Wren is in a chat of each brand, but holds a grant on ours only (the other was taken away,
    // its chat membership kept).
    const wren = await createMember(portal.deps, [{ brand: ours.key, type: 'editor' }], { name: 'Wren' })
    const ourPeer = await createMember(portal.deps, [{ brand: ours.key, type: 'editor' }], { name: 'Pia' })
    const theirPeer = await createMember(portal.deps, [{ brand: theirs.key, type: 'editor' }], { name: 'Quinn' })
    const ourChat = await createDirectChat(portal.deps, ours.key, [ourPeer.key, wren.key])
    const theirChat = await createDirectChat(portal.deps, theirs.key, [theirPeer.key, wren.key])

    const socket = await openSocket(wren)
    const heard = everything(socket)
    // The rooms are joined just after the connection opens.
    const tabsIn = async (conversation: string) =>
      (await portal.deps.events.socketsIn(chatRooms.conversation(conversation))).map((tab) => tab.id)
    const joined: string[] = []
    await waitFor('the socket joining the chat of the brand Wren belongs to', () => {
      void tabsIn(ourChat.conversation).then((ids) => joined.splice(0, joined.length, ...ids))
      return joined.includes(socket.id!)
    })

    await sendMessage(portal.deps, await actorOf(portal.deps, theirPeer), {
      conversation: theirChat.conversation,
      text: 'Not for Wren any more',
    })
    await sendMessage(portal.deps, await actorOf(portal.deps, ourPeer), {
      conversation: ourChat.conversation,
      text: 'Hello Wren',
    })
    await waitFor('the message in the chat of the brand Wren belongs to', () =>
      heard.some(([event]) => event === CHAT_EVENTS.message),
    )
    await quiet()

    const received = heard.filter(([event]) => event === CHAT_EVENTS.message).map(([, payload]) => payload)
    expect(received).toEqual([expect.objectContaining({ conversation: ourChat.conversation, text: 'Hello Wren' })])
    expect(JSON.stringify(heard)).not.toContain(theirChat.conversation)
    expect(JSON.stringify(heard)).not.toContain('Not for Wren any more')
    // Both messages are stored.
    const stored = await portal.deps.db
      .select({ text: messages.text })
      .from(messages)
      .where(and(eq(messages.conversationKey, theirChat.conversation), eq(messages.senderKey, theirPeer.key)))
    expect(stored.map((row) => row.text)).toContain('Not for Wren any more')
    expect(await tabsIn(theirChat.conversation)).not.toContain(socket.id)
  })
})

describe('the chat bar’s presence, asked for an own brand and then another brand', () => {
  it('keeps the own brand’s presence and tells nothing of the refused brand’s members', async () => {
    const viewer = await createMember(portal.deps, [{ brand: ours.key, type: 'editor' }], { name: 'Vera' })
    const ourMate = await createMember(portal.deps, [{ brand: ours.key, type: 'editor' }], { name: 'Milo' })
    const theirMate = await createMember(portal.deps, [{ brand: theirs.key, type: 'editor' }], { name: 'Nell' })

    const socket = await openSocket(viewer)
    const heard = everything(socket)
    expect(await socket.timeout(5_000).emitWithAck(CHAT_EVENTS.presenceJoin, { brand: ours.key })).toEqual({
      ok: true,
    })
    expect(await socket.timeout(5_000).emitWithAck(CHAT_EVENTS.presenceJoin, { brand: theirs.key })).toEqual({
      ok: false,
      error: 'PermissionError',
    })

    // A member of the refused brand comes online there, then one of the own brand.
    const theirs1 = await openSocket(theirMate)
    expect(await theirs1.timeout(5_000).emitWithAck(CHAT_EVENTS.presenceJoin, { brand: theirs.key })).toEqual({
      ok: true,
    })
    const ours1 = await openSocket(ourMate)
    expect(await ours1.timeout(5_000).emitWithAck(CHAT_EVENTS.presenceJoin, { brand: ours.key })).toEqual({
      ok: true,
    })
    await waitFor('the own brand’s member coming online', () =>
      heard.some(
        ([event, payload]) =>
          event === CHAT_EVENTS.presence && (payload as { account: string }).account === ourMate.key,
      ),
    )
    await quiet()

    const presence = heard.filter(([event]) => event === CHAT_EVENTS.presence).map(([, payload]) => payload)
    expect(presence).toEqual([expect.objectContaining({ brand: ours.key, account: ourMate.key, state: 'online' })])
    expect(JSON.stringify(heard)).not.toContain(theirs.key)
    expect(JSON.stringify(heard)).not.toContain(theirMate.key)
    // Who is where, as the server holds it.
    expect((await portal.deps.events.socketsIn(chatRooms.presence(ours.key))).map((tab) => tab.account).sort()).toEqual(
      [viewer.key, ourMate.key].sort(),
    )
    expect((await portal.deps.events.socketsIn(chatRooms.presence(theirs.key))).map((tab) => tab.account)).toEqual([
      theirMate.key,
    ])
  })
})

describe('brand rooms, asked for an own brand and then another brand', () => {
  it('deliver the own brand’s photo changes and nothing of the refused brand', async () => {
    const viewer = await createMember(portal.deps, [{ brand: ours.key, type: 'editor' }], { name: 'Bea' })
    const ourOwner = await createMember(portal.deps, [{ brand: ours.key, type: 'owner' }], { name: 'Omar' })
    const theirOwner = await createMember(portal.deps, [{ brand: theirs.key, type: 'owner' }], { name: 'Tess' })
    const ourListing = (await createListing(portal.deps, ours.key)).key
    const theirListing = (await createListing(portal.deps, theirs.key)).key
    const ourPhoto = await createMedia(portal.deps, ours.key, { listingKey: ourListing })
    const theirPhoto = await createMedia(portal.deps, theirs.key, { listingKey: theirListing })

    const socket = await openSocket(viewer)
    const heard = everything(socket)
    expect(await socket.timeout(5_000).emitWithAck(EVENTS.brandJoin, { brand: ours.key })).toEqual({ ok: true })
    expect(await socket.timeout(5_000).emitWithAck(EVENTS.brandJoin, { brand: theirs.key })).toEqual({
      ok: false,
      error: 'PermissionError',
    })

    // A photo of the refused brand goes back to its pool, then one of the own brand.
    await detachMedia(portal.deps, await actorOf(portal.deps, theirOwner), { brand: theirs.key, media: theirPhoto.key })
    await detachMedia(portal.deps, await actorOf(portal.deps, ourOwner), { brand: ours.key, media: ourPhoto.key })
    await waitFor('the own brand’s photo change', () => heard.some(([event]) => event === MEDIA_EVENTS.changed))
    await quiet()

    const changes = heard.filter(([event]) => event === MEDIA_EVENTS.changed).map(([, payload]) => payload)
    expect(changes).toEqual([{ brand: ours.key, listings: [ourListing], media: [ourPhoto.key] }])
    expect(JSON.stringify(heard)).not.toContain(theirs.key)
    expect(JSON.stringify(heard)).not.toContain(theirPhoto.key)
    // Both photos left their listings.
    for (const photo of [ourPhoto, theirPhoto]) {
      const [row] = await portal.deps.db.select().from(media).where(eq(media.key, photo.key))
      expect(row?.listingKey).toBeNull()
    }
    expect((await portal.deps.events.socketsIn(rooms.brand(theirs.key))).map((tab) => tab.id)).not.toContain(socket.id)
  })
})
