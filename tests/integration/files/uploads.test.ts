// Uploads over HTTP: the file streams into the blob store and is gone once the request is done,
// whatever the outcome; uploads are limited per account, at the limit's edge and after its window.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { accounts, rateLimits } from '#db/schema'
import { OTHER_BRAND_KEY } from '#seed/seed'
import { hit } from '#app/platform/rate-limit.server'
import { TOO_MANY_UPLOADS_MESSAGE, UPLOAD_LIMIT } from '#app/features/files/images.server'
import { sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let outsiderCookie: string

beforeAll(async () => {
  portal = await startTestPortal()
  outsiderCookie = await sessionCookieFor(portal, 'outsider@demo.test')
})
afterAll(() => portal?.destroy())

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#1e40af' } })
    .png()
    .toBuffer()

async function upload(pathname: string, bytes: Buffer | null, name = 'image.png') {
  const form = new FormData()
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name)
  const response = await fetch(`${portal.url}${pathname}`, {
    method: 'POST',
    headers: { cookie: outsiderCookie },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as { error?: { type: string; message: string } } }
}

/** Files still waiting in the blob store's upload area (should be none between requests). */
function incomingUploads(): string[] {
  const dir = path.join(portal.dataDir, 'blobs', 'uploads', 'incoming')
  return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

const logoPath = `/api/brand/method/image?brand=${OTHER_BRAND_KEY}&slot=logo`

describe('an upload does not outlive its request', () => {
  it('after a saved image', async () => {
    expect((await upload(logoPath, await png(64))).status).toBe(200)
    expect(incomingUploads()).toEqual([])
  })

  it('after a file refused by its bytes', async () => {
    const answer = await upload(logoPath, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.png')
    expect(answer).toEqual({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'The file is not a JPEG, PNG or WebP image.' } },
    })
    expect(incomingUploads()).toEqual([])
  })

  it('after a refused crop (the file had already been stored)', async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await png(32))], { type: 'image/png' }), 'a.png')
    form.append('x', '120')
    form.append('y', '0')
    form.append('width', '10')
    form.append('height', '10')
    const response = await fetch(`${portal.url}${logoPath}`, {
      method: 'POST',
      headers: { cookie: outsiderCookie },
      body: form,
    })
    expect(response.status).toBe(400)
    expect(incomingUploads()).toEqual([])
  })
})

describe('uploads per account', () => {
  it('allows the limit, refuses one more with 429 and changes nothing, and allows again after the window', async () => {
    const [outsider] = await portal.deps.db.select().from(accounts).where(eq(accounts.email, 'outsider@demo.test'))
    const bucket = `upload:account:${outsider!.key}`
    await portal.deps.db.delete(rateLimits).where(eq(rateLimits.bucket, bucket))
    for (let i = 0; i < UPLOAD_LIMIT.limit - 1; i++) await hit(portal.deps, bucket, UPLOAD_LIMIT)

    const picture = '/api/account/method/profile_picture'
    expect((await upload(picture, await png(40))).status).toBe(200)
    const [saved] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, outsider!.key))

    const refused = await upload(picture, await png(48))
    expect(refused).toEqual({
      status: 429,
      body: { error: { type: 'RateLimited', message: TOO_MANY_UPLOADS_MESSAGE } },
    })
    const [after] = await portal.deps.db.select().from(accounts).where(eq(accounts.key, outsider!.key))
    expect(after!.assets).toEqual(saved!.assets)
    expect(incomingUploads()).toEqual([])

    // Once the window has passed, uploads are counted afresh.
    await portal.deps.db
      .update(rateLimits)
      .set({ windowStart: new Date(Date.now() - UPLOAD_LIMIT.windowMs - 1000) })
      .where(eq(rateLimits.bucket, bucket))
    expect((await upload(picture, await png(56))).status).toBe(200)
  })
})
