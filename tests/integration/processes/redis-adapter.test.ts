// With REDIS_URL, processes are connected: a notification emitted by one process reaches a
// socket on another (socket.io Redis adapter), and a Yjs edit made on one process reaches a
// client of the same document on another (Yjs update fan-out), and so does presence (awareness:
// who looks, their cursor and the stroke they are drawing, and their leaving), and a grant removed
// on one process closes the account's Yjs documents on the other.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { inject } from 'vitest'
import { startRedisServer, stopRedisServers } from '#tests/support/redis-server'
import WebSocket from 'ws'
import { DEMO_BRAND_KEY, DEMO_DIRECT_CHAT_KEY, demoAccountKey } from '#seed/seed'
import { demoKey } from '#app/platform/ids'
import {
  MARKUP_COLOURS,
  parseStoredShape,
  shapeText,
  storedShape,
  type PenShape,
} from '#app/features/samples/markup/shapes'
import { MARKUP_SHAPES, markupDocName } from '#app/features/samples/markup.server'
import { CHAT_EVENTS, CLOSE_CODES, EVENTS, type NotificationPayload } from '#app/platform/protocol'
import { DEMO_PASSWORD, api, eventually, within } from '#tests/support/portal'
import { socketTo } from '#tests/support/sockets'
import { answerSyncSteps, connectYjs, tryUpgrade } from '#tests/support/yjs-client'

const children: ChildProcess[] = []
const dirs: string[] = []
let redisUrl = ''

interface PortalProcess {
  port: number
  /** Session cookies of demo accounts, held in this process's own database. */
  sessions: Record<string, string>
}

function startPortalProcess(env: Record<string, string>): Promise<PortalProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-redis-'))
  dirs.push(dataDir)
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/portal-process.ts'], {
    env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split('\n').find((l) => l.startsWith('{"port"'))
      if (line) resolve(JSON.parse(line) as PortalProcess)
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`portal process exited with ${code}:\n${output}`)))
  })
}

let portA = 0
let portB = 0
let sessionsA: Record<string, string> = {}
let sessionsB: Record<string, string> = {}

beforeAll(async () => {
  redisUrl = await startRedisServer()
  const env = {
    REDIS_URL: redisUrl,
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    FIREBASE_PROJECT_ID: inject('emulatorProjectId'),
    SESSION_SECRET: 'redis-adapter-test-secret-value',
    // Each process keeps its own embedded database, even when the suite runs against Postgres.
    DATABASE_URL: '',
    TEST_SESSIONS: 'admin@demo.test,editor@demo.test,vsm@demo.test,viewer@demo.test,outsider@demo.test',
  }
  // Both processes hold the same demo workspace (its keys are derived from names).
  const [a, b] = await Promise.all([startPortalProcess(env), startPortalProcess(env)])
  ;({ port: portA, sessions: sessionsA } = a!)
  ;({ port: portB, sessions: sessionsB } = b!)
}, 120_000)

afterAll(() => {
  stopRedisServers()
  for (const child of children) child.kill('SIGKILL')
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

it('delivers a notification emitted by one process to a socket on the other', async () => {
  const adminCookie = sessionsB['admin@demo.test']!

  const socket = socketTo(portB, adminCookie)
  const received: NotificationPayload[] = []
  socket.on(EVENTS.notificationNew, (payload: NotificationPayload) => received.push(payload))
  await eventually(() => expect(socket.connected).toBe(true))

  // A bearer token handed out by process A's own sign-in.
  const login = await api({ port: portA }, 'POST', '/api/account/method/login', {
    body: { email: 'editor@demo.test', password: DEMO_PASSWORD },
  })
  const answer = await api({ port: portA }, 'PUT', `/api/brand/model/${DEMO_BRAND_KEY}`, {
    token: (login.body.data as { idToken: string }).idToken,
    body: { year_established: '2014' },
  })
  expect(answer.status).toBe(200)
  await eventually(() => expect(received).toHaveLength(1))
  expect(received[0]).toMatchObject({ firstName: 'Dana', targetId: DEMO_BRAND_KEY })
  socket.disconnect()
})

it('delivers a chat message stored on one process to its recipient on the other, and unread counts agree', async () => {
  // Each process holds its own copy of the demo workspace, with the same chats under the same keys.
  const unreadOf = async (port: number, cookie: string) =>
    (
      (await api({ port }, 'GET', `/api/conversation/method/unread?brand=${DEMO_BRAND_KEY}`, { cookie })).body.data as {
        unread: number
      }
    ).unread
  const victorOnB = socketTo(portB, sessionsB['vsm@demo.test']!)
  const danaOnA = socketTo(portA, sessionsA['editor@demo.test']!)
  const received: { text: string; conversation: string }[] = []
  victorOnB.on(CHAT_EVENTS.message, (message: { text: string; conversation: string }) => received.push(message))
  await eventually(() => expect(victorOnB.connected && danaOnA.connected).toBe(true))
  const shownBefore = await unreadOf(portB, sessionsB['vsm@demo.test']!)
  expect(await unreadOf(portA, sessionsA['vsm@demo.test']!)).toBe(shownBefore)

  const ack = (await danaOnA.emitWithAck(CHAT_EVENTS.send, {
    conversation: DEMO_DIRECT_CHAT_KEY,
    text: 'New render is up, collar lowered by 2 mm',
    client_key: 'two-process-0001',
  })) as { ok: boolean }
  expect(ack.ok).toBe(true)
  await eventually(() =>
    expect(received).toEqual([
      expect.objectContaining({ conversation: DEMO_DIRECT_CHAT_KEY, text: 'New render is up, collar lowered by 2 mm' }),
    ]),
  )
  // The badge on B counts the pushed message on top of what it showed; the stored count says the same.
  expect(await unreadOf(portA, sessionsA['vsm@demo.test']!)).toBe(shownBefore + received.length)
  victorOnB.disconnect()
  danaOnA.disconnect()
})

it('fans a Yjs edit out to a client of the same document on the other process', async () => {
  const docName = `scratch:${DEMO_BRAND_KEY}:fan-out`
  const onA = connectYjs(portA, docName, sessionsA['admin@demo.test']!)
  const onB = connectYjs(portB, docName, sessionsB['editor@demo.test']!)
  await eventually(() => expect(onA.provider.synced && onB.provider.synced).toBe(true))
  onA.doc.getMap<string>('notes').set('look-1', 'shorten the hem')
  await eventually(() => expect(onB.doc.getMap<string>('notes').get('look-1')).toBe('shorten the hem'))
  onB.doc.getMap<string>('notes').set('look-2', 'darker wash')
  await eventually(() => expect(onA.doc.getMap<string>('notes').get('look-2')).toBe('darker wash'))
  onA.destroy()
  onB.destroy()
})

it('shows who looks at a sample, their cursor and stroke, on the other process, and that they left', async () => {
  // The demo's front render, which both processes seeded under the same keys.
  const docName = markupDocName(DEMO_BRAND_KEY, demoKey('sample-ref:render-front'))
  const dana = { key: demoAccountKey('editor'), name: 'Dana Designer' }
  const mia = { key: demoAccountKey('viewer'), name: 'Mia Marketing' }
  const danaOnA = connectYjs(portA, docName, sessionsA['editor@demo.test']!)
  danaOnA.provider.awareness.setLocalStateField('user', dana)
  await eventually(() => expect(danaOnA.provider.synced).toBe(true))
  // Mia may only look, and comes through process B while Dana is already there.
  const miaOnB = connectYjs(portB, docName, sessionsB['viewer@demo.test']!)
  miaOnB.provider.awareness.setLocalStateField('user', mia)
  await eventually(() => expect(miaOnB.provider.synced).toBe(true))
  const seenBy = (client: ReturnType<typeof connectYjs>, other: ReturnType<typeof connectYjs>) =>
    client.provider.awareness.getStates().get(other.doc.clientID)
  // Within seconds, not at Dana's next renewal (15 s): B asks the other processes who is there.
  await eventually(() => expect(seenBy(miaOnB, danaOnA)).toEqual({ user: dana }))
  // A read-only viewer is shown as looking too.
  await eventually(() => expect(seenBy(danaOnA, miaOnB)).toEqual({ user: mia }))

  const stroke: PenShape = {
    id: 'two-process-stroke',
    kind: 'pen',
    colour: MARKUP_COLOURS.red,
    strokeWidth: 0.005,
    author: dana.key,
    created: Date.now(),
    points: [0.4, 0.5, 0.42, 0.52, 0.45, 0.55],
  }
  danaOnA.provider.awareness.setLocalState({ user: dana, cursor: { x: 0.45, y: 0.55 }, drawing: shapeText(stroke) })
  await eventually(() =>
    expect(seenBy(miaOnB, danaOnA)).toEqual({ user: dana, cursor: { x: 0.45, y: 0.55 }, drawing: shapeText(stroke) }),
  )
  // Letting go commits the stroke to the document and clears it from awareness.
  danaOnA.doc.getMap<unknown>(MARKUP_SHAPES).set(stroke.id, storedShape(stroke))
  danaOnA.provider.awareness.setLocalStateField('drawing', null)
  await eventually(() => expect(parseStoredShape(miaOnB.doc.getMap(MARKUP_SHAPES).get(stroke.id))).toEqual(stroke))
  await eventually(() => expect(seenBy(miaOnB, danaOnA)).toMatchObject({ drawing: null }))

  // Dana's connection drops without the goodbye a closing client sends (her state set to none):
  // process A removes her state as the connection closes, and B hears of it well before its own
  // 30 s timeout would.
  danaOnA.provider.shouldConnect = false
  ;(danaOnA.provider.ws as unknown as WebSocket).terminate()
  await eventually(() => expect(seenBy(miaOnB, danaOnA)).toBeUndefined())
  danaOnA.destroy()
  expect(seenBy(miaOnB, miaOnB)).toEqual({ user: mia })
  miaOnB.destroy()

  // Someone of another brand cannot join the document on B.
  expect(await tryUpgrade(portB, docName, sessionsB['outsider@demo.test']!)).toEqual({ opened: false, status: 404 })
})

it('closes a Yjs connection on one process when the account loses its grant on the other', async () => {
  const vsmCookie = sessionsB['vsm@demo.test']!
  const onB = answerSyncSteps(
    new WebSocket(`ws://127.0.0.1:${portB}/yjs/scratch:${DEMO_BRAND_KEY}:revoked`, {
      headers: { cookie: vsmCookie },
    }),
  )
  await new Promise((resolve, reject) => {
    onB.once('open', resolve)
    onB.once('error', reject)
  })
  const closed = new Promise<number>((resolve) => onB.once('close', (code) => resolve(code)))

  const answer = await api({ port: portA }, 'POST', '/api/brand/method/remove_team_member', {
    cookie: sessionsA['admin@demo.test']!,
    body: { brand: DEMO_BRAND_KEY, account: demoAccountKey('vsm') },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(await within(closed, 10_000, 'the other process’s Yjs connection to close')).toBe(CLOSE_CODES.accessRevoked)
})
