// Two portal processes on one database and one Redis server, as a fleet runs them: a person
// signed in with connections on both logs out through one of them, and every live connection of
// that sign-in closes on both (socket.io and Yjs), and nothing can be sent with it afterwards.
// The colleague signed in beside them keeps theirs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { inject } from 'vitest'
import { spawnPortal, type SpawnedPortal } from '../../../scripts/spawn-portal'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { CLOSE_CODES, EVENTS } from '#app/platform/protocol'
import { createTestDatabase, type TestDatabase } from '#tests/support/database'
import { api, eventually, within } from '#tests/support/portal'
import { openSocket } from '#tests/support/sockets'
import { killPortalProcesses, startPortalProcess, type PortalProcess } from '#tests/support/portal-processes'
import { startRedisServer, stopRedisServers } from '#tests/support/redis-server'
import { answerSyncSteps, tryUpgrade } from '#tests/support/yjs-client'

const SECRET = 'fleet-sessions-test-secret-value'
let database: TestDatabase
/** Serves pages (the logout form) as `npm start` does. */
let pages: SpawnedPortal
/** An API, socket.io and Yjs process beside it; its demo sign-ins are stored in the shared database. */
let other: PortalProcess
const dirs: string[] = []
const webSockets: WebSocket[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  const redisUrl = await startRedisServer()
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    SESSION_SECRET: SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    FIREBASE_PROJECT_ID: inject('emulatorProjectId'),
  }
  // One after the other: the first migrates and seeds the shared database.
  pages = await spawnPortal('fleet', { env: shared })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fleet-'))
  dirs.push(dataDir)
  other = await startPortalProcess(dataDir, SECRET, {
    ...shared,
    TEST_SESSIONS: 'editor@demo.test,admin@demo.test',
  })
}, 240_000)

afterAll(async () => {
  webSockets.forEach((ws) => ws.terminate())
  killPortalProcesses()
  await pages?.stop()
  stopRedisServers()
  await database?.drop()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

function openYjs(port: number, docName: string, cookie: string) {
  const ws = answerSyncSteps(new WebSocket(`ws://127.0.0.1:${port}/yjs/${docName}`, { headers: { cookie } }))
  webSockets.push(ws)
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)))
  return new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
    ws.once('open', () => resolve({ ws, closed }))
    ws.once('error', reject)
  })
}

const portOf = (baseURL: string) => Number(new URL(baseURL).port)

/** Logs out through the page, as the browser's form does: its CSRF token first, then the POST. */
async function logOut(baseURL: string, sessionCookie: string): Promise<number> {
  const page = await fetch(`${baseURL}/logout`, { headers: { cookie: sessionCookie } })
  const html = await page.text()
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
  expect(csrf, 'the logout page carries its form token').toBeTruthy()
  const uiCookies = page.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  const answer = await fetch(`${baseURL}/logout`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: [sessionCookie, ...uiCookies].join('; '),
      'content-type': 'application/x-www-form-urlencoded',
      origin: baseURL,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({ csrf: csrf! }).toString(),
  })
  return answer.status
}

it('logging out on one process closes that sign-in’s socket.io and Yjs connections on both', async () => {
  const leaving = other.sessions['editor@demo.test']!
  const staying = other.sessions['admin@demo.test']!
  const pagesPort = portOf(pages.baseURL)
  const docName = `scratch:${DEMO_BRAND_KEY}:fleet`

  const socketHere = await openSocket(pagesPort, leaving)
  const socketThere = await openSocket(other.port, leaving)
  const bystander = await openSocket(other.port, staying)
  const reasons: string[] = []
  socketHere.on('disconnect', (reason) => reasons.push(`here: ${reason}`))
  socketThere.on('disconnect', (reason) => reasons.push(`there: ${reason}`))
  expect(await socketThere.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
  const yjsHere = await openYjs(pagesPort, docName, leaving)
  const yjsThere = await openYjs(other.port, docName, leaving)
  const bystanderYjs = await openYjs(other.port, docName, staying)

  expect(await logOut(pages.baseURL, leaving)).toBe(302)

  expect(await within(yjsHere.closed, 10_000, 'this process’s Yjs connection to close')).toBe(CLOSE_CODES.sessionEnded)
  expect(await within(yjsThere.closed, 10_000, 'the other process’s Yjs connection to close')).toBe(
    CLOSE_CODES.sessionEnded,
  )
  await eventually(() => expect(reasons.sort()).toEqual(['here: io server disconnect', 'there: io server disconnect']))
  expect(bystander.connected).toBe(true)
  expect(bystanderYjs.ws.readyState).toBe(WebSocket.OPEN)

  // Nothing more goes through with the ended sign-in, on either process.
  for (const port of [pagesPort, other.port]) {
    await expect(openSocket(port, leaving)).rejects.toThrow('AuthInvalidSession')
    expect(await tryUpgrade(port, docName, leaving)).toMatchObject({ opened: false, status: 401 })
    const send = await api({ port }, 'POST', '/api/message/model', {
      cookie: leaving,
      body: { model: 'Brand', model_id: DEMO_BRAND_KEY, text: 'after logout' },
    })
    expect(send.status).toBe(401)
  }
  // The sockets that were open are gone; the colleague's still answers.
  expect(socketHere.connected || socketThere.connected).toBe(false)
  expect(await bystander.emitWithAck(EVENTS.brandJoin, { brand: DEMO_BRAND_KEY })).toEqual({ ok: true })
}, 60_000)
