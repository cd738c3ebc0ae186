// One text rule at every entry point (docs/decisions/146): a control character other than tab and
// line breaks, or half a surrogate pair, answers 400 naming the field and stores nothing, over
// the JSON API (body, path and query), page forms, page addresses and socket events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { lines, messages } from '#db/schema'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { action as createLineAction } from '#app/routes/_frame+/brand+/$brandKey+/lines+/create'
import { createBrand, createMember, FACTORY_PASSWORD, type BrandFixture } from '#tests/support/factories'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { postForm } from '#tests/support/routes'
import { openSocket } from '#tests/support/sockets'

let portal: TestPortal
let brand: BrandFixture
let owner: { key: string; cookie: string }
let other: { key: string; cookie: string }

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { name: 'Control Brand' })
  const a = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Olive' })
  const b = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Eddie' })
  owner = { key: a.key, cookie: await sessionCookieFor(portal, a.email, FACTORY_PASSWORD) }
  other = { key: b.key, cookie: await sessionCookieFor(portal, b.email, FACTORY_PASSWORD) }
})
afterAll(async () => {
  await portal?.destroy()
})

// The database itself refuses a NUL in a query, so what is stored is read as the brand's lines.
const linesNamed = async (name: string) =>
  (await portal.deps.db.select().from(lines).where(eq(lines.brandKey, brand.key))).filter((line) => line.name === name)

// Each refused character beside one that is taken, written out by hand.
const REFUSED = ['\u0000', '\u0001', '\u0008', '\u000B', '\u000C', '\u001B', '\u007F', '\u0085', '\uD800', '\uDC00']
const TAKEN = ['\t', 'é', '😀', '\u00A0']

describe('the JSON API', () => {
  it.each(REFUSED.map((char) => [JSON.stringify(char), char]))(
    'refuses %s in a field and stores nothing',
    async (_, char) => {
      const name = `Night${char}wear`
      const answer = await api(portal, 'POST', '/api/line/model/', {
        cookie: owner.cookie,
        body: { name, brand: brand.key },
      })
      expect(answer).toEqual({
        status: 400,
        body: { error: { type: 'ValidationError', message: 'name: must not contain control characters.' } },
      })
      expect(await linesNamed(name)).toEqual([])
    },
  )

  // In a free text (a line's description): a name has its own, narrower rule (docs/decisions/175).
  it.each(TAKEN.map((char, index) => [JSON.stringify(char), char, index] as const))(
    'takes %s',
    async (_, char, index) => {
      const description = `Day${char}wear`
      const name = `Daywear ${index}`
      const answer = await api(portal, 'POST', '/api/line/model/', {
        cookie: owner.cookie,
        body: { name, description, brand: brand.key },
      })
      expect(answer.status).toBe(200)
      expect((await linesNamed(name)).map((line) => line.description)).toEqual([description])
    },
  )

  it('refuses one in a nested field, a key, the query or the path', async () => {
    const nested = await api(portal, 'PUT', `/api/brand/model/${brand.key}`, {
      cookie: owner.cookie,
      body: { name: 'Fine', settings: { note: ['ok', 'b\u0000d'] } },
    })
    expect(nested.body).toEqual({
      error: { type: 'ValidationError', message: 'settings.note.1: must not contain control characters.' },
    })
    const search = await api(portal, 'GET', `/api/listing/query/filter?brand=${brand.key}&search=a%00b`, {
      cookie: owner.cookie,
    })
    expect(search).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'search: must not contain control characters.' } },
    })
    const path = await api(portal, 'GET', '/api/line/model/ab%01cd', { cookie: owner.cookie })
    expect(path).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'path: must not contain control characters.' } },
    })
  })
})

describe('pages', () => {
  it('a form field answers 400 with its name and creates nothing', async () => {
    const response = await postForm(portal, createLineAction, {
      path: `/brand/${brand.key}/lines/create`,
      params: { brandKey: brand.key },
      cookie: owner.cookie,
      fields: { name: 'Form\u0001Line', description: '' },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: { type: 'ValidationError', message: 'name: must not contain control characters.' },
    })
    expect(await linesNamed('Form\u0001Line')).toEqual([])
  })

  it('an address answers 400 before any loader runs', async () => {
    const response = await fetch(`${portal.url}/brand/${brand.key}/products?search=a%00b`, {
      headers: { cookie: owner.cookie },
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('search: must not contain control characters.')
  })
})

describe('socket events', () => {
  it('chat:send with a NUL is refused with the same shape as any refusal, and nothing is stored', async () => {
    const opened = await api(portal, 'POST', '/api/conversation/method/direct', {
      cookie: owner.cookie,
      body: { brand: brand.key, account: other.key },
    })
    const conversation = (opened.body.data as { key: string }).key
    const socket = await openSocket(portal.port, owner.cookie)
    for (const [event, payload] of [
      [CHAT_EVENTS.send, { conversation, text: 'a\u0000b' }],
      [CHAT_EVENTS.typing, { conversation: `${conversation}\u0000` }],
      [CHAT_EVENTS.watch, { conversation: `x\uD800` }],
    ] as const) {
      expect(await socket.emitWithAck(event, payload), event).toEqual({
        ok: false,
        error: 'ValidationError',
        message: expect.stringMatching(/^\w+: must not contain control characters\.$/) as unknown,
      })
    }
    expect(await portal.deps.db.select().from(messages).where(eq(messages.conversationKey, conversation))).toEqual([])
  })
})
