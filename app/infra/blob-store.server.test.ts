import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { BlobRefusedError, createLocalBlobStore, type BlobStore } from './blob-store.server'

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])
const IMAGES = ['image/jpeg', 'image/png', 'image/webp']

let dir: string
let store: BlobStore

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-'))
  store = createLocalBlobStore({ dir, secret: 'test-secret' })
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Every file under the store's folder. */
function filesOnDisk(): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name)
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('BlobStore.copy(from, to, contentType)', () => {
  it('copies the bytes to another key with the type given, leaving the source', async () => {
    const bytes = Buffer.concat([JPEG_HEAD, Buffer.alloc(5000, 3)])
    await store.put('uploads/tus/abc', Readable.from([bytes]), {
      contentType: 'application/octet-stream',
      maxBytes: 1e6,
    })
    await store.copy('uploads/tus/abc', 'brands/b/listings/abc.jpg', 'image/jpeg')
    const copied = await store.get('brands/b/listings/abc.jpg')
    expect(copied!.info).toEqual({ contentType: 'image/jpeg', size: bytes.length })
    expect((await readAll(copied!.stream)).equals(bytes)).toBe(true)
    // The source stays as it was.
    const source = await store.get('uploads/tus/abc')
    expect((await readAll(source!.stream)).equals(bytes)).toBe(true)
    expect(filesOnDisk().some((name) => name.endsWith('.tmp'))).toBe(false)
  })

  it('refuses a key that climbs out of the store', async () => {
    await expect(store.copy('../outside', 'a/b.jpg', 'image/jpeg')).rejects.toThrow()
    await expect(store.copy('a/b.jpg', '../outside', 'image/jpeg')).rejects.toThrow()
  })
})

describe('BlobStore.put(key, stream, { contentType, maxBytes })', () => {
  it('streams the bytes in and stores them with the type they show', async () => {
    const body = Buffer.concat([PNG_HEAD, Buffer.alloc(5000, 7)])
    // Chunks smaller than the signature, so the type is told across chunks.
    const chunks = Array.from({ length: Math.ceil(body.length / 5) }, (_, i) => body.subarray(i * 5, i * 5 + 5))
    const info = await store.put('a/b.png', Readable.from(chunks), { contentType: IMAGES, maxBytes: 10_000 })
    expect(info).toEqual({ contentType: 'image/png', size: body.length })
    const blob = await store.get('a/b.png')
    expect(blob?.info).toEqual(info)
    expect((await readAll(blob!.stream)).equals(body)).toBe(true)
  })

  it('cuts off a stream past maxBytes, stops reading it and leaves nothing on disk', async () => {
    let produced = 0
    async function* endless() {
      yield PNG_HEAD
      for (;;) {
        produced++
        yield Buffer.alloc(64 * 1024)
      }
    }
    const refused = store.put('big.png', Readable.from(endless()), { contentType: IMAGES, maxBytes: 1024 * 1024 })
    await expect(refused).rejects.toMatchObject({ name: 'BlobRefusedError', reason: 'tooLarge' })
    // A few chunks past the limit at most (stream buffers), not the endless rest.
    expect(produced).toBeLessThan(40)
    expect(filesOnDisk()).toEqual([])
    expect(await store.get('big.png')).toBeNull()
  })

  it('accepts exactly maxBytes', async () => {
    const body = Buffer.concat([JPEG_HEAD, Buffer.alloc(100 - JPEG_HEAD.length)])
    const info = await store.put('edge.jpg', Readable.from([body]), { contentType: IMAGES, maxBytes: 100 })
    expect(info).toEqual({ contentType: 'image/jpeg', size: 100 })
  })

  it.each([
    ['text that claims to be an image', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), IMAGES],
    ['a JPEG where only PNG is accepted', Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]), ['image/png']],
    ['a file shorter than any signature', Buffer.from([0x89, 0x50]), IMAGES],
  ])('refuses %s by its magic bytes and leaves nothing on disk', async (_what, body, contentType) => {
    const refused = store.put('x.img', Readable.from([body]), { contentType, maxBytes: 10_000 })
    await expect(refused).rejects.toBeInstanceOf(BlobRefusedError)
    await expect(refused).rejects.toMatchObject({ reason: 'wrongType' })
    expect(filesOnDisk()).toEqual([])
  })

  it('refuses an empty stream for a checked type', async () => {
    const refused = store.put('empty.png', Readable.from([]), { contentType: IMAGES, maxBytes: 10 })
    await expect(refused).rejects.toMatchObject({ reason: 'empty' })
    expect(filesOnDisk()).toEqual([])
  })

  it('stores a type without a known signature as declared', async () => {
    const info = await store.put('list.csv', Readable.from([Buffer.from('a,b\n1,2\n')]), {
      contentType: 'text/csv',
      maxBytes: 100,
    })
    expect(info).toEqual({ contentType: 'text/csv', size: 8 })
  })
})

describe('BlobStore.list()', () => {
  it('gives every stored key at every depth, and no file still being written', async () => {
    const keys = ['a.png', 'brands/b1/files/x.png', 'brands/b1/files/deep/er/y.png', 'quarantine/z.png']
    for (const key of keys) {
      await store.put(key, Readable.from([PNG_HEAD]), { contentType: IMAGES, maxBytes: 1e6 })
    }
    fs.writeFileSync(path.join(dir, 'brands/b1/files/half.png.abc123.tmp'), 'being written')
    fs.writeFileSync(path.join(dir, 'brands/b1/files/no-meta.png'), 'a put that stopped before its type was kept')
    const listed: string[] = []
    for await (const key of store.list()) listed.push(key)
    expect(listed.sort()).toEqual([...keys].sort())
  })

  it('gives nothing for a store not yet written to', async () => {
    const empty = createLocalBlobStore({ dir: path.join(dir, 'not-yet'), secret: 'test-secret' })
    const listed: string[] = []
    for await (const key of empty.list()) listed.push(key)
    expect(listed).toEqual([])
  })
})

describe('a verbatim put (a restore)', () => {
  it('keeps the type given without checking the bytes against it', async () => {
    const info = await store.put('restored.png', Readable.from([Buffer.from('not a png at all')]), {
      contentType: 'image/png',
      maxBytes: 1e6,
      verbatim: true,
    })
    expect(info).toEqual({ contentType: 'image/png', size: 16 })
    await expect(
      store.put('checked.png', Readable.from([Buffer.from('not a png at all')]), {
        contentType: 'image/png',
        maxBytes: 1e6,
      }),
    ).rejects.toBeInstanceOf(BlobRefusedError)
  })
})
