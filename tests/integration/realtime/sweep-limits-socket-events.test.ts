// Every client event is limited per connection (a burst of 20) and per account over all its
// connections (a burst of 60) before it runs. At their exact bounds: the 20th event of one
// connection is taken and its 21st refused; with several connections of one account the 60th
// event is taken and the 61st refused, on a connection that has not used its own 20. A refused
// event answers "Too many requests at once…" and is not relayed to anyone. The clock is held
// still, so no token comes back while a test runs.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Socket } from 'socket.io-client'
import { CHAT_EVENTS } from '#app/platform/protocol'
import {
  createBrand,
  createDirectChat,
  createMember,
  FACTORY_PASSWORD,
  type BrandFixture,
} from '#tests/support/factories'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket as openSocketTo } from '#tests/support/sockets'

let portal: TestPortal
let brand: BrandFixture

const PER_CONNECTION = 20
const PER_ACCOUNT = 60
const LIMITED = {
  ok: false,
  error: 'RateLimited',
  message: 'Too many requests at once. Please wait a moment before trying again.',
}

interface Person {
  key: string
  cookie: string
}

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { lines: 0 })
})
afterEach(() => vi.useRealTimers())
afterAll(async () => {
  await portal?.destroy()
})

async function person(name: string): Promise<Person> {
  const account = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name })
  return { key: account.key, cookie: await sessionCookieFor(portal, account.email, FACTORY_PASSWORD) }
}

const openSocket = (who: Person) => openSocketTo(portal.port, who.cookie)

type Answer = { ok: boolean; error?: string; message?: string }

/** Sends `count` typing events one after the other and returns their answers. */
async function typeTimes(socket: Socket, conversation: string, count: number): Promise<Answer[]> {
  const answers: Answer[] = []
  for (let i = 0; i < count; i++) {
    answers.push((await socket.emitWithAck(CHAT_EVENTS.typing, { conversation })) as Answer)
  }
  return answers
}

/** Holds the clock still (timers keep running), so the buckets do not refill during the test. */
function holdClock() {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now())
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

/** Waits (by timers, the clock being held) until `list` holds `count` items, then a little more. */
async function heardExactly(list: unknown[], count: number) {
  for (let waited = 0; list.length < count && waited < 100; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await settle()
  expect(list).toHaveLength(count)
}

describe('client events at their exact limits', () => {
  it(`takes ${PER_CONNECTION} events of one connection at once and refuses the ${PER_CONNECTION + 1}st`, async () => {
    const [vic, wes] = [await person('Vic'), await person('Wes')]
    const chat = await createDirectChat(portal.deps, brand.key, [vic.key, wes.key])
    const [vicSocket, wesSocket] = [await openSocket(vic), await openSocket(wes)]
    const wesHears: unknown[] = []
    wesSocket.on(CHAT_EVENTS.typingNow, (payload: unknown) => wesHears.push(payload))
    holdClock()

    const answers = await typeTimes(vicSocket, chat.conversation, PER_CONNECTION)
    expect(answers.filter((answer) => answer.ok)).toHaveLength(PER_CONNECTION)
    expect(await vicSocket.emitWithAck(CHAT_EVENTS.typing, { conversation: chat.conversation })).toEqual(LIMITED)

    await heardExactly(wesHears, PER_CONNECTION)
  })

  it(`takes ${PER_ACCOUNT} events of one account over several connections and refuses the ${PER_ACCOUNT + 1}st`, async () => {
    const [xia, yul] = [await person('Xia'), await person('Yul')]
    const chat = await createDirectChat(portal.deps, brand.key, [xia.key, yul.key])
    const connections = [await openSocket(xia), await openSocket(xia), await openSocket(xia), await openSocket(xia)]
    const yulSocket = await openSocket(yul)
    const yulHears: unknown[] = []
    yulSocket.on(CHAT_EVENTS.typingNow, (payload: unknown) => yulHears.push(payload))
    holdClock()

    // Three connections use their own 20 each: 60 for the account, every one taken.
    for (const socket of connections.slice(0, 3)) {
      const answers = await typeTimes(socket, chat.conversation, PER_CONNECTION)
      expect(answers.filter((answer) => answer.ok)).toHaveLength(PER_CONNECTION)
    }
    // The fourth connection has all of its own left, but the account has none.
    const fourth = connections[3]!
    expect(await fourth.emitWithAck(CHAT_EVENTS.typing, { conversation: chat.conversation })).toEqual(LIMITED)

    await heardExactly(yulHears, PER_ACCOUNT)
  })

  it('counts another account on its own', async () => {
    const [zed, amy] = [await person('Zed'), await person('Amy')]
    const chat = await createDirectChat(portal.deps, brand.key, [zed.key, amy.key])
    const [zedSocket, amySocket] = [await openSocket(zed), await openSocket(amy)]
    holdClock()
    expect((await typeTimes(zedSocket, chat.conversation, PER_CONNECTION + 1)).at(-1)).toEqual(LIMITED)
    const amyAnswers = await typeTimes(amySocket, chat.conversation, PER_CONNECTION)
    expect(amyAnswers.every((answer) => answer.ok)).toBe(true)
  })
})
