// A fleet as README's "Scaling out" runs it: two portal processes on one Postgres server, one Redis
// server and one S3-compatible object store, all started by this test on loopback. Both start at
// once on a database nobody seeded (one seeds, the other waits). A photo uploaded through A is
// checked once and served by B; a chat message and a markup stroke sent through A show in a
// browser on B; an import committed on A lists on B; A stopped with SIGTERM loses nothing: its
// last stroke is stored, a photo it was receiving goes on through B from the offset the store
// holds, and photos it had not yet checked are checked.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, inject, it } from 'vitest'
import { spawnPortal, type SpawnedPortal } from '../../../scripts/spawn-portal'
import { demoKey } from '#app/platform/ids'
import type { FileView } from '#app/features/files/files.server'
import { MARKUP_COLOURS, storedShape, type PenShape } from '#app/features/samples/markup/shapes'
import { MARKUP_SHAPES, markupDocName } from '#app/features/samples/markup.server'
import type { MediaView, ReservedName } from '#app/features/media/views'
import { DEMO_BRAND_KEY, DEMO_DIRECT_CHAT_KEY, demoAccountKey } from '#seed/seed'
import { CHAT_EVENTS } from '#app/platform/protocol'
import { createTestDatabase, type TestDatabase } from '#tests/support/database'
import { api, eventually } from '#tests/support/portal'
import { socketTo } from '#tests/support/sockets'
import { killPortalProcesses, startPortalProcess, type PortalProcess } from '#tests/support/portal-processes'
import { startRedisServer, stopRedisServers } from '#tests/support/redis-server'
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/support/s3-server'
import { tusRequests } from '#tests/support/tus-requests'
import { connectYjs } from '#tests/support/yjs-client'

const SECRET = 'fleet-test-secret-value-of-length'
const BUCKET = 'portal-files'
const SAMPLE_PAGE = `/brand/${DEMO_BRAND_KEY}/style/${demoKey('style:linen-shirt')}/samples/${demoKey('sample-ref:render-front')}`
const MARKUP_DOC = markupDocName(DEMO_BRAND_KEY, demoKey('sample-ref:render-front'))

let database: TestDatabase
let s3: TestS3Server
/** Process A: the JSON API, socket.io and Yjs (no pages), stopped with SIGTERM at the end. */
let a: PortalProcess
/** Process B: everything, pages too, as `npm start` runs it; the browser uses it. */
let b: SpawnedPortal
let browser: Browser
const dirs: string[] = []
let editor = ''
let vsm = ''

beforeAll(async () => {
  database = await createTestDatabase()
  const redisUrl = await startRedisServer()
  s3 = await startS3Server()
  await s3.createBucket(BUCKET)
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    SESSION_SECRET: SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: inject('emulatorHost'),
    FIREBASE_PROJECT_ID: inject('emulatorProjectId'),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: s3.endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    SHUTDOWN_GRACE_SECONDS: '10',
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-fleet-a-'))
  dirs.push(dataDir)
  // At once, on a database nobody seeded: the demo seed runs once, the other process waits for it.
  ;[a, b] = await Promise.all([
    startPortalProcess(dataDir, SECRET, { ...shared, TEST_SESSIONS: 'editor@demo.test,vsm@demo.test' }),
    spawnPortal('fleet-b', { env: shared }),
  ])
  editor = a.sessions['editor@demo.test']!
  vsm = a.sessions['vsm@demo.test']!
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  })
}, 240_000)

afterAll(async () => {
  await browser?.close()
  killPortalProcesses()
  await b?.stop()
  stopRedisServers()
  await s3?.stop()
  await database?.drop()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

const bPort = () => Number(new URL(b.baseURL).port)
const aUrl = () => `http://127.0.0.1:${a.port}`

/** A page on B signed in with a session of the shared database. */
async function pageOnB(cookie: string) {
  const context = await browser.newContext({ baseURL: b.baseURL, viewport: { width: 1280, height: 720 } })
  const [name, value] = cookie.split('=') as [string, string]
  await context.addCookies([{ name, value, url: b.baseURL }])
  return context.newPage()
}

/** A product photo of about `megabytes` MB (noise does not compress), 3:4 as product photos are. */
async function photo(megabytes: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megabytes * 1024 * 1024) / 1.35) * 0.75)
  const height = Math.round((width * 4) / 3)
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
}

/** Reserves the photo's name through A (the batch preflight) and starts its upload there. */
async function startPhotoOnA(name: string, bytes: Buffer) {
  const reserved = await api({ port: a.port }, 'POST', '/api/media/method/batch', {
    cookie: editor,
    body: { brand: DEMO_BRAND_KEY, names: [name] },
  })
  expect(reserved.status).toBe(200)
  const media = (reserved.body.data as ReservedName[])[0]!.key
  const created = await tusRequests(aUrl()).create(
    editor,
    { brand: DEMO_BRAND_KEY, purpose: 'listing-media', filename: name, media: media! },
    bytes.length,
  )
  expect(created.status, created.text).toBe(201)
  const location = created.headers.get('location')!
  return { media: media!, location, key: location.split('/').pop()! }
}

/** The file as B reads it once its check is over. */
async function checkedOnB(key: string): Promise<FileView> {
  return eventually(async () => {
    const answer = await api({ port: bPort() }, 'GET', `/api/file/model/${key}`, { cookie: editor })
    const file = answer.body.data as FileView
    expect(file.status).toMatch(/available|quarantined/)
    return file
  }, 45_000)
}

it('serves through B a photo uploaded through A, with its thumbnail made once', async () => {
  const bytes = await photo(1)
  const upload = await startPhotoOnA('SN-FLEET_SKU-FLEET_front.jpg', bytes)
  expect((await tusRequests(aUrl()).send(editor, upload.location, 0, bytes)).status).toBe(204)
  const file = await checkedOnB(upload.key)
  expect(file).toMatchObject({ status: 'available', content_type: 'image/jpeg', size: bytes.length })

  // Listed on B among the brand's photos, and both its sizes served by B.
  const listed = await api({ port: bPort() }, 'GET', `/api/media/query/brand?brand=${DEMO_BRAND_KEY}&pool=true`, {
    cookie: editor,
  })
  const item = (listed.body.data as MediaView[]).find((entry) => entry.key === upload.media)
  expect(item).toMatchObject({ status: 'available', file: upload.key })
  const original = await fetch(`${b.baseURL}${item!.original}`)
  expect(Buffer.from(await original.arrayBuffer()).equals(bytes)).toBe(true)
  const thumbnail = await fetch(`${b.baseURL}${item!.thumbnail}`)
  expect(thumbnail.status).toBe(200)
  expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 400 })

  // One process checked it: the thumbnail was written to the bucket once.
  const thumbnailKey = decodeURIComponent(new URL(item!.thumbnail!, b.baseURL).pathname.replace(/^\/blobs\//, ''))
  expect(s3.writesOf(thumbnailKey)).toBe(1)
}, 60_000)

it('shows a chat message and a markup stroke sent through A in a browser on B', async () => {
  const chat = await pageOnB(vsm)
  await chat.goto(`/brand/${DEMO_BRAND_KEY}/chat/${DEMO_DIRECT_CHAT_KEY}`)
  await chat.locator('html[data-realtime="connected"]').waitFor()
  const socket = socketTo(a.port, editor)
  await eventually(() => expect(socket.connected).toBe(true))
  const text = `Fleet check ${Date.now().toString(36)}: collar lowered by 2 mm`
  const ack = (await socket.emitWithAck(CHAT_EVENTS.send, {
    conversation: DEMO_DIRECT_CHAT_KEY,
    text,
    client_key: `fleet-${Date.now().toString(36)}`,
  })) as { ok: boolean }
  expect(ack.ok).toBe(true)
  await chat.getByText(text).waitFor({ timeout: 10_000 })

  const sample = await pageOnB(vsm)
  await sample.goto(SAMPLE_PAGE)
  const live = sample.getByTestId('markup-live')
  await live.waitFor()
  await sample.locator('html[data-realtime="connected"]').waitFor()
  const before = Number(await live.getAttribute('data-shapes'))
  const dana = connectYjs(a.port, MARKUP_DOC, editor)
  await eventually(() => expect(dana.provider.synced).toBe(true))
  const stroke: PenShape = {
    id: `fleet-stroke-${Date.now().toString(36)}`,
    kind: 'pen',
    colour: MARKUP_COLOURS.red,
    strokeWidth: 0.005,
    author: demoAccountKey('editor'),
    created: Date.now(),
    points: [0.3, 0.3, 0.35, 0.32, 0.4, 0.36],
  }
  dana.doc.getMap<unknown>(MARKUP_SHAPES).set(stroke.id, storedShape(stroke))
  await eventually(async () => expect(await live.getAttribute('data-shapes')).toBe(String(before + 1)))
  dana.destroy()
  await chat.context().close()
  await sample.context().close()
}, 60_000)

it('lists on B the listings of an import committed on A', async () => {
  const total = async (port: number) =>
    (
      await api({ port }, 'GET', `/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&search=FLEET-IMPORT&limit=10`, {
        cookie: editor,
      })
    ).body as { total: number }
  expect((await total(bPort())).total).toBe(0)
  const lines = ['Listing Unique Id,Style Name,Style Number,Units']
  for (let i = 0; i < 3; i++) lines.push(`FLEET-IMPORT-${i},Fleet Shirt,FLEET-IMPORT,${i + 1}`)
  const committed = await api({ port: a.port }, 'POST', '/api/listing/method/batch', {
    cookie: editor,
    body: { brand: DEMO_BRAND_KEY, filename: 'fleet.csv', spreadsheet: `${lines.join('\n')}\n` },
  })
  expect(committed).toMatchObject({ status: 200, body: { data: { context: { status: 'committed' } } } })
  expect((await total(bPort())).total).toBe(3)
}, 60_000)

it('loses nothing when A stops with SIGTERM: its last stroke, the photo it was receiving, the photos it had not checked', async () => {
  const tusA = tusRequests(aUrl())
  const tusB = tusRequests(b.baseURL)
  // A photo of two parts, half sent through A.
  const big = await photo(8)
  const paused = await startPhotoOnA('SN-FLEET_SKU-FLEET_back.jpg', big)
  const half = 6 * 1024 * 1024 + 999
  expect((await tusA.send(editor, paused.location, 0, big.subarray(0, half))).status).toBe(204)
  // Three photos whose last byte A has just received: their checks are running or waiting.
  const small = await Promise.all([photo(1), photo(1), photo(1)])
  const received = await Promise.all(
    small.map(async (bytes, index) => {
      const upload = await startPhotoOnA(`SN-FLEET_SKU-FLEET_detail${index + 1}.jpg`, bytes)
      expect((await tusA.send(editor, upload.location, 0, bytes)).status).toBe(204)
      return upload
    }),
  )
  // A stroke drawn through A just before it stops.
  const dana = connectYjs(a.port, MARKUP_DOC, editor)
  await eventually(() => expect(dana.provider.synced).toBe(true))
  const stroke: PenShape = {
    id: `fleet-last-stroke-${Date.now().toString(36)}`,
    kind: 'pen',
    colour: MARKUP_COLOURS.red,
    strokeWidth: 0.005,
    author: demoAccountKey('editor'),
    created: Date.now(),
    points: [0.5, 0.5, 0.55, 0.52],
  }
  dana.doc.getMap<unknown>(MARKUP_SHAPES).set(stroke.id, storedShape(stroke))

  a.child.kill('SIGTERM')
  await a.exited
  dana.destroy()
  expect(a.child.exitCode, a.output()).toBe(0)

  // The stroke is in the stored document B opens.
  const mia = connectYjs(bPort(), MARKUP_DOC, vsm)
  await eventually(() => expect(mia.provider.synced).toBe(true))
  expect(mia.doc.getMap(MARKUP_SHAPES).has(stroke.id)).toBe(true)
  mia.destroy()

  // The paused photo goes on through B from the offset the store holds, and is checked.
  expect(await tusB.offset(editor, paused.location)).toBe(half)
  expect((await tusB.send(editor, paused.location, half, big.subarray(half))).status).toBe(204)
  expect(await checkedOnB(paused.key)).toMatchObject({ status: 'available', size: big.length })
  const served = await fetch(`${b.baseURL}${(await checkedOnB(paused.key)).urls!.original}`)
  expect(Buffer.from(await served.arrayBuffer()).equals(big)).toBe(true)

  // Every photo A had received is checked, by A before it stopped or by B after, and once: what A
  // was checking it finished, what waited B took.
  for (const upload of received) {
    const file = await checkedOnB(upload.key)
    expect(file).toMatchObject({ status: 'available' })
    const thumbnailKey = decodeURIComponent(
      new URL(file.urls!.thumbnail!, b.baseURL).pathname.replace(/^\/blobs\//, ''),
    )
    expect(s3.writesOf(thumbnailKey)).toBe(1)
  }
}, 120_000)
