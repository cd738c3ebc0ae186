// The file pipeline over HTTP: resumable uploads (tus) interrupted and resumed, plain form
// uploads, type by content, size and pixel limits, the EICAR test file kept in quarantine and
// never served, thumbnails, the status pushed over socket.io, and refusals: outsiders, other
// uploaders, malformed tus requests (4xx, never 500).
import { createHash, createHmac } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import * as tus from 'tus-js-client'
import { files } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY, demoAccountKey } from '#seed/seed'
import { EICAR } from '#app/infra/file-scan.server'
import { SCAN_MESSAGES } from '#app/features/files/file-purposes'
import {
  finishUpload,
  holdingDir,
  pipelineSettled,
  resumeInterruptedChecks,
  work,
  type FileView,
} from '#app/features/files/files.server'
import { FILE_EVENTS, type FileStatusEvent } from '#app/platform/protocol'
import { api, eventually, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { openSocket } from '#tests/support/sockets'
import { snapshotData } from '#tests/support/db-snapshot'
import { makeZip } from '#tests/support/zip'
import { createFile } from '#tests/support/file-factories'
import { tusMetadata, tusRequests } from '#tests/support/tus-requests'

const IMAGE_LIMIT = 400_000
const PIXEL_LIMIT = 4_000_000

let portal: TestPortal
let editor: string
let viewer: string
let outsider: string

beforeAll(async () => {
  portal = await startTestPortal({
    env: { UPLOAD_IMAGE_MAX_BYTES: String(IMAGE_LIMIT), UPLOAD_MAX_PIXELS: String(PIXEL_LIMIT) },
  })
  editor = await sessionCookieFor(portal, 'editor@demo.test')
  viewer = await sessionCookieFor(portal, 'viewer@demo.test')
  outsider = await sessionCookieFor(portal, 'outsider@demo.test')
})
afterAll(async () => {
  await portal?.destroy()
})

const jpeg = (width = 1200, height = 1600) =>
  sharp({ create: { width, height, channels: 3, background: '#b45309' } })
    .jpeg({ quality: 80 })
    .toBuffer()
const png = (width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 4, background: '#1e40af80' } })
    .png()
    .toBuffer()

const metadataHeader = tusMetadata
/** The tus requests a browser's uploader sends, to this file's portal. */
const tusServer = () => tusRequests(portal.url)
const tusRequest: ReturnType<typeof tusRequests>['request'] = (method, pathname, options) =>
  tusServer().request(method, pathname, options)
const createUpload = (cookie: string, meta: Record<string, string>, length: number) =>
  tusServer().create(cookie, meta, length)
const patch = (cookie: string, location: string, offset: number, body: Buffer) =>
  tusServer().send(cookie, location, offset, body)

/** Uploads in one go over tus; answers the file's key. */
async function tusUpload(cookie: string, bytes: Buffer, meta: Record<string, string>): Promise<string> {
  const created = await createUpload(cookie, meta, bytes.length)
  expect(created.status, created.text).toBe(201)
  const location = created.headers.get('location')!
  const done = await patch(cookie, location, 0, bytes)
  expect(done.status, done.text).toBe(204)
  return location.split('/').pop()!
}

const product = (filename: string) => ({ brand: DEMO_BRAND_KEY, purpose: 'listing-media', filename })

async function statusOf(cookie: string, key: string) {
  return api(portal, 'GET', `/api/file/model/${key}`, { cookie })
}

/** The file once the pipeline is done with it, as its uploader reads it. */
async function settled(key: string, cookie = editor): Promise<FileView> {
  await pipelineSettled(portal.deps)
  const answer = await statusOf(cookie, key)
  expect(answer.status).toBe(200)
  return answer.body.data as FileView
}

async function formUpload(cookie: string, query: string, bytes: Buffer | null, name = 'photo.jpg') {
  const form = new FormData()
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const response = await fetch(`${portal.url}/api/file/method/upload?${query}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as { data?: FileView; error?: { type: string } } }
}

async function download(url: string) {
  const response = await fetch(`${portal.url}${url}`)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

/** A URL for a blob key signed with the portal's own secret: what /blobs checks, made by hand. */
function signedByHand(key: string): string {
  const expires = String(Math.floor(Date.now() / 1000) + 600)
  const signature = createHmac('sha256', portal.deps.signingSecret).update(`${key}\n${expires}`).digest('base64url')
  return `/blobs/${key}?expires=${expires}&signature=${signature}`
}

describe('resumable uploads', () => {
  it('go on after an interruption from the offset the server holds, and end available', async () => {
    const photo = await jpeg()
    const created = await createUpload(editor, product('SN100_SKU1_front.jpg'), photo.length)
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const key = location.split('/').pop()!
    expect((await statusOf(editor, key)).body.data).toMatchObject({ status: 'uploading', message: null })

    // The connection drops after part of the bytes.
    const sent = Math.floor(photo.length / 3)
    await new Promise<void>((resolve) => {
      const request = http.request(`${portal.url}${location}`, {
        method: 'PATCH',
        headers: {
          cookie: editor,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(photo.length),
        },
      })
      request.on('error', () => resolve())
      request.write(photo.subarray(0, sent), () => setTimeout(() => request.destroy(), 300))
      request.on('close', () => resolve())
    })

    const head = await eventually(async () => {
      const answer = await tusRequest('HEAD', location, { cookie: editor })
      expect(Number(answer.headers.get('upload-offset'))).toBe(sent)
      return answer
    })
    expect(head.headers.get('upload-length')).toBe(String(photo.length))
    expect((await statusOf(editor, key)).body.data).toMatchObject({ status: 'uploading' })

    const rest = await patch(editor, location, sent, photo.subarray(sent))
    expect(rest.status).toBe(204)
    const file = await settled(key)
    expect(file).toMatchObject({
      status: 'available',
      message: SCAN_MESSAGES.available,
      content_type: 'image/jpeg',
      size: photo.length,
      name: 'SN100_SKU1_front.jpg',
      width: 1200,
      height: 1600,
      scan_result: { verdict: 'clean' },
    })
    const original = await download(file.urls!.original)
    expect(original.type).toBe('image/jpeg')
    expect(createHash('sha256').update(original.bytes).digest('hex')).toBe(
      createHash('sha256').update(photo).digest('hex'),
    )
    const thumbnail = await sharp((await download(file.urls!.thumbnail!)).bytes).metadata()
    expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['jpeg', 300, 400])
    const web = await sharp((await download(file.urls!.web!)).bytes).metadata()
    expect([web.width, web.height]).toEqual([1200, 1600])
    // The listing media code finds the thumbnail by its name beside the original.
    expect(file.path).toMatch(new RegExp(`^brands/${DEMO_BRAND_KEY}/files/${key}\\.jpg$`))
  })

  it('work with the tus-js-client library', async () => {
    const photo = await png()
    const key = await new Promise<string>((resolve, reject) => {
      const upload = new tus.Upload(photo, {
        endpoint: `${portal.url}/uploads/tus`,
        headers: { cookie: editor },
        chunkSize: 4096,
        metadata: { brand: DEMO_BRAND_KEY, purpose: 'listing-media', filename: 'look.png' },
        onError: reject,
        onSuccess: () => resolve(upload.url!.split('/').pop()!),
      })
      upload.start()
    })
    expect(await settled(key)).toMatchObject({ status: 'available', content_type: 'image/png' })
  })
})

describe('status pushed live', () => {
  it('tells the uploader "being scanned" and then "uploaded and scanned" or "not available"', async () => {
    const socket = await openSocket(portal.port, editor)
    const heard: FileStatusEvent[] = []
    socket.on(FILE_EVENTS.status, (event: FileStatusEvent) => heard.push(event))
    const clean = await tusUpload(editor, await jpeg(600, 800), product('clean.jpg'))
    const infected = await tusUpload(editor, Buffer.concat([await png(), EICAR]), product('infected.png'))
    await eventually(() => expect(heard.filter((event) => event.status !== 'scanning')).toHaveLength(2))
    expect(heard.filter((event) => event.key === clean).map((event) => [event.status, event.message])).toEqual([
      ['scanning', SCAN_MESSAGES.scanning],
      ['available', SCAN_MESSAGES.available],
    ])
    expect(heard.filter((event) => event.key === infected).map((event) => [event.status, event.message])).toEqual([
      ['scanning', SCAN_MESSAGES.scanning],
      ['quarantined', SCAN_MESSAGES.quarantined],
    ])
  })
})

describe('type by content', () => {
  it('stores a PNG renamed .jpg as the PNG it is', async () => {
    const key = await tusUpload(editor, await png(), product('SN1_SKU1_front.jpg'))
    const file = await settled(key)
    expect(file).toMatchObject({ status: 'available', content_type: 'image/png', name: 'SN1_SKU1_front.jpg' })
    expect(file.path).toMatch(/\.png$/)
    expect((await download(file.urls!.original)).type).toBe('image/png')
  })

  it('keeps an HTML page renamed .png in quarantine, through tus and through the form', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><script>alert(document.cookie)</script></html>')
    const key = await tusUpload(editor, page, product('innocent.png'))
    const file = await settled(key)
    expect(file).toMatchObject({
      status: 'quarantined',
      message: SCAN_MESSAGES.quarantined,
      content_type: 'text/html',
      urls: null,
      path: null,
      scan_result: { verdict: 'refused', check: 'type' },
    })
    const sent = await formUpload(editor, `brand=${DEMO_BRAND_KEY}&purpose=listing-media`, page, 'innocent.png')
    expect(sent.status).toBe(200)
    expect(sent.body.data).toMatchObject({ status: 'scanning', message: SCAN_MESSAGES.scanning })
    expect(await settled(sent.body.data!.key)).toMatchObject({ status: 'quarantined', content_type: 'text/html' })
  })
})

describe('limits', () => {
  it('refuses an upload announced larger than the limit with 413, before any byte', async () => {
    const before = await snapshotData(portal.deps)
    const created = await createUpload(editor, product('huge.jpg'), IMAGE_LIMIT + 1)
    expect(created.status).toBe(413)
    expect(created.text).toContain('too large')
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('refuses more bytes than announced, and a form file past the limit with 413', async () => {
    const created = await createUpload(editor, product('small.jpg'), 1000)
    const location = created.headers.get('location')!
    const over = await patch(editor, location, 0, Buffer.alloc(2000, 1))
    expect(over.status).toBeGreaterThanOrEqual(400)
    expect(over.status).toBeLessThan(500)

    const before = await snapshotData(portal.deps)
    const big = Buffer.concat([await jpeg(200, 200), Buffer.alloc(IMAGE_LIMIT, 7)])
    const sent = await formUpload(editor, `brand=${DEMO_BRAND_KEY}&purpose=listing-media`, big)
    expect(sent.status).toBe(413)
    expect(sent.body.error?.type).toBe('ValidationError')
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('keeps an image of more pixels than allowed in quarantine', async () => {
    const key = await tusUpload(editor, await png(2100, 2000), product('poster.png'))
    expect(await settled(key)).toMatchObject({
      status: 'quarantined',
      width: 2100,
      height: 2000,
      scan_result: { verdict: 'refused', check: 'pixels' },
    })
    const fits = await tusUpload(editor, await png(2000, 2000), product('fits.png'))
    expect(await settled(fits)).toMatchObject({ status: 'available' })
  })

  it('does not start an empty file', async () => {
    expect((await createUpload(editor, product('empty.jpg'), 0)).status).toBe(400)
    const sent = await formUpload(editor, `brand=${DEMO_BRAND_KEY}&purpose=listing-media`, Buffer.alloc(0))
    expect(sent.status).toBe(400)
  })
})

describe('the EICAR test file', () => {
  it('is kept in quarantine and never served, even with a valid signature on its key', async () => {
    const photo = Buffer.concat([await png(), EICAR])
    const key = await tusUpload(editor, photo, product('SN1_SKU1_back.png'))
    const file = await settled(key)
    expect(file).toMatchObject({
      status: 'quarantined',
      urls: null,
      scan_result: { verdict: 'infected', check: 'signature', detail: 'EICAR test signature' },
    })
    const [row] = await portal.deps.db.select().from(files).where(eq(files.key, key))
    expect(row!.originalKey).toBe(`quarantine/${DEMO_BRAND_KEY}/${key}`)
    expect(row!.thumbnailKey).toBeNull()
    // Kept, for support to look at, but nothing serves it.
    const kept = await portal.deps.blobs.get(row!.originalKey!)
    expect(kept?.info.size).toBe(photo.length)
    kept?.stream.destroy()
    expect(() => portal.deps.blobs.signedUrl(row!.originalKey!)).toThrow()
    const served = await download(signedByHand(row!.originalKey!))
    expect(served.status).toBe(404)
    expect(served.bytes.includes(EICAR)).toBe(false)
  })

  it('is found inside a chat attachment archive', async () => {
    const zip = makeZip([
      { name: 'readme.txt', data: Buffer.from('hello') },
      { name: 'eicar.com', data: EICAR },
    ])
    const key = await tusUpload(editor, zip, { brand: DEMO_BRAND_KEY, purpose: 'chat-attachment', filename: 'a.zip' })
    expect(await settled(key)).toMatchObject({ status: 'quarantined', scan_result: { verdict: 'infected' } })
  })
})

describe('access', () => {
  it('refuses an outsider and a read member before any byte, through tus and the form', async () => {
    const before = await snapshotData(portal.deps)
    expect((await createUpload(outsider, product('x.jpg'), 100)).status).toBe(404)
    expect((await createUpload(viewer, product('x.jpg'), 100)).status).toBe(403)
    expect((await createUpload('', product('x.jpg'), 100)).status).toBe(401)
    const photo = await jpeg(100, 100)
    expect((await formUpload(outsider, `brand=${DEMO_BRAND_KEY}&purpose=listing-media`, photo)).status).toBe(404)
    expect((await formUpload(viewer, `brand=${DEMO_BRAND_KEY}&purpose=listing-media`, photo)).status).toBe(403)
    expect(await snapshotData(portal.deps)).toEqual(before)
  })

  it('lets nobody but the uploader go on with an upload', async () => {
    const created = await createUpload(editor, product('mine.jpg'), 10)
    const location = created.headers.get('location')!
    const admin = await sessionCookieFor(portal, 'admin@demo.test')
    for (const cookie of [outsider, admin]) {
      expect((await tusRequest('HEAD', location, { cookie })).status).toBe(404)
      expect((await patch(cookie, location, 0, Buffer.alloc(10))).status).toBe(404)
      expect((await tusRequest('DELETE', location, { cookie })).status).toBe(404)
    }
    expect((await statusOf(editor, location.split('/').pop()!)).body.data).toMatchObject({ status: 'uploading' })
  })

  it('shows another brand’s file, and its addresses, to no outsider', async () => {
    const key = await tusUpload(editor, await jpeg(300, 400), product('secret.jpg'))
    const file = await settled(key)
    expect(file.status).toBe('available')
    const answer = await statusOf(outsider, key)
    expect(answer.status).toBe(404)
    expect(JSON.stringify(answer.body)).not.toContain('/blobs/')
    // A member of the brand sees product photos; a chat attachment only its uploader.
    expect((await statusOf(viewer, key)).status).toBe(200)
    const attachment = await tusUpload(editor, await jpeg(300, 400), {
      brand: DEMO_BRAND_KEY,
      purpose: 'chat-attachment',
      filename: 'note.jpg',
    })
    await settled(attachment)
    expect((await statusOf(viewer, attachment)).status).toBe(404)
    // The outsider's own brand does not reach it either.
    const theirs = await createUpload(outsider, { ...product('x.jpg'), brand: OTHER_BRAND_KEY }, 10)
    expect(theirs.status).toBe(201)
    expect((await patch(outsider, `/uploads/tus/${key}`, 0, Buffer.alloc(10))).status).toBe(404)
  })
})

describe('malformed tus requests', () => {
  const location = { value: '' }
  beforeAll(async () => {
    location.value = (await createUpload(editor, product('m.jpg'), 100)).headers.get('location')!
  })

  it.each([
    ['no Tus-Resumable', 'POST', '/uploads/tus', { 'tus-resumable': '', 'upload-length': '10' }],
    ['a non-numeric length', 'POST', '/uploads/tus', { 'upload-length': 'ten' }],
    ['a negative length', 'POST', '/uploads/tus', { 'upload-length': '-5' }],
    ['no length at all', 'POST', '/uploads/tus', {}],
    ['a deferred length', 'POST', '/uploads/tus', { 'upload-defer-length': '1' }],
    ['garbled metadata', 'POST', '/uploads/tus', { 'upload-length': '10', 'upload-metadata': 'brand,,, %%%' }],
    ['no metadata', 'POST', '/uploads/tus', { 'upload-length': '10' }],
    [
      'an unknown purpose',
      'POST',
      '/uploads/tus',
      { 'upload-length': '10', 'upload-metadata': metadataHeader({ ...product('a.jpg'), purpose: 'avatar' }) },
    ],
    [
      'a brand that is no key',
      'POST',
      '/uploads/tus',
      { 'upload-length': '10', 'upload-metadata': metadataHeader({ ...product('a.jpg'), brand: '../../x' }) },
    ],
    [
      'no filename',
      'POST',
      '/uploads/tus',
      { 'upload-length': '10', 'upload-metadata': metadataHeader({ brand: DEMO_BRAND_KEY, purpose: 'listing-media' }) },
    ],
    ['a POST to an upload address', 'POST', '/uploads/tus/abc', { 'upload-length': '10' }],
    ['a GET of an upload', 'GET', 'LOCATION', {}],
    ['a PATCH of the wrong type', 'PATCH', 'LOCATION', { 'upload-offset': '0', 'content-type': 'text/plain' }],
    [
      'a PATCH at the wrong offset',
      'PATCH',
      'LOCATION',
      { 'upload-offset': '7', 'content-type': 'application/offset+octet-stream' },
    ],
    [
      'a PATCH with a garbled offset',
      'PATCH',
      'LOCATION',
      { 'upload-offset': 'x', 'content-type': 'application/offset+octet-stream' },
    ],
    ['a PATCH without an address', 'PATCH', '/uploads/tus', { 'upload-offset': '0' }],
    ['a PATCH of an unknown upload', 'PATCH', '/uploads/tus/nosuchupload', { 'upload-offset': '0' }],
    ['a PATCH of a path that climbs', 'PATCH', '/uploads/tus/..%2F..%2Fsession-secret', { 'upload-offset': '0' }],
  ])('answers %s with a 4xx, and the server stays up', async (_what, method, pathname, headers) => {
    const target = pathname === 'LOCATION' ? location.value : pathname
    const body = method === 'PATCH' ? Buffer.from('0123456789') : undefined
    const answer = await tusRequest(method, target, { cookie: editor, headers, body })
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400)
    expect(answer.status, answer.text).toBeLessThan(500)
    expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
  })

  it('refuses a cookie-carried upload from another site', async () => {
    const answer = await tusRequest('POST', '/uploads/tus', {
      cookie: editor,
      headers: {
        'upload-length': '10',
        'upload-metadata': metadataHeader(product('a.jpg')),
        'sec-fetch-site': 'cross-site',
      },
    })
    expect(answer.status).toBe(403)
  })
})

describe('a restart while files are being checked', () => {
  it('checks them again from their local copy, or quarantines them as not checked', async () => {
    await pipelineSettled(portal.deps)
    const editorKey = demoAccountKey('editor')
    const kept = await createFile(portal.deps, DEMO_BRAND_KEY, editorKey, { status: 'scanning' })
    const lost = await createFile(portal.deps, DEMO_BRAND_KEY, editorKey, { status: 'scanning' })
    const dir = holdingDir(portal.deps, 'form')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, kept), await jpeg(300, 400))
    // The embedded database's only process, starting again, takes every interrupted check.
    expect(await resumeInterruptedChecks(portal.deps, { anyLease: true })).toBe(2)
    expect(await settled(kept)).toMatchObject({ status: 'available', content_type: 'image/jpeg' })
    expect(await settled(lost)).toMatchObject({ status: 'quarantined', scan_result: { verdict: 'error' } })
    expect(fs.existsSync(path.join(dir, kept))).toBe(false)
  })
})

describe('checks across processes', () => {
  const leaseOf = async (key: string, owner: string, secondsLeft: number) =>
    portal.deps.db
      .update(files)
      .set({ leaseOwner: owner, leaseUntil: new Date(Date.now() + secondsLeft * 1000) })
      .where(eq(files.key, key))

  it('leaves a check whose process still holds its lease, and takes over one whose lease ran out, once', async () => {
    await pipelineSettled(portal.deps)
    const editorKey = demoAccountKey('editor')
    const held = await createFile(portal.deps, DEMO_BRAND_KEY, editorKey, { status: 'scanning' })
    const abandoned = await createFile(portal.deps, DEMO_BRAND_KEY, editorKey, { status: 'scanning' })
    await leaseOf(held, 'other-host:1:aaaa', 30)
    await leaseOf(abandoned, 'other-host:2:bbbb', -1)
    const dir = holdingDir(portal.deps, 'form')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, held), await jpeg(300, 400))
    fs.writeFileSync(path.join(dir, abandoned), await jpeg(300, 400))
    // Two processes looking at the same moment: the abandoned check goes to one of them.
    const taken = await Promise.all([resumeInterruptedChecks(portal.deps), resumeInterruptedChecks(portal.deps)])
    expect(taken.sort()).toEqual([0, 1])
    expect(await settled(abandoned)).toMatchObject({ status: 'available' })
    const [still] = await portal.deps.db.select().from(files).where(eq(files.key, held))
    expect(still).toMatchObject({ status: 'scanning', leaseOwner: 'other-host:1:aaaa' })
    expect(fs.existsSync(path.join(dir, held))).toBe(true)
    const [done] = await portal.deps.db.select().from(files).where(eq(files.key, abandoned))
    expect(done).toMatchObject({ leaseOwner: null, leaseUntil: null })
  })

  it('does not write the outcome of a check whose lease another process took meanwhile', async () => {
    const editorKey = demoAccountKey('editor')
    const key = await createFile(portal.deps, DEMO_BRAND_KEY, editorKey, { status: 'uploading' })
    const dir = holdingDir(portal.deps, 'form')
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, key), await jpeg(300, 400))
    // The check queue is busy, so the check starts only once the lease has changed hands.
    let free = () => {}
    const busy = new Promise<void>((resolve) => (free = resolve))
    const { scans } = work(portal.deps)
    const blockers = [scans.run(() => busy), scans.run(() => busy)]
    await finishUpload(portal.deps, key, { file: path.join(dir, key) }, async () => {})
    // Another process took the file over while this one was still checking it.
    await leaseOf(key, 'other-host:3:cccc', 30)
    free()
    await Promise.all(blockers)
    await pipelineSettled(portal.deps)
    const [row] = await portal.deps.db.select().from(files).where(eq(files.key, key))
    expect(row).toMatchObject({ status: 'scanning', leaseOwner: 'other-host:3:cccc', originalKey: null })
  })
})

describe('an upload that has ended', () => {
  it('cannot be sent to again: its address is gone for its uploader too', async () => {
    const bytes = await jpeg(30, 40)
    const created = await createUpload(editor, product('done.jpg'), bytes.length)
    const location = created.headers.get('location')!
    expect((await patch(editor, location, 0, bytes)).status).toBe(204)
    expect((await tusRequest('HEAD', location, { cookie: editor })).status).toBe(404)
    expect((await patch(editor, location, bytes.length, Buffer.from('more'))).status).toBe(404)
    await settled(location.split('/').pop()!)
  })
})
