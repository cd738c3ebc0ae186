// Presence across two portal processes sharing Redis (docs/decisions/154): a person on one process
// shows online to an observer on the other, stays online while a tab is open on either, shows
// offline within 5 s once the last closes, and within 5 s too when their process is killed
// without a goodbye (its sockets never announce leaving: the fleet's heartbeat finds it gone), or
// stops answering with its connections left open, as a machine that vanished does.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Socket } from 'socket.io-client'
import { DEMO_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { CHAT_EVENTS, type PresenceAll, type PresenceChanged } from '#app/platform/protocol'
import { api, eventually } from '#tests/support/portal'
import { openSocket } from '#tests/support/sockets'
import { killPortalProcesses, startPortalProcess, type PortalProcess } from '#tests/support/portal-processes'
import { startRedisServer, stopRedisServers } from '#tests/support/redis-server'

/** The promise of the decision record, for a closed tab and for a killed process alike. */
const OFFLINE_WITHIN_MS = 5_000
const OBSERVER = 'admin@demo.test'
/** One person per test, so what one test leaves open does not change the next. */
const PEOPLE = { closing: 'editor@demo.test', killed: 'vsm@demo.test', stalled: 'viewer@demo.test' }
const keyOf = (email: string) => demoAccountKey(email.split('@')[0]!)

let first: PortalProcess
let second: PortalProcess
/** Stopped (SIGSTOP) by a test: it keeps its connections open and answers nothing. */
let third: PortalProcess
const dirs: string[] = []

beforeAll(async () => {
  const redisUrl = await startRedisServer()
  const start = () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-presence-'))
    dirs.push(dataDir)
    // Each process keeps its own embedded database with the same demo workspace (same keys).
    return startPortalProcess(dataDir, 'presence-fleet-test-secret-value', {
      REDIS_URL: redisUrl,
      TEST_SESSIONS: [OBSERVER, ...Object.values(PEOPLE)].join(','),
    })
  }
  ;[first, second, third] = await Promise.all([start(), start(), start()])
}, 240_000)

afterAll(() => {
  killPortalProcesses()
  stopRedisServers()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

async function openTab(on: PortalProcess, email: string): Promise<Socket> {
  const socket = await openSocket(on.port, on.sessions[email]!)
  expect(await socket.emitWithAck(CHAT_EVENTS.presenceJoin, { brand: DEMO_BRAND_KEY })).toEqual({
    ok: true,
    data: undefined,
  })
  return socket
}

/** The observer's tab on the second process, and what it hears of the person. */
async function observe(personKey: string) {
  const tab = await openTab(second, OBSERVER)
  const heard: string[] = []
  tab.on(CHAT_EVENTS.presence, (event: PresenceChanged) => {
    if (event.account === personKey) heard.push(event.state)
  })
  tab.on(CHAT_EVENTS.presenceAll, (event: PresenceAll) => {
    if (event.brand === DEMO_BRAND_KEY) heard.push(`all:${event.people[personKey] ?? 'offline'}`)
  })
  return { tab, heard }
}

/** What the observer's chat bar, read from the second process, says of the person. */
async function barSays(personKey: string): Promise<string | undefined> {
  const bar = await api({ port: second.port }, 'GET', `/api/conversation/query/brand?brand=${DEMO_BRAND_KEY}`, {
    cookie: second.sessions[OBSERVER]!,
  })
  return (bar.body.data as { contacts: { key: string; presence: string }[] }).contacts.find((c) => c.key === personKey)
    ?.presence
}

it('shows a person on the other process online while a tab is open on either, offline within 5 s of the last', async () => {
  const [PERSON, personKey] = [PEOPLE.closing, keyOf(PEOPLE.closing)]
  const { tab, heard } = await observe(personKey)
  const there = await openTab(first, PERSON)
  await eventually(() => expect(heard).toEqual(['online']))
  expect(await barSays(personKey)).toBe('online')

  // A second tab on the observer's process: closing the first one's leaves them online.
  const here = await openTab(second, PERSON)
  there.disconnect()
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(heard).toEqual(['online'])
  expect(await barSays(personKey)).toBe('online')

  // Idle only when the tab there is idle too: asked of the other process, as is everything here.
  const back = await openTab(first, PERSON)
  await here.emitWithAck(CHAT_EVENTS.presenceActivity, { state: 'idle' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(heard).toEqual(['online'])
  await back.emitWithAck(CHAT_EVENTS.presenceActivity, { state: 'idle' })
  await eventually(() => expect(heard).toEqual(['online', 'idle']))
  expect(await barSays(personKey)).toBe('idle')

  here.disconnect()
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(heard).toEqual(['online', 'idle'])
  const started = Date.now()
  back.disconnect()
  await eventually(() => expect(heard).toEqual(['online', 'idle', 'offline']))
  expect(Date.now() - started).toBeLessThan(OFFLINE_WITHIN_MS)
  expect(await barSays(personKey)).toBe('offline')
  tab.disconnect()
}, 60_000)

it('shows a person offline within 5 s after their process stops answering, its connections left open', async () => {
  const [PERSON, personKey] = [PEOPLE.stalled, keyOf(PEOPLE.stalled)]
  const { heard } = await observe(personKey)
  await openTab(third, PERSON)
  await eventually(() => expect(heard).toEqual(['online']))

  const started = Date.now()
  third.child.kill('SIGSTOP')
  // Redis still counts it until its connections are closed: the fleet closes them, or every
  // question would wait for its answer and fail.
  await eventually(() => expect(heard).toEqual(['online', 'all:offline']))
  expect(Date.now() - started).toBeLessThan(OFFLINE_WITHIN_MS)
  expect(await barSays(personKey)).toBe('offline')
  third.child.kill('SIGKILL')
  await third.exited
}, 60_000)

it('shows a person offline within 5 s after their process is killed without a goodbye', async () => {
  const [PERSON, personKey] = [PEOPLE.killed, keyOf(PEOPLE.killed)]
  const { heard } = await observe(personKey)
  await openTab(first, PERSON)
  await eventually(() => expect(heard).toEqual(['online']))

  const started = Date.now()
  first.child.kill('SIGKILL')
  await first.exited
  // No disconnect ran for the person's socket: the observer hears who is there now.
  await eventually(() => expect(heard).toEqual(['online', 'all:offline']))
  expect(Date.now() - started).toBeLessThan(OFFLINE_WITHIN_MS)
  expect(await barSays(personKey)).toBe('offline')
}, 60_000)
