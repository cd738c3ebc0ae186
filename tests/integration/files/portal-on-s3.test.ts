// The portal with its files in S3-compatible object storage (S3_BUCKET, S3_ENDPOINT,
// S3_FORCE_PATH_STYLE; credentials the AWS SDK's usual way): the demo seed's images and an uploaded
// picture land in the bucket, not on local disk, and are served after the same signature check;
// a bucket that is missing stops the start with what to change; /readyz asks the object store.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { pipelineSettled, type FileView } from '#app/features/files/files.server'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { tusRequests } from '#tests/support/tus-requests'
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/support/s3-server'

const BUCKET = 'portal-files'
let server: TestS3Server
let portal: TestPortal
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }

const s3Env = (bucket = BUCKET) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: server.endpoint,
  S3_FORCE_PATH_STYLE: 'true',
})

beforeAll(async () => {
  server = await startS3Server()
  await server.createBucket(BUCKET)
  // The SDK's usual credential chain, as a deployment sets it.
  process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId
  process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey
  portal = await startTestPortal({ env: s3Env() })
}, 120_000)

afterAll(async () => {
  await portal?.destroy()
  await server?.stop()
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret
  if (savedEnv.id === undefined) delete process.env.AWS_ACCESS_KEY_ID
  if (savedEnv.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY
})

async function objectInBucket(key: string): Promise<Buffer | null> {
  const client = new S3Client({
    endpoint: server.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  })
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
    return Buffer.from(await answer.Body!.transformToByteArray())
  } catch {
    return null
  } finally {
    client.destroy()
  }
}

it('stores an uploaded picture in the bucket and serves it after the signature check', async () => {
  const cookie = await sessionCookieFor(portal, 'viewer@demo.test')
  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#1e6bc8' } })
    .png()
    .toBuffer()
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
  const response = await fetch(`${portal.url}/api/account/method/profile_picture`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  expect(response.status).toBe(200)
  const { data } = (await response.json()) as { data: { url: string } }
  const served = await fetch(`${portal.url}${data.url}`)
  expect(served.status).toBe(200)
  expect(served.headers.get('content-type')).toBe('image/jpeg')
  const bytes = Buffer.from(await served.arrayBuffer())
  expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 })

  // The same bytes are the bucket's object; the local disk holds no copy.
  const key = decodeURIComponent(new URL(data.url, portal.url).pathname.replace(/^\/blobs\//, ''))
  expect((await objectInBucket(key))?.equals(bytes)).toBe(true)
  expect(fs.existsSync(path.join(portal.dataDir, 'blobs', key))).toBe(false)

  // HEAD answers the headers alone.
  const head = await fetch(`${portal.url}${data.url}`, { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('content-length')).toBe(String(bytes.length))
  expect((await head.arrayBuffer()).byteLength).toBe(0)
  // A download abandoned mid-way leaves the portal serving.
  const abandoned = new AbortController()
  const partial = await fetch(`${portal.url}${data.url}`, { signal: abandoned.signal })
  abandoned.abort()
  await partial.arrayBuffer().catch(() => undefined)
  expect((await fetch(`${portal.url}${data.url}`)).status).toBe(200)

  // A forged signature is refused as on local disk.
  const forged = new URL(data.url, portal.url)
  forged.searchParams.set('signature', 'A'.repeat(43))
  expect((await fetch(forged)).status).toBe(403)
})

it('keeps a resumable upload in the bucket while it arrives, goes on from the offset the bucket holds, and leaves no upload behind', async () => {
  const cookie = await sessionCookieFor(portal, 'editor@demo.test')
  // A photo of about 8 MB: more than one part of the store's multipart upload.
  const [width, height] = [2100, 2800]
  const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 100 })
    .toBuffer()
  expect(photo.length).toBeGreaterThan(6 * 1024 * 1024)
  const tus = tusRequests(portal.url)
  const created = await tus.create(
    cookie,
    { brand: DEMO_BRAND_KEY, purpose: 'listing-media', filename: 'SN1_SKU1_front.jpg' },
    photo.length,
  )
  expect(created.status, created.text).toBe(201)
  const location = created.headers.get('location')!
  const key = location.split('/').pop()!
  expect(location).toBe(`/uploads/tus/${key}`)

  // The first 6 MB, then the connection is lost: the bucket holds them, not this process's disk.
  const first = 6 * 1024 * 1024 + 1234
  expect((await tus.send(cookie, location, 0, photo.subarray(0, first))).status).toBe(204)
  expect(await tus.offset(cookie, location)).toBe(first)
  expect(await objectInBucket(`uploads/tus/${key}.info`)).not.toBeNull()
  expect(fs.existsSync(path.join(portal.dataDir, 'uploads', 'tus', key))).toBe(false)

  const rest = await tus.send(cookie, location, first, photo.subarray(first))
  expect(rest.status, rest.text).toBe(204)
  await pipelineSettled(portal.deps)
  const answer = await fetch(`${portal.url}/api/file/model/${key}`, { headers: { cookie } })
  const { data } = (await answer.json()) as { data: FileView }
  expect(data).toMatchObject({ status: 'available', content_type: 'image/jpeg', size: photo.length })
  // The original is the bytes sent, whole; its thumbnail is made.
  const original = await fetch(`${portal.url}${data.urls!.original}`)
  expect(original.headers.get('content-type')).toBe('image/jpeg')
  expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true)
  const thumbnail = await fetch(`${portal.url}${data.urls!.thumbnail}`)
  expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ width: 300, height: 400 })
  // Once checked, nothing of the upload is left in the bucket, and its address is gone.
  for (const name of [key, `${key}.info`, `${key}.part`]) expect(await objectInBucket(`uploads/tus/${name}`)).toBeNull()
  expect(await tus.offset(cookie, location)).toBeNull()
}, 60_000)

it('refuses, with the bucket, what it refuses on local disk: an outsider, a read member, a forged or climbing address', async () => {
  const tus = tusRequests(portal.url)
  const editor = await sessionCookieFor(portal, 'editor@demo.test')
  const outsider = await sessionCookieFor(portal, 'outsider@demo.test')
  const viewer = await sessionCookieFor(portal, 'viewer@demo.test')
  const meta = { brand: DEMO_BRAND_KEY, purpose: 'listing-media', filename: 'SN1_SKU1_side.jpg' }
  // A read member and someone of another brand cannot start an upload for the brand.
  expect((await tus.create(viewer, meta, 10)).status).toBe(403)
  expect((await tus.create(outsider, meta, 10)).status).toBe(404)
  const created = await tus.create(editor, meta, 10)
  expect(created.status).toBe(201)
  const location = created.headers.get('location')!
  // Nobody but its uploader goes on with it, or learns where it stands.
  expect((await tus.send(outsider, location, 0, Buffer.from('0123456789'))).status).toBe(404)
  expect(await tus.offset(viewer, location)).toBeNull()
  for (const target of ['/uploads/tus/nosuchupload', '/uploads/tus/..%2F..%2Fsession-secret', `${location}%00`]) {
    const answer = await tus.send(editor, target, 0, Buffer.from('0123456789'))
    expect(answer.status, target).toBeGreaterThanOrEqual(400)
    expect(answer.status, target).toBeLessThan(500)
  }
  // Nothing was written for any of them, and the portal still serves.
  expect(await tus.offset(editor, location)).toBe(0)
  expect((await fetch(`${portal.url}/healthz`)).status).toBe(200)
})

it('reports the object store in /readyz', async () => {
  const response = await fetch(`${portal.url}/readyz`)
  expect(await response.json()).toMatchObject({ ready: true, checks: { database: 'ok', 'object store': 'ok' } })
})

it('does not start on a bucket that does not exist, and says which', async () => {
  await expect(startTestPortal({ env: s3Env('missing-bucket') })).rejects.toThrow(
    /The bucket missing-bucket does not exist at http:\/\/127\.0\.0\.1:\d+: create it, or set S3_BUCKET\./,
  )
}, 60_000)

it('is not ready while the object store is unreachable', async () => {
  await server.stop()
  const response = await fetch(`${portal.url}/readyz`)
  expect(response.status).toBe(503)
  const body = (await response.json()) as { checks: Record<string, string> }
  expect(body.checks['object store']).toMatch(/unreachable|timed out/)
  expect(body.checks.database).toBe('ok')
}, 30_000)
