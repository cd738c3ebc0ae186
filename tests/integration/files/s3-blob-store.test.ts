// The S3 blob store against a real S3-compatible server on loopback: bytes stream in and out,
// large files go up in parts, refusals and failures leave nothing visible, and a store that cannot
// be used says in words what to change.
import { createHash } from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isBlobRefused } from '#app/infra/blob-store.server'
import {
  MULTIPART_CALLS,
  ObjectStoreError,
  createS3BlobStore,
  type S3BlobStoreOptions,
} from '#app/infra/s3-blob-store.server'
import { startTestPortal } from '#tests/support/portal'
import { S3_TEST_CREDENTIALS, startS3Server, type TestS3Server } from '#tests/support/s3-server'

const BUCKET = 'portal-blobs'
const PART = 5 * 1024 * 1024
let server: TestS3Server

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])

/** `size` bytes that start as a JPEG, produced a chunk at a time (never all in memory). */
function jpegStream(size: number, chunk = 256 * 1024): Readable {
  let sent = 0
  return new Readable({
    read() {
      if (sent >= size) return this.push(null)
      const length = Math.min(chunk, size - sent)
      const bytes = Buffer.alloc(length, sent % 251)
      if (sent === 0) JPEG_HEAD.copy(bytes)
      sent += length
      this.push(bytes)
    },
  })
}

async function digest(stream: Readable): Promise<{ sha: string; size: number }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of stream) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { sha: hash.digest('hex'), size }
}

function store(overrides: Partial<S3BlobStoreOptions> = {}) {
  return createS3BlobStore({
    endpoint: server.endpoint,
    bucket: BUCKET,
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
    secret: 's3-test-secret',
    partBytes: PART,
    ...overrides,
  })
}

beforeAll(async () => {
  server = await startS3Server()
  await server.createBucket(BUCKET)
}, 60_000)

afterAll(async () => {
  await server?.stop()
})

describe('the S3 blob store', () => {
  it('stores a file with the type its bytes show, serves it back, and deletes it for real', async () => {
    const blobs = store()
    const info = await blobs.put('brands/b1/logo.jpg', jpegStream(40_000), {
      contentType: ['image/png', 'image/jpeg'],
      maxBytes: 1_000_000,
    })
    expect(info).toEqual({ contentType: 'image/jpeg', size: 40_000 })
    const got = await blobs.get('brands/b1/logo.jpg')
    expect(got?.info).toEqual({ contentType: 'image/jpeg', size: 40_000 })
    expect(await digest(got!.stream)).toEqual(await digest(jpegStream(40_000)))
    await blobs.delete('brands/b1/logo.jpg')
    expect(await blobs.get('brands/b1/logo.jpg')).toBeNull()
    blobs.close()
  })

  it('sends a large file in parts and reads it back byte for byte', async () => {
    const blobs = store()
    const size = 3 * PART + 12_345
    const info = await blobs.put('imports/big.jpg', jpegStream(size), { contentType: 'image/jpeg', maxBytes: 4 * PART })
    expect(info.size).toBe(size)
    const got = await blobs.get('imports/big.jpg')
    expect(await digest(got!.stream)).toEqual(await digest(jpegStream(size)))
    await blobs.delete('imports/big.jpg')
    blobs.close()
  }, 60_000)

  it('refuses a file past its limit mid-way and leaves no object', async () => {
    const blobs = store()
    const refused = await blobs
      .put('imports/too-big.jpg', jpegStream(3 * PART), { contentType: 'image/jpeg', maxBytes: 2 * PART })
      .catch((error: unknown) => error)
    expect(isBlobRefused(refused)).toBe(true)
    expect((refused as { reason: string }).reason).toBe('tooLarge')
    expect(await blobs.get('imports/too-big.jpg')).toBeNull()
    blobs.close()
  }, 60_000)

  it('refuses bytes of another type and an empty file, storing nothing', async () => {
    const blobs = store()
    const text = await blobs
      .put('pictures/fake.jpg', Readable.from([Buffer.from('not a picture at all, just words')]), {
        contentType: 'image/jpeg',
        maxBytes: 1_000,
      })
      .catch((error: unknown) => error)
    expect((text as { reason?: string }).reason).toBe('wrongType')
    const empty = await blobs
      .put('pictures/empty.jpg', Readable.from([]), { contentType: 'image/jpeg', maxBytes: 1_000 })
      .catch((error: unknown) => error)
    expect((empty as { reason?: string }).reason).toBe('empty')
    expect(await blobs.get('pictures/fake.jpg')).toBeNull()
    expect(await blobs.get('pictures/empty.jpg')).toBeNull()
    blobs.close()
  })

  it('says which bucket is missing', async () => {
    const blobs = store({ bucket: 'no-such-bucket' })
    await expect(blobs.check()).rejects.toThrow(/The bucket no-such-bucket does not exist at http:\/\/127\.0\.0\.1:\d+/)
    await expect(
      blobs.put('a/b.jpg', jpegStream(1_000), { contentType: 'image/jpeg', maxBytes: 10_000 }),
    ).rejects.toThrow(/The bucket no-such-bucket does not exist/)
    blobs.close()
  })

  it('says the credentials were refused', async () => {
    // An access key the service does not know (s3rver checks the key, not a V4 signature's secret).
    const blobs = store({ credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong-secret' } })
    await expect(blobs.check()).rejects.toThrow(/refused the credentials for bucket portal-blobs/)
    await expect(
      blobs.put('a/wrong.jpg', jpegStream(1_000), { contentType: 'image/jpeg', maxBytes: 10_000 }),
    ).rejects.toThrow(/refused the credentials/)
    blobs.close()
    expect(await store().get('a/wrong.jpg')).toBeNull()
  }, 30_000)

  it('fails an upload whose connection breaks mid-way, leaving nothing half-written', async () => {
    // A proxy that passes the first megabyte of each connection, then cuts it.
    let passed = 0
    const proxy = net.createServer((inbound) => {
      const outbound = net.connect(server.port, '127.0.0.1')
      inbound.on('data', (chunk: Buffer) => {
        passed += chunk.length
        if (passed > 1024 * 1024) {
          inbound.destroy()
          outbound.destroy()
          return
        }
        outbound.write(chunk)
      })
      outbound.on('data', (chunk: Buffer) => inbound.write(chunk))
      inbound.on('error', () => outbound.destroy())
      outbound.on('error', () => inbound.destroy())
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    const { port } = proxy.address() as net.AddressInfo
    const blobs = store({ endpoint: `http://127.0.0.1:${port}` })
    const failed = await blobs
      .put('imports/cut.jpg', jpegStream(2 * PART), { contentType: 'image/jpeg', maxBytes: 4 * PART })
      .catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(Error)
    expect((failed as Error).message).toMatch(/The object store at http:\/\/127\.0\.0\.1:\d+ cannot be reached/)
    blobs.close()
    proxy.close()
    expect(await store().get('imports/cut.jpg')).toBeNull()
  }, 60_000)

  it('keeps quarantined files under their prefix and never signs an address for them', () => {
    const blobs = store()
    expect(() => blobs.signedUrl('quarantine/x.jpg')).toThrow(/never served/)
    const url = blobs.signedUrl('brands/b1/logo.jpg')
    const parsed = new URL(url, 'http://portal.test')
    expect(parsed.pathname).toBe('/blobs/brands/b1/logo.jpg')
    expect(
      blobs.verify('brands/b1/logo.jpg', parsed.searchParams.get('expires')!, parsed.searchParams.get('signature')!),
    ).toBe(true)
    blobs.close()
  })

  it('checks at start that the service answers the multipart calls as S3 does', async () => {
    const blobs = store()
    await expect(blobs.checkMultipart()).resolves.toBeUndefined()
    blobs.close()
  })
})

/** A proxy in front of the test server that answers some requests itself (`intercept` says true). */
function answeringWrongly(intercept: (req: http.IncomingMessage, res: http.ServerResponse) => boolean) {
  return http.createServer((req, res) => {
    if (intercept(req, res)) return
    const upstream = http.request(
      `${server.endpoint}${req.url}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    req.pipe(upstream)
  })
}

async function listening(proxy: http.Server): Promise<string> {
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}

describe('an object store that does not answer the multipart calls as S3 does (decision 187)', () => {
  it('is refused by the check: s3rver as published, without multipart calls', async () => {
    const stock = await startS3Server({ multipart: false })
    try {
      await stock.createBucket(BUCKET)
      const blobs = store({ endpoint: stock.endpoint })
      await expect(blobs.check()).resolves.toBeUndefined()
      const refused = await blobs.checkMultipart().catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ObjectStoreError)
      expect((refused as Error).message).toContain('does not answer the multipart calls as S3 does')
      expect((refused as Error).message).toContain(MULTIPART_CALLS)
      blobs.close()
    } finally {
      await stock.stop()
    }
  })

  it('is refused by the check when it lists no parts for a part it took, as an emulator without ListParts does', async () => {
    // Every ListParts is answered with an empty list.
    const proxy = answeringWrongly((req, res) => {
      if (req.method !== 'GET' || !new URL(req.url ?? '/', 'http://proxy.test').searchParams.has('uploadId'))
        return false
      req.resume()
      res.writeHead(200, { 'content-type': 'application/xml' })
      res.end('<?xml version="1.0" encoding="UTF-8"?><ListPartsResult><Bucket>b</Bucket></ListPartsResult>')
      return true
    })
    try {
      const blobs = store({ endpoint: await listening(proxy) })
      const refused = await blobs.checkMultipart().catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(ObjectStoreError)
      expect((refused as Error).message).toMatch(/ListParts answered 0 parts for one part of \d+ bytes/)
      blobs.close()
    } finally {
      proxy.close()
    }
  })

  it('keeps a portal from starting on it, saying what the service lacks', async () => {
    const stock = await startS3Server({ multipart: false })
    const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY }
    process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId
    process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey
    try {
      await stock.createBucket(BUCKET)
      const started = await startTestPortal({
        env: { S3_BUCKET: BUCKET, S3_ENDPOINT: stock.endpoint, S3_FORCE_PATH_STYLE: 'true' },
      }).catch((error: unknown) => error)
      expect(started).toBeInstanceOf(ObjectStoreError)
      expect((started as Error).message).toContain(MULTIPART_CALLS)
    } finally {
      process.env.AWS_ACCESS_KEY_ID = saved.id
      process.env.AWS_SECRET_ACCESS_KEY = saved.secret
      if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID
      if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY
      await stock.stop()
    }
  }, 60_000)

  it('fails a file the service says it stored but does not hold, never reporting it stored', async () => {
    // Every upload of a whole object is answered "stored" and thrown away.
    const proxy = answeringWrongly((req, res) => {
      const query = new URL(req.url ?? '/', 'http://proxy.test').searchParams
      if (req.method !== 'PUT' || query.has('uploadId') || query.has('partNumber')) return false
      req.resume()
      req.once('end', () => {
        res.writeHead(200, { etag: '"00000000000000000000000000000000"' })
        res.end()
      })
      return true
    })
    try {
      const blobs = store({ endpoint: await listening(proxy) })
      const failed = await blobs
        .put('imports/lost.csv', Readable.from([Buffer.from('Listing Unique Id\nX-1\n')]), {
          contentType: 'text/csv',
          maxBytes: 1e6,
        })
        .catch((error: unknown) => error)
      expect(failed).toBeInstanceOf(ObjectStoreError)
      expect((failed as Error).message).toMatch(/reported imports\/lost\.csv stored, but holds nothing of its 22/)
      expect(await store().get('imports/lost.csv')).toBeNull()
      blobs.close()
    } finally {
      proxy.close()
    }
  })
})
