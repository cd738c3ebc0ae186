// Presence against a real server (docs/decisions/154): a person is online while any tab of theirs
// is open and connected, idle when every tab reported itself idle, and offline within 5 s of the
// last tab closing or losing its connection without a goodbye; "Looking now" on a sample (the Yjs
// awareness) by the same rule.
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { CHAT_EVENTS, type PresenceAll, type PresenceChanged } from '#app/platform/protocol'
import { createBrand, createMember, FACTORY_PASSWORD, type BrandFixture } from '#tests/support/factories'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket } from '#tests/support/sockets'
import { markupDocName } from '#app/features/samples/markup.server'
import { createSample } from '#tests/support/atelier-factories'
import { createStyleIn } from '#tests/support/catalogue-factories'
import { connectYjs } from '#tests/support/yjs-client'

let portal: TestPortal
let brand: BrandFixture
const proxies: net.Server[] = []

interface Person {
  key: string
  cookie: string
}

/** The promise of the decision record: offline within this long of the last tab going. */
const OFFLINE_WITHIN_MS = 5_000
/** How long nothing more may arrive before a test says "and nothing else". */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500))

beforeAll(async () => {
  portal = await startTestPortal()
  brand = await createBrand(portal.deps, { lines: 0 })
})
afterAll(async () => {
  proxies.forEach((proxy) => proxy.close())
  await portal?.destroy()
})

async function person(name: string): Promise<Person> {
  const account = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name })
  return { key: account.key, cookie: await sessionCookieFor(portal, account.email, FACTORY_PASSWORD) }
}

/** A tab of the brand: a socket that joined the brand's presence, as every signed-in page does. */
async function openTab(who: Person, port = portal.port): Promise<Socket> {
  const socket = await openSocket(port, who.cookie)
  expect(await socket.emitWithAck(CHAT_EVENTS.presenceJoin, { brand: brand.key })).toEqual({
    ok: true,
    data: undefined,
  })
  return socket
}

/** An observer's tab and what it hears of one person's presence. */
async function observe(of: Person) {
  const tab = await openTab(await person('Observer'))
  const heard: PresenceChanged['state'][] = []
  tab.on(CHAT_EVENTS.presence, (event: PresenceChanged) => {
    if (event.account === of.key) heard.push(event.state)
  })
  return { tab, heard }
}

/** What the chat bar of `viewer` says of `who` when it opens. */
async function barSays(viewer: Person, who: Person) {
  const bar = await api(portal, 'GET', `/api/conversation/query/brand?brand=${brand.key}`, { cookie: viewer.cookie })
  const contacts = (bar.body.data as { contacts: { key: string; presence: string; onlineUser: boolean }[] }).contacts
  const contact = contacts.find((c) => c.key === who.key)!
  return { presence: contact.presence, onlineUser: contact.onlineUser }
}

/** Milliseconds until `check` passes. */
async function timeUntil(check: () => void): Promise<number> {
  const started = Date.now()
  await eventually(check)
  return Date.now() - started
}

it('shows a person offline within 5 s of closing their only tab', async () => {
  const ada = await person('Ada')
  const { heard } = await observe(ada)
  const tab = await openTab(ada)
  await eventually(() => expect(heard).toEqual(['online']))

  const started = Date.now()
  tab.disconnect()
  await eventually(() => expect(heard).toEqual(['online', 'offline']))
  expect(Date.now() - started).toBeLessThan(OFFLINE_WITHIN_MS)
})

it('keeps a person online until their second tab closes too', async () => {
  const [bea, viewer] = [await person('Bea'), await person('Viewer')]
  const { heard } = await observe(bea)
  const [first, second] = [await openTab(bea), await openTab(bea)]
  await eventually(() => expect(heard).toEqual(['online']))

  first.disconnect()
  await settle()
  expect(heard).toEqual(['online'])
  expect(await barSays(viewer, bea)).toEqual({ presence: 'online', onlineUser: true })

  second.disconnect()
  expect(await timeUntil(() => expect(heard).toEqual(['online', 'offline']))).toBeLessThan(OFFLINE_WITHIN_MS)
  expect(await barSays(viewer, bea)).toEqual({ presence: 'offline', onlineUser: false })
})

it('shows a person idle only when every tab is idle, and online again on input in one', async () => {
  const [cy, viewer] = [await person('Cy'), await person('Viewer')]
  const { heard } = await observe(cy)
  const [first, second] = [await openTab(cy), await openTab(cy)]
  await eventually(() => expect(heard).toEqual(['online']))

  expect(await first.emitWithAck(CHAT_EVENTS.presenceActivity, { state: 'idle' })).toEqual({ ok: true })
  await settle()
  expect(heard, 'one tab still in use').toEqual(['online'])
  expect(await barSays(viewer, cy)).toEqual({ presence: 'online', onlineUser: true })

  await second.emitWithAck(CHAT_EVENTS.presenceActivity, { state: 'idle' })
  await eventually(() => expect(heard).toEqual(['online', 'idle']))
  // Idle is still there: the old field stays true, the chat bar tells it apart.
  expect(await barSays(viewer, cy)).toEqual({ presence: 'idle', onlineUser: true })

  await first.emitWithAck(CHAT_EVENTS.presenceActivity, { state: 'active' })
  await eventually(() => expect(heard).toEqual(['online', 'idle', 'online']))

  // Closing the tab in use leaves the idle one: idle, not offline.
  first.disconnect()
  await eventually(() => expect(heard).toEqual(['online', 'idle', 'online', 'idle']))
  second.disconnect()
  await eventually(() => expect(heard).toEqual(['online', 'idle', 'online', 'idle', 'offline']))
})

it('tells a tab as it joins who is present now, so one who left while its page loaded shows offline', async () => {
  const [eve, flo, viewer] = [await person('Eve'), await person('Flo'), await person('Viewer')]
  const eveTab = await openTab(eve)
  const floTab = await openTab(flo)
  // The viewer's page is drawn while both are there; Eve's tab closes before its socket joins.
  expect(await barSays(viewer, eve)).toEqual({ presence: 'online', onlineUser: true })
  eveTab.disconnect()
  await eventually(async () => expect((await barSays(viewer, eve)).presence).toBe('offline'))

  const viewerTab = await openSocket(portal.port, viewer.cookie)
  const snapshots: PresenceAll[] = []
  viewerTab.on(CHAT_EVENTS.presenceAll, (event: PresenceAll) => snapshots.push(event))
  await viewerTab.emitWithAck(CHAT_EVENTS.presenceJoin, { brand: brand.key })
  await eventually(() => expect(snapshots).toHaveLength(1))
  const people = snapshots[0]!.people
  expect(snapshots[0]!.brand).toBe(brand.key)
  expect(people[flo.key]).toBe('online')
  expect(people[viewer.key]).toBe('online')
  expect(people[eve.key], 'left before the viewer joined').toBeUndefined()
  floTab.disconnect()
  viewerTab.disconnect()
})

/** A connection that can be cut without a goodbye, as a dropped network or a sleeping laptop does. */
async function freezableProxy(targetPort: number) {
  const held: net.Socket[] = []
  let frozen = false
  const proxy = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1')
    held.push(client, upstream)
    client.on('data', (chunk) => frozen || upstream.write(chunk))
    upstream.on('data', (chunk) => frozen || client.write(chunk))
    client.on('error', () => {})
    upstream.on('error', () => {})
  })
  proxies.push(proxy)
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    port: (proxy.address() as net.AddressInfo).port,
    /** Nothing passes any more, and nothing is closed: only the missing answers tell. */
    freeze: () => (frozen = true),
    destroy: () => held.forEach((socket) => socket.destroy()),
  }
}

it('shows a person offline within 5 s of their tab losing its connection without a goodbye', async () => {
  const dee = await person('Dee')
  const { heard } = await observe(dee)
  const link = await freezableProxy(portal.port)
  await openTab(dee, link.port)
  await eventually(() => expect(heard).toEqual(['online']))

  const started = Date.now()
  link.freeze()
  await eventually(() => expect(heard).toEqual(['online', 'offline']))
  expect(Date.now() - started).toBeLessThan(OFFLINE_WITHIN_MS)
  link.destroy()
})

it('takes a person out of "Looking now" on a sample within 5 s of their connection being lost', async () => {
  const looker = await person('Lou')
  const watcher = await person('Wes')
  const style = await createStyleIn(portal.deps, brand.key, null, 'Presence Coat')
  const sample = await createSample(portal.deps, brand.key, style, looker.key)
  const docName = markupDocName(brand.key, sample)
  const link = await freezableProxy(portal.port)
  const watching = connectYjs(portal.port, docName, watcher.cookie)
  const looking = connectYjs(link.port, docName, looker.cookie)
  try {
    looking.provider.awareness.setLocalStateField('user', { key: looker.key, name: 'Lou' })
    const lookers = () =>
      [...watching.provider.awareness.getStates().values()].map((state) => (state.user as { key?: string })?.key)
    await eventually(() => expect(lookers()).toContain(looker.key))

    const started = Date.now()
    link.freeze()
    await eventually(() => expect(lookers()).not.toContain(looker.key), 10_000)
    expect(Date.now() - started).toBeLessThan(OFFLINE_WITHIN_MS)
  } finally {
    looking.destroy()
    watching.destroy()
    link.destroy()
  }
})
