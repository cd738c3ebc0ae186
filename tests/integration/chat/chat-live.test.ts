// Chat's live side against a real server: a resend with the same client key is stored and pushed
// once, notifications go only to members who are not looking, reading settles them and tells the
// sender, typing and presence reach the other members only, and a comment thread is followed live
// by a reader who may not write in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { messages, notifications } from '#db/schema'
import { CHAT_EVENTS, EVENTS } from '#app/platform/protocol'
import {
  createBrand,
  createDirectChat,
  createMember,
  createStyle,
  FACTORY_PASSWORD,
  type BrandFixture,
} from '#tests/support/factories'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { collect, openSocket as openSocketTo } from '#tests/support/sockets'

let portal: TestPortal
let brand: BrandFixture

interface Person {
  key: string
  cookie: string
}

async function person(type: string, name: string): Promise<Person> {
  const account = await createMember(portal.deps, [{ brand: brand.key, type }], { name })
  return { key: account.key, cookie: await sessionCookieFor(portal, account.email, FACTORY_PASSWORD) }
}

const openSocket = (who: Person) => openSocketTo(portal.port, who.cookie)

/** Every event a socket receives, in order, with what it carried. */
function everything(socket: Socket): [string, unknown][] {
  const seen: [string, unknown][] = []
  socket.onAny((event: string, payload: unknown) => seen.push([event, payload]))
  return seen
}

/** How long nothing more may arrive after the expected events, before a test says "and nothing else". */
const SETTLE_MS = 400
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS))

const unreadNotifications = (accountKey: string, conversation: string) =>
  portal.deps.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.accountKey, accountKey),
        eq(notifications.targetId, conversation),
        isNull(notifications.readAt),
      ),
    )

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { lines: 0 })
})
afterAll(async () => {
  await portal?.destroy()
})

describe('sending', () => {
  it('stores and pushes a message resent with the same client key once', async () => {
    const [ines, jon] = [await person('editor', 'Ines'), await person('editor', 'Jon')]
    const chat = await createDirectChat(portal.deps, brand.key, [ines.key, jon.key])
    const [inesSocket, jonSocket] = [await openSocket(ines), await openSocket(jon)]
    const heard = collect<{ key: string }>(jonSocket, CHAT_EVENTS.message)
    const payload = {
      conversation: chat.conversation,
      text: 'Sent twice by a flaky network',
      client_key: 'resend-00001',
    }
    const first = (await inesSocket.emitWithAck(CHAT_EVENTS.send, payload)) as { ok: true; data: { key: string } }
    const second = (await inesSocket.emitWithAck(CHAT_EVENTS.send, payload)) as { ok: true; data: { key: string } }
    expect(second.data.key).toBe(first.data.key)
    // A later message proves the first push has arrived, and that no second one came before it.
    await inesSocket.emitWithAck(CHAT_EVENTS.send, { conversation: chat.conversation, text: 'next' })
    await eventually(() => expect(heard).toHaveLength(2))
    expect(heard.map((m) => m.key).filter((key) => key === first.data.key)).toHaveLength(1)
    const stored = await portal.deps.db
      .select()
      .from(messages)
      .where(eq(messages.text, 'Sent twice by a flaky network'))
    expect(stored).toHaveLength(1)
  })

  it('refuses a malformed or oversized payload without storing anything', async () => {
    const [kai, lea] = [await person('editor', 'Kai'), await person('editor', 'Lea')]
    const chat = await createDirectChat(portal.deps, brand.key, [kai.key, lea.key])
    const socket = await openSocket(kai)
    for (const payload of [
      { conversation: chat.conversation, text: 'y'.repeat(30_000) },
      { conversation: chat.conversation, text: '<em>hi</em>' },
      { conversation: chat.conversation, text: 'ok', client_key: 'bad key!' },
      { conversation: ['not', 'a', 'key'], text: 'ok' },
      { text: 'nowhere to go' },
    ]) {
      expect(await socket.emitWithAck(CHAT_EVENTS.send, payload)).toMatchObject({ ok: false, error: 'ValidationError' })
    }
    const stored = await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, chat.conversation))
    expect(stored.map((m) => m.text)).toEqual(['Hello from the factory'])
  })
})

describe('exactly what a member receives', () => {
  it('one stored message: the message, already in the database, and its notification, and nothing else', async () => {
    const [kai, lea] = [await person('editor', 'Kai'), await person('editor', 'Lea')]
    const chat = await createDirectChat(portal.deps, brand.key, [kai.key, lea.key])
    const [kaiSocket, leaSocket] = [await openSocket(kai), await openSocket(lea)]
    const received = everything(leaSocket)
    // Stored before it is pushed: the row is looked up the moment the event arrives.
    const storedOnArrival: boolean[] = []
    leaSocket.on(CHAT_EVENTS.message, (message: { key: string }) => {
      void portal.deps.db
        .select()
        .from(messages)
        .where(eq(messages.key, message.key))
        .then((rows) => storedOnArrival.push(rows.length === 1))
    })
    const answer = await kaiSocket.emitWithAck(CHAT_EVENTS.send, {
      conversation: chat.conversation,
      text: 'Exactly once',
      client_key: 'exact-000001',
    })
    expect(answer).toMatchObject({ ok: true })
    await eventually(() => expect(received.length).toBeGreaterThan(0))
    await settle()
    // Lea is not looking at the chat, so she is notified as well (one notification while unread).
    await eventually(() => expect(received.length).toBe(2))
    await settle()
    expect(received.map(([event]) => event)).toEqual([CHAT_EVENTS.message, EVENTS.notificationNew])
    expect(received[0]![1]).toMatchObject({ conversation: chat.conversation, text: 'Exactly once' })
    expect(received[1]![1]).toMatchObject({ targetId: chat.conversation })
    expect(storedOnArrival).toEqual([true])
  })

  it('a send the store refuses: nothing at all, to anyone', async () => {
    const [max, nia] = [await person('editor', 'Max'), await person('read', 'Nia')]
    const chat = await createDirectChat(portal.deps, brand.key, [max.key, nia.key])
    const [maxSocket, niaSocket] = [await openSocket(max), await openSocket(nia)]
    const [toNia, toMax] = [everything(niaSocket), everything(maxSocket)]
    const before = await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, chat.conversation))
    for (const payload of [
      { conversation: chat.conversation, text: '   ', client_key: 'blank-000001' },
      { conversation: chat.conversation, text: 'x'.repeat(20_000), client_key: 'long-0000001' },
      { conversation: 'nosuchconversation', text: 'Lost', client_key: 'lost-0000001' },
    ]) {
      expect(await maxSocket.emitWithAck(CHAT_EVENTS.send, payload)).toMatchObject({ ok: false })
    }
    await settle()
    expect(toNia).toEqual([])
    expect(toMax).toEqual([])
    expect(await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, chat.conversation))).toEqual(
      before,
    )
  })
})

describe('who hears of a message', () => {
  it('notifies a member who is not looking, once while unread, and not one who is', async () => {
    const [mo, nia] = [await person('editor', 'Mo'), await person('editor', 'Nia')]
    const chat = await createDirectChat(portal.deps, brand.key, [mo.key, nia.key])
    const send = (text: string) =>
      api(portal, 'POST', '/api/message/model/', { cookie: mo.cookie, body: { conversation: chat.conversation, text } })

    await send('First while away')
    await send('Second while away')
    // The notice is written just after the send answers (the message is stored first).
    await eventually(async () => expect(await unreadNotifications(nia.key, chat.conversation)).toHaveLength(1))
    const collapsed = await unreadNotifications(nia.key, chat.conversation)
    expect(collapsed).toHaveLength(1)
    expect(collapsed[0]!.action).toBe('sent you a message:')
    expect(collapsed[0]!.segments).toEqual([
      { text: 'First while away', url: `/brand/${brand.key}/chat/${chat.conversation}` },
    ])

    // Reading the conversation settles its notification and tells the sender.
    const moSocket = await openSocket(mo)
    const reads = collect<{ account: string; seq: number }>(moSocket, CHAT_EVENTS.read)
    const read = await api(portal, 'POST', '/api/conversation/method/mark_read', {
      cookie: nia.cookie,
      body: { conversation: chat.conversation },
    })
    expect(read.status).toBe(200)
    expect(await unreadNotifications(nia.key, chat.conversation)).toEqual([])
    await eventually(() => expect(reads).toEqual([expect.objectContaining({ account: nia.key })]))

    // Looking at the conversation: no notification for the next message.
    const niaSocket = await openSocket(nia)
    expect(await niaSocket.emitWithAck(CHAT_EVENTS.watch, { conversation: chat.conversation })).toMatchObject({
      ok: true,
    })
    await send('Seen as it arrives')
    expect(await unreadNotifications(nia.key, chat.conversation)).toEqual([])
    // Not looking any more: notified again.
    await niaSocket.emitWithAck(CHAT_EVENTS.unwatch, { conversation: chat.conversation })
    await send('After looking away')
    await eventually(async () => expect(await unreadNotifications(nia.key, chat.conversation)).toHaveLength(1))
  })

  it('passes typing on to the other member only, and only from someone who may write', async () => {
    const [oli, pia, quin] = [
      await person('editor', 'Oli'),
      await person('editor', 'Pia'),
      await person('read', 'Quin'),
    ]
    const chat = await createDirectChat(portal.deps, brand.key, [oli.key, pia.key])
    const [oliSocket, piaSocket, quinSocket] = [await openSocket(oli), await openSocket(pia), await openSocket(quin)]
    const piaHears = collect<{ account: string }>(piaSocket, CHAT_EVENTS.typingNow)
    const oliHears = collect<{ account: string }>(oliSocket, CHAT_EVENTS.typingNow)
    const quinHears = collect<{ account: string }>(quinSocket, CHAT_EVENTS.typingNow)
    // Pia's socket joins its conversations just after it connects (a query at connection): under
    // load the first signal can come before that, so Oli goes on typing until Pia hears it.
    for (let tries = 0; tries < 20 && piaHears.length === 0; tries++) {
      expect(await oliSocket.emitWithAck(CHAT_EVENTS.typing, { conversation: chat.conversation })).toEqual({
        ok: true,
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await eventually(() => expect(piaHears[0]).toEqual(expect.objectContaining({ account: oli.key })))
    expect(piaHears.every((heard) => heard.account === oli.key)).toBe(true)
    expect(oliHears).toEqual([])
    expect(await quinSocket.emitWithAck(CHAT_EVENTS.typing, { conversation: chat.conversation })).toMatchObject({
      ok: false,
      error: 'NotFound',
    })
    expect(quinHears).toEqual([])
  })

  it('limits a flood of typing events per connection and per account: the rest are refused, not relayed', async () => {
    const [tia, uma] = [await person('editor', 'Tia'), await person('editor', 'Uma')]
    const chat = await createDirectChat(portal.deps, brand.key, [tia.key, uma.key])
    const [first, second, umaSocket] = [await openSocket(tia), await openSocket(tia), await openSocket(uma)]
    const umaHears = collect<{ account: string }>(umaSocket, CHAT_EVENTS.typingNow)
    const flood = (socket: Socket, count: number) =>
      Promise.all(
        Array.from({ length: count }, () =>
          socket.emitWithAck(CHAT_EVENTS.typing, { conversation: chat.conversation }),
        ),
      ) as Promise<{ ok: boolean; error?: string; message?: string }[]>
    const answers = await flood(first, 2500)
    const taken = answers.filter((answer) => answer.ok).length
    // The first 20 at once, and a few more as the bucket refills while the flood is answered.
    expect(taken).toBeGreaterThanOrEqual(20)
    expect(taken).toBeLessThan(200)
    expect(answers.find((answer) => !answer.ok)).toEqual({
      ok: false,
      error: 'RateLimited',
      message: 'Too many requests at once. Please wait a moment before trying again.',
    })
    // A second connection of the same account gets only what the account has left.
    const more = (await flood(second, 2500)).filter((answer) => answer.ok).length
    expect(taken + more).toBeLessThan(300)
    await eventually(() => expect(umaHears.length).toBe(taken + more))
    // Nothing more arrives after the flood: the refused ones were never relayed.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(umaHears).toHaveLength(taken + more)
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })

  it('shows who is online in the brand’s chat bar, and who went offline', async () => {
    const [ria, sam] = [await person('editor', 'Ria'), await person('read', 'Sam')]
    const riaSocket = await openSocket(ria)
    const changes = collect<{ account: string; online: boolean }>(riaSocket, CHAT_EVENTS.presence)
    expect(await riaSocket.emitWithAck(CHAT_EVENTS.presenceJoin, { brand: brand.key })).toMatchObject({ ok: true })
    const samSocket = await openSocket(sam)
    expect(await samSocket.emitWithAck(CHAT_EVENTS.presenceJoin, { brand: brand.key })).toMatchObject({ ok: true })
    await eventually(() => expect(changes).toContainEqual(expect.objectContaining({ account: sam.key, online: true })))
    const bar = await api(portal, 'GET', `/api/conversation/query/brand?brand=${brand.key}`, { cookie: ria.cookie })
    const contacts = (bar.body.data as { contacts: { key: string; onlineUser: boolean }[] }).contacts
    expect(contacts.find((contact) => contact.key === sam.key)?.onlineUser).toBe(true)
    samSocket.disconnect()
    await eventually(() => expect(changes).toContainEqual(expect.objectContaining({ account: sam.key, online: false })))

    const outsider = await createMember(portal.deps, [], { name: 'Tess' })
    const outsiderSocket = await openSocket({
      key: outsider.key,
      cookie: await sessionCookieFor(portal, outsider.email, FACTORY_PASSWORD),
    })
    expect(await outsiderSocket.emitWithAck(CHAT_EVENTS.presenceJoin, { brand: brand.key })).toEqual({
      ok: false,
      error: 'PermissionError',
    })
  })
})

describe('comment threads, live', () => {
  it('reach a reader who follows the thread; the reader may not write', async () => {
    const [una, vic] = [await person('editor', 'Una'), await person('read', 'Vic')]
    const style = await createStyle(portal.deps, brand.key)
    const vicSocket = await openSocket(vic)
    const heard = collect<{ text: string }>(vicSocket, CHAT_EVENTS.message)
    expect(await vicSocket.emitWithAck(CHAT_EVENTS.watch, { model: 'Style', model_id: style })).toMatchObject({
      ok: true,
      data: { mayPost: false },
    })
    const unaSocket = await openSocket(una)
    expect(
      await unaSocket.emitWithAck(CHAT_EVENTS.send, {
        model: 'Style',
        model_id: style,
        text: 'Hem is uneven at the back',
      }),
    ).toMatchObject({ ok: true })
    await eventually(() => expect(heard.map((m) => m.text)).toEqual(['Hem is uneven at the back']))
    expect(
      await vicSocket.emitWithAck(CHAT_EVENTS.send, { model: 'Style', model_id: style, text: 'Looks fine to me' }),
    ).toMatchObject({ ok: false, error: 'PermissionError' })
  })
})

describe('deleting, live', () => {
  it('tells every member when a message or the whole chat is deleted, and stops the rooms', async () => {
    const [wes, xia, yan] = [await person('editor', 'Wes'), await person('editor', 'Xia'), await person('read', 'Yan')]
    const tooLong = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: wes.cookie,
      body: { brand: brand.key, name: 'n'.repeat(101), members: [xia.key] },
    })
    expect(tooLong).toMatchObject({
      status: 400,
      body: { error: { message: 'name: Group name must be at most 100 characters.' } },
    })
    const xiaSocket = await openSocket(xia)
    const yanSocket = await openSocket(yan)
    const created = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: wes.cookie,
      body: { brand: brand.key, name: 'Trims', members: [xia.key, yan.key] },
    })
    const conversation = (created.body.data as { key: string }).key
    const deletions = collect<{ key: string }>(xiaSocket, CHAT_EVENTS.deleted)
    const gone = collect<{ conversation: string }>(yanSocket, CHAT_EVENTS.threadDeleted)
    const sent = await api(portal, 'POST', '/api/message/model/', {
      cookie: wes.cookie,
      body: { conversation, text: 'Wrong chat, sorry' },
    })
    const key = (sent.body.data as { key: string }).key
    await eventually(async () =>
      expect(await api(portal, 'DELETE', `/api/message/model/${key}`, { cookie: wes.cookie })).toMatchObject({
        status: 200,
      }),
    )
    await eventually(() => expect(deletions).toEqual([{ conversation, key }]))
    // Yan, a read member who did not start the group, only leaves it: told on his own socket alone.
    const goneForXia = collect<{ conversation: string }>(xiaSocket, CHAT_EVENTS.threadDeleted)
    const left = await api(portal, 'DELETE', `/api/conversation/model/${conversation}`, { cookie: yan.cookie })
    expect(left).toMatchObject({ status: 200, body: { data: { key: conversation, removal: 'leave' } } })
    await eventually(() => expect(gone).toEqual([{ conversation }]))
    const read = (who: Person) =>
      api(portal, 'GET', `/api/message/query/conversation?conversation=${conversation}`, { cookie: who.cookie })
    expect((await read(xia)).status).toBe(200)
    expect((await read(yan)).status).toBe(404)
    // Wes started it: deleting it ends it for everyone still in it.
    const removed = await api(portal, 'DELETE', `/api/conversation/model/${conversation}`, { cookie: wes.cookie })
    expect(removed).toMatchObject({ status: 200, body: { data: { removal: 'delete' } } })
    await eventually(() => expect(goneForXia).toEqual([{ conversation }]))
    expect((await read(xia)).status).toBe(404)
    expect(gone).toEqual([{ conversation }])
  })
})

describe('following a thread', () => {
  it('stops for someone who left the brand, at once', async () => {
    const [zoe, abe] = [await person('owner', 'Zoe'), await person('read', 'Abe')]
    const style = await createStyle(portal.deps, brand.key)
    const abeSocket = await openSocket(abe)
    const heard = collect<{ text: string }>(abeSocket, CHAT_EVENTS.message)
    expect(await abeSocket.emitWithAck(CHAT_EVENTS.watch, { model: 'Style', model_id: style })).toMatchObject({
      ok: true,
    })
    const removed = await api(portal, 'POST', '/api/brand/method/remove_team_member', {
      cookie: zoe.cookie,
      body: { brand: brand.key, account: abe.key },
    })
    expect(removed.status, JSON.stringify(removed.body)).toBe(200)
    await eventually(async () => {
      const [found] = await portal.socket.io.in(abeSocket.id!).fetchSockets()
      expect([...(found?.rooms ?? [])].filter((room) => room.startsWith('conversation:'))).toEqual([])
    })
    const posted = await api(portal, 'POST', '/api/message/model/', {
      cookie: zoe.cookie,
      body: { model: 'Style', model_id: style, text: 'Only for those still here' },
    })
    expect(posted.status).toBe(200)
    // A later push to Abe's own account room shows the message would have arrived by now.
    await api(portal, 'POST', '/api/notification/method/mark_read_all', { cookie: abe.cookie })
    expect(heard).toEqual([])
  })
})

describe('a flood of messages', () => {
  it('is refused after 30 at once, with 429 and nothing more stored', async () => {
    const [bo, cy] = [await person('editor', 'Bo'), await person('editor', 'Cy')]
    const chat = await createDirectChat(portal.deps, brand.key, [bo.key, cy.key])
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api(portal, 'POST', '/api/message/model/', {
          cookie: bo.cookie,
          body: { conversation: chat.conversation, text: `flood ${i}` },
        }),
      ),
    )
    const refused = answers.filter((answer) => answer.status === 429)
    // One token may come back while the 40 requests are under way.
    expect(refused.length).toBeGreaterThanOrEqual(8)
    expect(refused[0]!.body.error).toEqual({
      type: 'RateLimited',
      message: 'Too many messages at once. Please wait a moment before sending more.',
    })
    const stored = await portal.deps.db.select().from(messages).where(eq(messages.senderKey, bo.key))
    expect(stored.filter((message) => message.text.startsWith('flood'))).toHaveLength(40 - refused.length)
  })
})
