// The chat's own flood limit, per account: 30 messages at once, then one a second, counted over
// every way one account sends (the JSON API and its live connections together). At the exact
// bound the 30th message is stored and the 31st refused ("Too many messages at once…", 429 from
// the API, RateLimited on a live connection) with nothing stored. The clock is held still, so no
// message comes back to the account while a test runs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { and, eq, like } from 'drizzle-orm'
import { messages } from '#db/schema'
import { CHAT_EVENTS } from '#app/platform/protocol'
import {
  createBrand,
  createDirectChat,
  createMember,
  FACTORY_PASSWORD,
  type BrandFixture,
} from '#tests/support/factories'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'

let portal: TestPortal
let brand: BrandFixture
const BURST = 30
const TOO_MANY = 'Too many messages at once. Please wait a moment before sending more.'

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { lines: 0 })
})
afterEach(() => vi.useRealTimers())
afterAll(async () => {
  await portal?.destroy()
})

async function person(name: string) {
  const account = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name })
  return { key: account.key, cookie: await sessionCookieFor(portal, account.email, FACTORY_PASSWORD) }
}

const openSocket = (cookie: string) => openSocketTo(portal.port, cookie)

/** Holds the clock still (timers keep running), so the sender's bucket does not refill. */
function holdClock() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now())
}

const storedWith = (conversation: string, prefix: string) =>
  portal.deps.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationKey, conversation), like(messages.text, `${prefix}%`)))

describe('a flood of chat messages from one account', () => {
  it(`stores the ${BURST}th message through the API and refuses the ${BURST + 1}st with 429`, async () => {
    const [ana, ben] = [await person('Ana'), await person('Ben')]
    const chat = await createDirectChat(portal.deps, brand.key, [ana.key, ben.key])
    holdClock()
    const post = (i: number) =>
      api(portal, 'POST', '/api/message/model/', {
        cookie: ana.cookie,
        body: { conversation: chat.conversation, text: `burst ${i}` },
      })
    for (let i = 1; i <= BURST; i++) expect((await post(i)).status, `message ${i}`).toBe(200)
    expect(await post(BURST + 1)).toEqual({ status: 429, body: { error: { type: 'RateLimited', message: TOO_MANY } } })
    const stored = await storedWith(chat.conversation, 'burst ')
    expect(stored).toHaveLength(BURST)
    expect(stored.map((message) => message.text)).not.toContain(`burst ${BURST + 1}`)
  })

  it('counts the API and a live connection of the account together', async () => {
    const [cai, dee] = [await person('Cai'), await person('Dee')]
    const chat = await createDirectChat(portal.deps, brand.key, [cai.key, dee.key])
    const socket = await openSocket(cai.cookie)
    holdClock()
    // Twenty through the API and ten live: the account's thirty.
    for (let i = 1; i <= 20; i++) {
      const answer = await api(portal, 'POST', '/api/message/model/', {
        cookie: cai.cookie,
        body: { conversation: chat.conversation, text: `mixed ${i}` },
      })
      expect(answer.status, `message ${i}`).toBe(200)
    }
    for (let i = 21; i <= BURST; i++) {
      const answer = (await socket.emitWithAck(CHAT_EVENTS.send, {
        conversation: chat.conversation,
        text: `mixed ${i}`,
      })) as { ok: boolean }
      expect(answer.ok, `message ${i}`).toBe(true)
    }
    expect(await socket.emitWithAck(CHAT_EVENTS.send, { conversation: chat.conversation, text: 'mixed 31' })).toEqual({
      ok: false,
      error: 'RateLimited',
      message: 'Unable to deliver the message.',
    })
    expect(await storedWith(chat.conversation, 'mixed ')).toHaveLength(BURST)
    // Another account is not held back by this one's flood.
    const other = await api(portal, 'POST', '/api/message/model/', {
      cookie: dee.cookie,
      body: { conversation: chat.conversation, text: 'mixed reply' },
    })
    expect(other.status).toBe(200)
    expect(await storedWith(chat.conversation, 'mixed ')).toHaveLength(BURST + 1)
  })
})
