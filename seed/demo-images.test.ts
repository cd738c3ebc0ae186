// The demo pictures are drawn once into a blob store and kept: a second run writes nothing.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import { ensureImages, logoSvg, photoImages, photoPaths } from './demo-images'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-images-test-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function stored(blobs: ReturnType<typeof createLocalBlobStore>, key: string) {
  const blob = await blobs.get(key)
  if (!blob) return null
  const chunks: Buffer[] = []
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
  return { info: blob.info, metadata: await sharp(Buffer.concat(chunks)).metadata() }
}

describe('demo images', () => {
  it('store photos at 3:4 with their thumbnails, and only once', async () => {
    const blobs = createLocalBlobStore({ dir, secret: 'test' })
    const spec = { garment: 'dress', colour: '#9caf88', season: 'resort' } as const
    const images = [...photoImages('brand1', spec), { path: 'brand1/logo.png', svg: logoSvg }]
    expect(await ensureImages(blobs, images)).toBe(5)
    const { front, detail } = photoPaths('brand1', spec)
    for (const key of [front, detail]) {
      const photo = await stored(blobs, key)
      expect(photo?.info.contentType).toBe('image/jpeg')
      expect([photo?.metadata.width, photo?.metadata.height]).toEqual([600, 800])
      const thumbnail = await stored(blobs, key.replace('.jpg', '_300x400.jpg'))
      expect([thumbnail?.metadata.width, thumbnail?.metadata.height]).toEqual([300, 400])
    }
    expect((await stored(blobs, 'brand1/logo.png'))?.metadata.hasAlpha).toBe(true)
    expect(await ensureImages(blobs, images)).toBe(0)
    // A file removed from the store comes back at the next run.
    await blobs.delete(front)
    expect(await ensureImages(blobs, images)).toBe(1)
    expect(await stored(blobs, front)).not.toBeNull()
  })
})
