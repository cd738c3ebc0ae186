// Branding over the JSON API against a real database, blob store and Auth emulator: colours and
// template reach the brand's public look, images are checked by content and size, cropped and
// served by signed URL; grants decide who may change what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { accounts, brands } from '#db/schema'
import { DEMO_BRAND_KEY, OTHER_BRAND_KEY } from '#seed/seed'
import { loadBrandLook } from '#app/features/brands/brand-look.server'
import { setBrandImage } from '#app/features/brands/branding.server'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'
import { actorOf, createBrand, createMember, storedImage } from '#tests/support/factories'

let portal: TestPortal
let adminCookie: string
let viewerCookie: string
let outsiderCookie: string

beforeAll(async () => {
  portal = await startTestPortal()
  // These tests start from a brand without images; the demo seed draws Demo Brand a logo and hero.
  await portal.deps.db.update(brands).set({ assets: {} }).where(eq(brands.key, DEMO_BRAND_KEY))
  ;[adminCookie, viewerCookie, outsiderCookie] = await Promise.all([
    sessionCookieFor(portal, 'admin@demo.test'),
    sessionCookieFor(portal, 'viewer@demo.test'),
    sessionCookieFor(portal, 'outsider@demo.test'),
  ])
})
afterAll(() => portal?.destroy())

function image(width: number, height: number, format: 'png' | 'jpeg' = 'png', alpha = false) {
  const base = sharp({
    create: {
      width,
      height,
      channels: alpha ? 4 : 3,
      background: alpha ? { r: 200, g: 30, b: 30, alpha: 0.5 } : '#c81e1e',
    },
  })
  return (format === 'png' ? base.png() : base.jpeg()).toBuffer()
}

async function upload(
  pathname: string,
  cookie: string,
  file: { bytes: Buffer; name: string; type: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  const response = await fetch(`${portal.url}${pathname}`, { method: 'POST', headers: { cookie }, body: form })
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: { url: string; crop: unknown }
      error?: { type: string; message: string }
    },
  }
}

async function fetchImage(url: string) {
  const response = await fetch(`${portal.url}${url}`)
  const bytes = Buffer.from(await response.arrayBuffer())
  return { status: response.status, type: response.headers.get('content-type'), bytes }
}

const imagePath = (brand: string, slot: string) => `/api/brand/method/image?brand=${brand}&slot=${slot}`

describe('colours and template', () => {
  it('an owner saves them and the brand look shows them, landing colours following the panel', async () => {
    const answer = await api(portal, 'PUT', '/api/brand/method/branding', {
      cookie: adminCookie,
      body: {
        brand: DEMO_BRAND_KEY,
        universal: { backgroundColor: '#112233', fontColor: '#fafafa' },
        login: { backgroundColor: '#445566', fontColor: '#eeeeee' },
        landing: { layout: 'grid' },
      },
    })
    expect(answer.status).toBe(200)
    const look = await loadBrandLook(portal.deps, DEMO_BRAND_KEY)
    expect(look).toMatchObject({
      panel: { backgroundColor: '#112233', fontColor: '#fafafa' },
      login: { backgroundColor: '#445566', fontColor: '#eeeeee' },
      landing: { layout: 'grid', backgroundColor: '#112233', fontColor: '#fafafa' },
    })
  })

  it('refuses a colour that is not #rrggbb with 400 and changes nothing', async () => {
    const before = (await loadBrandLook(portal.deps, DEMO_BRAND_KEY))?.login.backgroundColor
    const answer = await api(portal, 'PUT', '/api/brand/method/branding', {
      cookie: adminCookie,
      body: { brand: DEMO_BRAND_KEY, login: { backgroundColor: 'red' } },
    })
    expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError' } } })
    expect((await loadBrandLook(portal.deps, DEMO_BRAND_KEY))?.login.backgroundColor).toBe(before)
  })

  it('refuses a read member with 403 and an outsider with 404', async () => {
    const body = { brand: DEMO_BRAND_KEY, login: { backgroundColor: '#ff0000' } }
    const before = (await loadBrandLook(portal.deps, DEMO_BRAND_KEY))?.login.backgroundColor
    expect(await api(portal, 'PUT', '/api/brand/method/branding', { cookie: viewerCookie, body })).toMatchObject({
      status: 403,
      body: { error: { type: 'PermissionError' } },
    })
    expect(await api(portal, 'PUT', '/api/brand/method/branding', { cookie: outsiderCookie, body })).toMatchObject({
      status: 404,
      body: { error: { type: 'NotFound' } },
    })
    // Whatever the other tests saved before, the refused calls changed nothing.
    expect((await loadBrandLook(portal.deps, DEMO_BRAND_KEY))?.login.backgroundColor).toBe(before)
  })

  it('new brands start with a black background and white font', async () => {
    const look = await loadBrandLook(portal.deps, OTHER_BRAND_KEY)
    expect(look).toMatchObject({
      panel: { backgroundColor: '#000000', fontColor: '#ffffff' },
      login: { backgroundColor: '#000000', fontColor: '#ffffff' },
    })
  })
})

describe('brand images', () => {
  it('stores an uploaded logo, keeps its transparency as PNG and serves it by signed URL', async () => {
    const bytes = await image(400, 200, 'png', true)
    const answer = await upload(imagePath(DEMO_BRAND_KEY, 'logo'), adminCookie, {
      bytes,
      name: 'logo.png',
      type: 'image/png',
    })
    expect(answer.status).toBe(200)
    const served = await fetchImage(answer.body.data!.url)
    expect(served.status).toBe(200)
    expect(served.type).toBe('image/png')
    expect(await sharp(served.bytes).metadata()).toMatchObject({ width: 400, height: 200, hasAlpha: true })
    const look = await loadBrandLook(portal.deps, DEMO_BRAND_KEY)
    expect(look?.logoUrl).toMatch(/^\/blobs\/brands\//)
  })

  it('crops a grid image to 3:4 in the middle by default, to the given area when asked, and resets', async () => {
    const bytes = await image(800, 600, 'jpeg')
    const first = await upload(imagePath(DEMO_BRAND_KEY, 'image_2'), adminCookie, {
      bytes,
      name: 'photo.jpg',
      type: 'image/jpeg',
    })
    expect(first.status).toBe(200)
    expect(await sharp((await fetchImage(first.body.data!.url)).bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 450,
      height: 600,
    })

    // Re-crop the stored original: the left half, shrunk to 3:4 around its centre.
    const cropped = await upload(imagePath(DEMO_BRAND_KEY, 'image_2'), adminCookie, null, {
      x: '0',
      y: '0',
      width: '50',
      height: '100',
    })
    expect(cropped.status).toBe(200)
    expect(await sharp((await fetchImage(cropped.body.data!.url)).bytes).metadata()).toMatchObject({
      width: 400,
      height: 533,
    })
    // The replaced image is gone from the store, its link answers 404.
    expect((await fetchImage(first.body.data!.url)).status).toBe(404)

    const reset = await api(portal, 'POST', '/api/brand/method/image_reset', {
      cookie: adminCookie,
      body: { brand: DEMO_BRAND_KEY, slot: 'image_2' },
    })
    expect(reset.status).toBe(200)
    const resetUrl = (reset.body.data as { url: string }).url
    expect(await sharp((await fetchImage(resetUrl)).bytes).metadata()).toMatchObject({ width: 450, height: 600 })
  })

  it('refuses a text file named .png with 400 and a file over 10 MB with 413', async () => {
    const fake = await upload(imagePath(DEMO_BRAND_KEY, 'hero'), adminCookie, {
      bytes: Buffer.from('just some text, not a picture'),
      name: 'hero.png',
      type: 'image/png',
    })
    expect(fake).toMatchObject({
      status: 400,
      body: { error: { type: 'ValidationError', message: 'The file is not a JPEG, PNG or WebP image.' } },
    })
    const huge = await upload(imagePath(DEMO_BRAND_KEY, 'hero'), adminCookie, {
      bytes: Buffer.alloc(11 * 1024 * 1024, 1),
      name: 'hero.jpg',
      type: 'image/jpeg',
    })
    expect(huge).toMatchObject({
      status: 413,
      body: { error: { message: 'The file is too large: upload an image of at most 10 MB.' } },
    })
    expect((await loadBrandLook(portal.deps, DEMO_BRAND_KEY))?.heroUrl).toBeNull()
  })

  it('counts the body as it streams, so an upload without Content-Length cannot pass the limit', async () => {
    const boundary = 'limit-test-boundary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    )
    const chunk = Buffer.alloc(1024 * 1024, 7)
    // The upload is checked by its first bytes as it streams: it starts as a JPEG would.
    const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, jpegStart]))
        // Stops well after the limit; the server answers before reading it all.
        if (sent >= 12) return controller.close()
        sent += 1
        controller.enqueue(chunk)
      },
    })
    const response = await fetch(`${portal.url}${imagePath(DEMO_BRAND_KEY, 'hero')}`, {
      method: 'POST',
      headers: { cookie: adminCookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect((await loadBrandLook(portal.deps, DEMO_BRAND_KEY))?.heroUrl).toBeNull()
  })

  it('refuses a crop outside the image, an unknown slot, and a first save without a file', async () => {
    expect(
      (
        await upload(imagePath(DEMO_BRAND_KEY, 'logo'), adminCookie, null, {
          x: '120',
          y: '0',
          width: '5',
          height: '5',
        })
      ).status,
    ).toBe(400)
    expect((await upload(imagePath(DEMO_BRAND_KEY, 'image_9'), adminCookie, null)).status).toBe(400)
    const nothing = await upload(imagePath(DEMO_BRAND_KEY, 'hero'), adminCookie, null)
    expect(nothing).toMatchObject({ status: 400, body: { error: { message: 'Choose an image to upload.' } } })
  })

  it('refuses uploads of a read member with 403 and of an outsider with 404', async () => {
    const bytes = await image(100, 100)
    const file = { bytes, name: 'a.png', type: 'image/png' }
    expect((await upload(imagePath(DEMO_BRAND_KEY, 'hero'), viewerCookie, file)).status).toBe(403)
    expect((await upload(imagePath(DEMO_BRAND_KEY, 'hero'), outsiderCookie, file)).status).toBe(404)
  })

  it('does not serve a blob without a valid, unexpired signature', async () => {
    // A logo of its own brand, whatever the other tests did to Demo Brand's.
    const brand = await createBrand(portal.deps)
    const owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
    await setBrandImage(portal.deps, await actorOf(portal.deps, owner), brand.key, 'logo', {
      file: await storedImage(portal.deps, await image(400, 200)),
      crop: null,
    })
    const look = await loadBrandLook(portal.deps, brand.key)
    const url = new URL(look!.logoUrl!, portal.url)
    expect((await fetch(`${portal.url}${url.pathname}`)).status).toBe(403)
    url.searchParams.set('signature', 'forged')
    expect((await fetch(url)).status).toBe(403)
    const key = decodeURIComponent(url.pathname.replace(/^\/blobs\//, ''))
    const expired = portal.deps.blobs.signedUrl(key, { expiresInSeconds: -7200 })
    expect((await fetch(`${portal.url}${expired}`)).status).toBe(403)
  })
})

describe('profile picture', () => {
  it('is stored as a square JPEG on the account itself', async () => {
    const bytes = await image(300, 200, 'png', true)
    const answer = await upload('/api/account/method/profile_picture', viewerCookie, {
      bytes,
      name: 'me.png',
      type: 'image/png',
    })
    expect(answer.status).toBe(200)
    const served = await fetchImage(answer.body.data!.url)
    expect(served.type).toBe('image/jpeg')
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 })
    const [row] = await portal.deps.db
      .select({ assets: accounts.assets })
      .from(accounts)
      .where(eq(accounts.email, 'viewer@demo.test'))
    expect(row?.assets.profile_picture).toMatchObject({
      progress: 1,
      path: expect.stringMatching(/^accounts\/.+\.jpg$/),
    })
  })
})
