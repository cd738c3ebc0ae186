// Chat over the JSON API and socket.io against a real database: direct and group chats between
// members of a brand, comment threads on objects, the HTML and length rules, sender-only delete,
// the idempotent resend, read marks and unread counts, and the outsider refused everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { conversationMembers, conversations, messages, notifications, styles } from '#db/schema'
import { newKey } from '#app/platform/ids'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { createBrand, createMember, FACTORY_PASSWORD, type BrandFixture } from '#tests/support/factories'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { collect, openSocket as openSocketTo } from '#tests/support/sockets'

let portal: TestPortal
let brand: BrandFixture
let otherBrand: BrandFixture
const people: Record<'designer' | 'vsm' | 'marketing' | 'reader' | 'outsider', { key: string; cookie: string }> =
  {} as never
let style: string

async function person(grants: { brand: string; type: string }[], name: string) {
  const account = await createMember(portal.deps, grants, { name })
  return { key: account.key, cookie: await sessionCookieFor(portal, account.email, FACTORY_PASSWORD) }
}

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { name: 'Atelier Nord' })
  otherBrand = await createBrand(portal.deps, { name: 'Elsewhere' })
  people.designer = await person([{ brand: brand.key, type: 'editor' }], 'Dana')
  people.vsm = await person([{ brand: brand.key, type: 'editor' }], 'Vik')
  people.marketing = await person([{ brand: brand.key, type: 'read' }], 'Mara')
  people.reader = await person([{ brand: brand.key, type: 'read' }], 'Rhea')
  people.outsider = await person([{ brand: otherBrand.key, type: 'owner' }], 'Otto')
  style = newKey()
  await portal.deps.db.insert(styles).values({ key: style, brandKey: brand.key, name: 'Wrap coat', number: 'WC-01' })
})
afterAll(async () => {
  await portal?.destroy()
})

const openSocket = (cookie: string) => openSocketTo(portal.port, cookie)

async function direct(from: keyof typeof people, to: keyof typeof people) {
  const answer = await api(portal, 'POST', '/api/conversation/method/direct', {
    cookie: people[from].cookie,
    body: { brand: brand.key, account: people[to].key },
  })
  expect(answer.status).toBe(200)
  return (answer.body.data as { key: string }).key
}

describe('direct chat', () => {
  it('stores a message, shows it to both, counts it unread for the other until read', async () => {
    const conversation = await direct('designer', 'vsm')
    expect(await direct('vsm', 'designer')).toBe(conversation)

    const sent = await api(portal, 'POST', '/api/message/model/', {
      cookie: people.designer.cookie,
      body: { conversation, text: '  Can you check the collar on the 3D sample?  ' },
    })
    expect(sent.status).toBe(200)
    expect(sent.body.data).toMatchObject({
      conversation,
      text: 'Can you check the collar on the 3D sample?',
      senderKey: people.designer.key,
      firstName: 'Dana',
    })

    const bar = await api(portal, 'GET', `/api/conversation/query/brand?brand=${brand.key}`, {
      cookie: people.vsm.cookie,
    })
    const contacts = (bar.body.data as { contacts: { key: string; unread: number; lastMessage: unknown }[] }).contacts
    expect(contacts[0]).toMatchObject({
      key: people.designer.key,
      unread: 1,
      lastMessage: { text: 'Can you check the collar on the 3D sampl…', sender: 'Dana Member' },
    })
    expect((bar.body.data as { unread: number }).unread).toBe(1)

    const read = await api(portal, 'POST', '/api/conversation/method/mark_read', {
      cookie: people.vsm.cookie,
      body: { conversation },
    })
    expect(read.status).toBe(200)
    const after = await api(portal, 'GET', `/api/conversation/method/unread?brand=${brand.key}`, {
      cookie: people.vsm.cookie,
    })
    expect(after.body.data).toEqual({ unread: 0 })
  })

  it('refuses HTML, empty and over-long text with the field named, and stores nothing', async () => {
    const conversation = await direct('designer', 'marketing')
    for (const [text, message] of [
      ['<b>bold</b>', 'text: Cannot add html tags.'],
      ['   ', 'text: Message is required.'],
      ['x'.repeat(4001), 'text: Message must be at most 4000 characters.'],
    ] as const) {
      const answer = await api(portal, 'POST', '/api/message/model/', {
        cookie: people.designer.cookie,
        body: { conversation, text },
      })
      expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError', message } } })
    }
    expect(await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, conversation))).toEqual([])
    const fine = await api(portal, 'POST', '/api/message/model/', {
      cookie: people.designer.cookie,
      body: { conversation, text: 'a < b and <3 are fine' },
    })
    expect(fine.status).toBe(200)
  })

  it('stores a resent message once (same client key)', async () => {
    const conversation = await direct('designer', 'reader')
    const body = { conversation, text: 'Resent after a drop', client_key: 'client-key-0001' }
    const first = await api(portal, 'POST', '/api/message/model/', { cookie: people.designer.cookie, body })
    const again = await api(portal, 'POST', '/api/message/model/', { cookie: people.designer.cookie, body })
    expect((again.body.data as { key: string }).key).toBe((first.body.data as { key: string }).key)
    const stored = await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, conversation))
    expect(stored).toHaveLength(1)
  })

  it('lets only the sender delete a message', async () => {
    const conversation = await direct('vsm', 'reader')
    const sent = await api(portal, 'POST', '/api/message/model/', {
      cookie: people.vsm.cookie,
      body: { conversation, text: 'Mine to delete' },
    })
    const key = (sent.body.data as { key: string }).key
    const byOther = await api(portal, 'DELETE', `/api/message/model/${key}`, { cookie: people.reader.cookie })
    expect(byOther.status).toBe(403)
    const byOutsider = await api(portal, 'DELETE', `/api/message/model/${key}`, { cookie: people.outsider.cookie })
    expect(byOutsider.status).toBe(404)
    expect(await portal.deps.db.select().from(messages).where(eq(messages.key, key))).toHaveLength(1)
    const bySender = await api(portal, 'DELETE', `/api/message/model/${key}`, { cookie: people.vsm.cookie })
    expect(bySender.status).toBe(200)
    expect(await portal.deps.db.select().from(messages).where(eq(messages.key, key))).toHaveLength(0)
  })

  it('refuses an outsider on every call, and a member of the brand who is not in the chat', async () => {
    const conversation = await direct('designer', 'vsm')
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/message/query/conversation?conversation=${conversation}`],
      ['POST', '/api/message/model/', { conversation, text: 'let me in' }],
      ['POST', '/api/conversation/method/mark_read', { conversation }],
      ['DELETE', `/api/conversation/model/${conversation}`],
    ]
    for (const who of ['outsider', 'reader'] as const) {
      for (const [method, path, body] of calls) {
        const answer = await api(portal, method, path, { cookie: people[who].cookie, body })
        expect(answer.status, `${who} ${method} ${path}`).toBe(404)
      }
    }
    const outsiderBar = await api(portal, 'GET', `/api/conversation/query/brand?brand=${brand.key}`, {
      cookie: people.outsider.cookie,
    })
    expect(outsiderBar.status).toBe(404)
    const outsiderDirect = await api(portal, 'POST', '/api/conversation/method/direct', {
      cookie: people.outsider.cookie,
      body: { brand: otherBrand.key, account: people.designer.key },
    })
    expect(outsiderDirect.status).toBe(404)
    expect(await portal.deps.db.select().from(conversations).where(eq(conversations.brandKey, otherBrand.key))).toEqual(
      [],
    )
  })
})

describe('group chat', () => {
  it('needs a name and one other member, with the spec’s words', async () => {
    const noName = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: people.designer.cookie,
      body: { brand: brand.key, name: ' ', members: [people.vsm.key] },
    })
    expect(noName.body.error).toMatchObject({ message: 'name: Group name is required.' })
    const nobody = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: people.designer.cookie,
      body: { brand: brand.key, name: 'Fit review', members: '' },
    })
    expect(nobody).toMatchObject({
      status: 400,
      body: { error: { message: 'members: At least 1 selection required.' } },
    })
    const stranger = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: people.designer.cookie,
      body: { brand: brand.key, name: 'Fit review', members: [people.outsider.key] },
    })
    expect(stranger.status).toBe(400)
  })

  it('reaches every member live, once stored', async () => {
    const vsmSocket = await openSocket(people.vsm.cookie)
    const marketingSocket = await openSocket(people.marketing.cookie)
    const outsiderSocket = await openSocket(people.outsider.cookie)
    const vsmSeen = collect<{ text: string }>(vsmSocket, CHAT_EVENTS.message)
    const marketingSeen = collect<{ text: string }>(marketingSocket, CHAT_EVENTS.message)
    const outsiderSeen = collect<{ text: string }>(outsiderSocket, CHAT_EVENTS.message)
    const created = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: people.designer.cookie,
      body: { brand: brand.key, name: 'Fit review', members: `${people.vsm.key},${people.marketing.key}` },
    })
    expect(created.status).toBe(200)
    const conversation = (created.body.data as { key: string }).key
    const designerSocket = await openSocket(people.designer.cookie)
    const ack = (await designerSocket.emitWithAck(CHAT_EVENTS.send, {
      conversation,
      text: 'Sleeve length approved',
      client_key: 'group-message-0001',
    })) as { ok: boolean; data: { key: string } }
    expect(ack.ok).toBe(true)
    const stored = await portal.deps.db.select().from(messages).where(eq(messages.key, ack.data.key))
    expect(stored).toHaveLength(1)
    await eventually(() => expect(vsmSeen.map((m) => m.text)).toEqual(['Sleeve length approved']))
    await eventually(() => expect(marketingSeen.map((m) => m.text)).toEqual(['Sleeve length approved']))
    expect(outsiderSeen).toEqual([])

    const watched = await outsiderSocket.emitWithAck(CHAT_EVENTS.watch, { conversation })
    expect(watched).toMatchObject({ ok: false, error: 'NotFound' })
    const forged = await outsiderSocket.emitWithAck(CHAT_EVENTS.send, { conversation, text: 'hi' })
    expect(forged).toMatchObject({ ok: false, message: 'Unable to deliver the message.' })
  })
})

describe('deleting a conversation (docs/decisions/145)', () => {
  type Who = 'starter' | 'owner' | 'editor' | 'reader'
  const cast = {} as Record<Who, { key: string; cookie: string }>
  beforeAll(async () => {
    cast.starter = await person([{ brand: brand.key, type: 'editor' }], 'Stella')
    cast.owner = await person([{ brand: brand.key, type: 'owner' }], 'Olga')
    cast.editor = await person([{ brand: brand.key, type: 'editor' }], 'Edda')
    cast.reader = await person([{ brand: brand.key, type: 'read' }], 'Remy')
  })

  const membersOf = async (conversation: string) =>
    (
      await portal.deps.db
        .select({ key: conversationMembers.accountKey })
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationKey, conversation))
    )
      .map((row) => row.key)
      .sort()
  const exists = async (conversation: string) =>
    (await portal.deps.db.select().from(conversations).where(eq(conversations.key, conversation))).length === 1

  // Written out by hand: who deletes a group for everyone, and who only leaves it.
  const groupCases: [Who, 'delete' | 'leave'][] = [
    ['starter', 'delete'],
    ['owner', 'delete'],
    ['editor', 'leave'],
    ['reader', 'leave'],
  ]
  it.each(groupCases)('a group started by an editor: its %s may %s it', async (who, expected) => {
    const created = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: cast.starter.cookie,
      body: { brand: brand.key, name: 'Trims', members: [cast.owner.key, cast.editor.key, cast.reader.key] },
    })
    const conversation = (created.body.data as { key: string }).key
    await api(portal, 'POST', '/api/message/model/', {
      cookie: cast.starter.cookie,
      body: { conversation, text: 'Buttons arrive Monday' },
    })
    const everyone = (Object.keys(cast) as Who[]).map((name) => cast[name].key).sort()
    const answer = await api(portal, 'DELETE', `/api/conversation/model/${conversation}`, { cookie: cast[who].cookie })
    expect(answer).toMatchObject({ status: 200, body: { data: { key: conversation, removal: expected } } })
    if (expected === 'delete') {
      expect(await exists(conversation)).toBe(false)
      expect(await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, conversation))).toEqual([])
    } else {
      expect(await exists(conversation)).toBe(true)
      expect(await membersOf(conversation)).toEqual(everyone.filter((key) => key !== cast[who].key))
      const others = await api(portal, 'GET', `/api/message/query/conversation?conversation=${conversation}`, {
        cookie: cast.starter.cookie,
      })
      expect((others.body.data as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual([
        'Buttons arrive Monday',
      ])
      const gone = await api(portal, 'GET', `/api/message/query/conversation?conversation=${conversation}`, {
        cookie: cast[who].cookie,
      })
      expect(gone.status).toBe(404)
    }
  })

  it('tells each reader what the button does', async () => {
    const created = await api(portal, 'POST', '/api/conversation/method/group', {
      cookie: cast.starter.cookie,
      body: { brand: brand.key, name: 'Labels', members: [cast.owner.key, cast.reader.key] },
    })
    const conversation = (created.body.data as { key: string }).key
    const removalFor = async (who: Who) =>
      (
        (
          await api(portal, 'GET', `/api/message/query/conversation?conversation=${conversation}`, {
            cookie: cast[who].cookie,
          })
        ).body.data as { removal: string }
      ).removal
    expect(await removalFor('starter')).toBe('delete')
    expect(await removalFor('owner')).toBe('delete')
    expect(await removalFor('reader')).toBe('leave')
  })

  it('a direct chat is only left; the next message brings it back to the one who left', async () => {
    const opened = await api(portal, 'POST', '/api/conversation/method/direct', {
      cookie: cast.owner.cookie,
      body: { brand: brand.key, account: cast.reader.key },
    })
    const conversation = (opened.body.data as { key: string }).key
    await api(portal, 'POST', '/api/message/model/', {
      cookie: cast.owner.cookie,
      body: { conversation, text: 'Hi Remy' },
    })
    // Even an owner of the brand only leaves a direct chat: it is the other person's too.
    const left = await api(portal, 'DELETE', `/api/conversation/model/${conversation}`, { cookie: cast.owner.cookie })
    expect(left.body.data).toEqual({ key: conversation, removal: 'leave' })
    expect(await membersOf(conversation)).toEqual([cast.reader.key])
    // Remy keeps it in his chat bar, beside Olga, under her name.
    const bar = await api(portal, 'GET', `/api/conversation/query/brand?brand=${brand.key}`, {
      cookie: cast.reader.cookie,
    })
    const contacts = (bar.body.data as { contacts: { key: string; conversation: string | null }[] }).contacts
    expect(contacts.find((contact) => contact.key === cast.owner.key)?.conversation).toBe(conversation)
    const kept = await api(portal, 'GET', `/api/message/query/conversation?conversation=${conversation}`, {
      cookie: cast.reader.cookie,
    })
    expect((kept.body.data as { conversation: { title: string } }).conversation.title).toBe('Olga Member')
    const readerSocket = await openSocket(cast.reader.cookie)
    const ownerSocket = await openSocket(cast.owner.cookie)
    const ownerSeen = collect<{ text: string }>(ownerSocket, CHAT_EVENTS.message)
    const back = collect<{ key: string }>(ownerSocket, CHAT_EVENTS.conversation)
    const reply = await readerSocket.emitWithAck(CHAT_EVENTS.send, { conversation, text: 'Still there?' })
    expect(reply).toMatchObject({ ok: true })
    expect(await membersOf(conversation)).toEqual([cast.owner.key, cast.reader.key].sort())
    await eventually(() => expect(back.map((summary) => summary.key)).toEqual([conversation]))
    await eventually(() => expect(ownerSeen.map((m) => m.text)).toEqual(['Still there?']))
    const history = await api(portal, 'GET', `/api/message/query/conversation?conversation=${conversation}`, {
      cookie: cast.owner.cookie,
    })
    expect((history.body.data as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual([
      'Hi Remy',
      'Still there?',
    ])
    // The last one to leave takes it away.
    await api(portal, 'DELETE', `/api/conversation/model/${conversation}`, { cookie: cast.owner.cookie })
    await api(portal, 'DELETE', `/api/conversation/model/${conversation}`, { cookie: cast.reader.cookie })
    expect(await exists(conversation)).toBe(false)
  })
})

describe('comment threads', () => {
  it('are read by anyone who can view the object and written by editors and owners', async () => {
    const posted = await api(portal, 'POST', '/api/message/model/', {
      cookie: people.designer.cookie,
      body: { model: 'Style', model_id: style, text: 'Collar is 2 mm too wide, @Vik' },
    })
    expect(posted.status).toBe(200)
    const readerView = await api(portal, 'GET', `/api/message/query/style?style=${style}`, {
      cookie: people.reader.cookie,
    })
    expect(readerView.status).toBe(200)
    expect(readerView.body.data).toMatchObject({
      mayPost: false,
      messages: [{ text: 'Collar is 2 mm too wide, @Vik', model: 'Style', model_id: style }],
    })
    const readerPost = await api(portal, 'POST', '/api/message/model/', {
      cookie: people.reader.cookie,
      body: { model: 'Style', model_id: style, text: 'me too' },
    })
    expect(readerPost.status).toBe(403)
    const outsider = await api(portal, 'GET', `/api/message/query/object?model=Style&model_id=${style}`, {
      cookie: people.outsider.cookie,
    })
    expect(outsider.status).toBe(404)
    // The mention notified Vik.
    const [mention] = await portal.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountKey, people.vsm.key), eq(notifications.action, 'mentioned you on')))
    // "Dana Member mentioned you on Wrap coat “…”": the name once (the actor's), the style linked
    // to the page its thread is on, the message quoted.
    expect(mention?.actorKey).toBe(people.designer.key)
    expect(mention?.segments).toEqual([
      { text: 'Wrap coat', url: `/brand/${brand.key}/style/${style}#comments`, accented: true },
      { text: '“Collar is 2 mm too wide, @Vik”' },
    ])
  })

  it('pages 50 at a time by keyset, oldest first within a page', async () => {
    const [thread] = await portal.deps.db.select().from(conversations).where(eq(conversations.modelKey, style))
    await portal.deps.db.insert(messages).values(
      Array.from({ length: 120 }, (_, i) => ({
        key: newKey(),
        conversationKey: thread!.key,
        brandKey: brand.key,
        senderKey: people.vsm.key,
        text: `note ${i}`,
      })),
    )
    const first = await api(portal, 'GET', `/api/message/query/object?model=Style&model_id=${style}`, {
      cookie: people.designer.cookie,
    })
    const page = first.body.data as { messages: { text: string; seq: number }[]; before: number }
    expect(page.messages).toHaveLength(50)
    expect(page.messages.at(-1)!.text).toBe('note 119')
    const older = await api(
      portal,
      'GET',
      `/api/message/query/object?model=Style&model_id=${style}&before=${page.before}`,
      { cookie: people.designer.cookie },
    )
    const olderPage = older.body.data as { messages: { text: string }[] }
    expect(olderPage.messages.at(-1)!.text).toBe('note 69')
    const bad = await api(portal, 'GET', `/api/message/query/object?model=Style&model_id=${style}&before=-1`, {
      cookie: people.designer.cookie,
    })
    expect(bad.status).toBe(400)
  })

  it('can be deleted whole by an editor, with its messages', async () => {
    const [thread] = await portal.deps.db.select().from(conversations).where(eq(conversations.modelKey, style))
    const byReader = await api(portal, 'DELETE', `/api/conversation/model/${thread!.key}`, {
      cookie: people.reader.cookie,
    })
    expect(byReader.status).toBe(403)
    const answer = await api(portal, 'DELETE', `/api/conversation/model/${thread!.key}`, {
      cookie: people.designer.cookie,
    })
    expect(answer.status).toBe(200)
    expect(await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, thread!.key))).toEqual([])
    expect(
      await portal.deps.db
        .select()
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationKey, thread!.key)),
    ).toEqual([])
  })
})

describe('reading a thread before anyone wrote in it', () => {
  it('answers an empty page and makes no thread', async () => {
    const quiet = newKey()
    await portal.deps.db.insert(styles).values({ key: quiet, brandKey: brand.key, name: 'Quiet tee', number: 'QT-1' })
    for (const [who, mayPost] of [
      ['reader', false],
      ['designer', true],
    ] as const) {
      const answer = await api(portal, 'GET', `/api/message/query/style?style=${quiet}`, { cookie: people[who].cookie })
      expect(answer.body.data).toEqual({ conversation: null, messages: [], before: null, mayPost, removal: null })
    }
    expect(await portal.deps.db.select().from(conversations).where(eq(conversations.modelKey, quiet))).toEqual([])
  })
})
