// Product media over the JSON API and the file pipeline: the batch preflight matching names to
// listings, uploads carrying a reserved photo onto its listing once clean, the pool, attach,
// detach, positions (also two saves at once) and delete, with their envelopes and refusals.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files, listings, media } from '#db/schema'
import { EICAR } from '#app/infra/file-scan.server'
import { orderedMedia } from '#app/features/media/listing-media'
import { UNMATCHED } from '#app/features/media/media-names'
import { pipelineSettled } from '#app/features/files/files.server'
import { dropStaleReservations, type MediaView, type ReservedName } from '#app/features/media/media.server'
import { createBrand, createMember, type BrandFixture } from '#tests/support/factories'
import { createListing } from '#tests/support/catalogue-factories'
import { createMedia } from '#tests/support/media-factories'
import { snapshotData } from '#tests/support/db-snapshot'
import { api, sessionCookieFor, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let brand: BrandFixture
let other: BrandFixture
const cookies = {} as Record<'owner' | 'editor' | 'reader' | 'outsider' | 'otherOwner', string>
let tee: { small: string; medium: string }
let coat: string

beforeAll(async () => {
  portal = await startTestPortal()
  const { deps } = portal
  brand = await createBrand(deps, { name: 'Atelier Nord' })
  other = await createBrand(deps, { name: 'Other House' })
  const owner = await createMember(deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  const editor = await createMember(deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
  const reader = await createMember(deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const outsider = await createMember(deps, [{ brand: other.key, type: 'read' }], { name: 'Outsider' })
  const otherOwner = await createMember(deps, [{ brand: other.key, type: 'owner' }], { name: 'Otherowner' })
  const signedIn = await Promise.all(
    [owner, editor, reader, outsider, otherOwner].map((account) => sessionCookieFor(portal, account.email)),
  )
  ;(['owner', 'editor', 'reader', 'outsider', 'otherOwner'] as const).forEach((who, i) => (cookies[who] = signedIn[i]!))
  const teeFields = { styleNumber: 'MT-100', styleName: 'Merino Tee' }
  tee = {
    small: (
      await createListing(deps, brand.key, { ...teeFields, sku: 'MT-100-BLK-S', listingUniqueId: 'MT-100-BLK-S' })
    ).key,
    medium: (
      await createListing(deps, brand.key, { ...teeFields, sku: 'MT-100-BLK-M', listingUniqueId: 'MT-100-BLK-M' })
    ).key,
  }
  coat = (
    await createListing(deps, brand.key, {
      styleNumber: 'WC-200',
      styleName: 'Wool Coat',
      sku: 'WC-200-CAM-M',
      listingUniqueId: 'WC-200-CAM-M',
    })
  ).key
})
afterAll(() => portal?.destroy())

const jpeg = () =>
  sharp({ create: { width: 300, height: 400, channels: 3, background: '#a8927a' } })
    .jpeg()
    .toBuffer()

async function reserve(names: string[], cookie = cookies.editor, brandKey = brand.key) {
  return api(portal, 'POST', '/api/media/method/batch', { cookie, body: { brand: brandKey, names } })
}

async function formUpload(cookie: string, mediaKey: string, bytes: Buffer, name: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)]), name)
  const query = `brand=${brand.key}&purpose=listing-media&media=${mediaKey}`
  const response = await fetch(`${portal.url}/api/file/method/upload?${query}`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  return { status: response.status, body: (await response.json()) as { data?: { key: string }; error?: unknown } }
}

async function listingPhotos(listingKey: string): Promise<string[]> {
  const [row] = await portal.deps.db.select().from(listings).where(eq(listings.key, listingKey))
  return orderedMedia(row!.media).map((photo) => photo.name)
}

const mediaRow = async (key: string) => (await portal.deps.db.select().from(media).where(eq(media.key, key)))[0]

describe('the batch preflight', () => {
  it('matches names to listings, says why others do not match, and refuses bad names', async () => {
    const names = [
      'MT-100_MT-100-BLK-S_back.jpg',
      'MT-100_MT-100-BLK-S_front.JPG',
      'ZZ-999_ZZ-999-RED-S_front.jpg',
      'MT-100_MT-100-RED-XL_front.jpg',
      'lookbook cover.png',
      'notes.pdf',
      'mt-100_mt-100-blk-s_back.jpg',
    ]
    const answer = await reserve(names)
    expect(answer.status).toBe(200)
    const results = answer.body.data as ReservedName[]
    expect(results.map((result) => result.name)).toEqual(names)
    const [back, front, noStyle, noSku, badPattern, pdf, twice] = results
    expect(back).toMatchObject({ listing: { key: tee.small, styleName: 'Merino Tee' }, shot: 'back' })
    expect(front).toMatchObject({ listing: { key: tee.small }, shot: 'front' })
    expect(noStyle).toMatchObject({ unmatched: UNMATCHED.style('ZZ-999') })
    expect(noSku).toMatchObject({ unmatched: UNMATCHED.sku('MT-100-RED-XL', 'MT-100') })
    expect(badPattern).toMatchObject({ unmatched: UNMATCHED.pattern })
    expect(pdf).toMatchObject({ error: 'Please ensure all files have supported file extensions PNG, JPG, or GIF.' })
    expect(twice).toMatchObject({ error: 'This file is selected twice.' })
    for (const refused of [pdf, twice]) expect(refused!.key).toBeUndefined()

    // Front before back (view order), after what the listing had (nothing): 1 and 2.
    expect((await mediaRow(front!.key!))!.position).toBe(1)
    expect((await mediaRow(back!.key!))!.position).toBe(2)
    expect(await mediaRow(noStyle!.key!)).toMatchObject({ listingKey: null, unmatched: UNMATCHED.style('ZZ-999') })

    // A name is reserved once in the brand, whatever its case.
    const again = await reserve(['mt-100_mt-100-blk-s_FRONT.jpg'])
    expect((again.body.data as ReservedName[])[0]).toMatchObject({ error: expect.stringContaining('already') })
  })

  it('refuses bad batches with a clear message and writes nothing', async () => {
    const before = await snapshotData(portal.deps)
    const cases: [unknown, number][] = [
      [{ brand: brand.key }, 400],
      [{ brand: brand.key, names: [] }, 400],
      [{ brand: brand.key, names: [42] }, 400],
      [{ brand: brand.key, names: Array.from({ length: 501 }, (_, i) => `a${i}.jpg`) }, 400],
      [{ brand: '../x', names: ['a.jpg'] }, 400],
    ]
    for (const [body, status] of cases) {
      const answer = await api(portal, 'POST', '/api/media/method/batch', { cookie: cookies.editor, body })
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body.error?.type).toBe('ValidationError')
    }
    expect((await reserve(['a.jpg'], cookies.reader)).status).toBe(403)
    expect((await reserve(['a.jpg'], cookies.outsider)).status).toBe(404)
    expect(await snapshotData(portal.deps)).toEqual(before)
  })
})

describe('uploads carrying reserved photos', () => {
  it('put a clean photo on its listing, and a refused one nowhere', async () => {
    const [front, side, pool, infected] = (await reserve([
      'WC-200_WC-200-CAM-M_front.jpg',
      'WC-200_WC-200-CAM-M_side.jpg',
      'WC-200_WC-200-XXX-M_front.jpg',
      'WC-200_WC-200-CAM-M_detail.jpg',
    ]).then((answer) => answer.body.data)) as ReservedName[]
    for (const [item, bytes] of [
      [front, await jpeg()],
      [side, await jpeg()],
      [pool, await jpeg()],
      [infected, Buffer.concat([await jpeg(), EICAR])],
    ] as const) {
      const sent = await formUpload(cookies.editor, item!.key!, bytes, item!.name)
      expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    }
    await pipelineSettled(portal.deps)
    expect(await listingPhotos(coat)).toEqual(['WC-200_WC-200-CAM-M_front.jpg', 'WC-200_WC-200-CAM-M_side.jpg'])

    const listed = await api(portal, 'GET', `/api/media/query/brand?brand=${brand.key}`, { cookie: cookies.reader })
    expect(listed.status).toBe(200)
    const views = listed.body.data as MediaView[]
    const byName = (name: string) => views.find((view) => view.name === name)!
    expect(byName(front!.name)).toMatchObject({ status: 'available', listing: coat, position: 1 })
    expect(byName(pool!.name)).toMatchObject({ status: 'available', listing: null, unmatched: expect.any(String) })
    expect(byName(infected!.name)).toMatchObject({ status: 'quarantined', src: null, thumbnail: null })
    // The refused photo's file is kept where no address reaches it.
    const [kept] = await portal.deps.db
      .select()
      .from(files)
      .where(eq(files.key, byName(infected!.name).file!))
    expect(kept!.originalKey).toMatch(/^quarantine\//)

    // The pool: clean photos on no listing, newest first.
    const poolAnswer = await api(portal, 'GET', `/api/media/query/brand?brand=${brand.key}&pool=true`, {
      cookie: cookies.editor,
    })
    const poolNames = (poolAnswer.body.data as MediaView[]).map((view) => view.name)
    expect(poolNames).toContain(pool!.name)
    expect(poolNames).not.toContain(front!.name)
    expect(poolNames).not.toContain(infected!.name)

    // The photo is served through its signed address.
    const photo = await fetch(`${portal.url}${byName(front!.name).thumbnail!}`)
    expect(photo.status).toBe(200)
    expect(photo.headers.get('content-type')).toBe('image/jpeg')
    // Without the service's signature (an outsider guessing the address), nothing is served.
    const [stored] = await portal.deps.db.select().from(media).where(eq(media.key, front!.key!))
    const guessed = await fetch(`${portal.url}/blobs/${stored!.path}`, { headers: { cookie: cookies.outsider } })
    expect(guessed.status).toBe(403)
    const otherSignature = new URL(byName(front!.name).thumbnail!, portal.url).search
    const borrowed = await fetch(`${portal.url}/blobs/${stored!.path}${otherSignature}`)
    expect(borrowed.status).toBe(403)
  })

  it('cannot carry a photo reserved by someone else, of another brand, or already uploaded', async () => {
    const [mine] = (await reserve(['MT-100_MT-100-BLK-M_front.jpg']).then(
      (answer) => answer.body.data,
    )) as ReservedName[]
    // Another member of the brand may not fill it.
    expect((await formUpload(cookies.owner, mine!.key!, await jpeg(), mine!.name)).status).toBe(404)
    // Nor may a reserved key be filled for another brand's upload.
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await jpeg())]), 'x.jpg')
    const crossBrand = await fetch(
      `${portal.url}/api/file/method/upload?brand=${other.key}&purpose=listing-media&media=${mine!.key}`,
      { method: 'POST', headers: { cookie: cookies.otherOwner }, body: form },
    )
    expect(crossBrand.status).toBe(404)
    expect((await formUpload(cookies.editor, mine!.key!, await jpeg(), mine!.name)).status).toBe(200)
    expect((await formUpload(cookies.editor, mine!.key!, await jpeg(), mine!.name)).status).toBe(404)
    // A malformed key is a validation error, not a crash.
    expect((await formUpload(cookies.editor, '../../etc', await jpeg(), 'y.jpg')).status).toBe(400)
    await pipelineSettled(portal.deps)
    expect(await listingPhotos(tee.medium)).toEqual(['MT-100_MT-100-BLK-M_front.jpg'])
  })
})

describe('arranging photos', () => {
  const call = (path: string, body: unknown, cookie = cookies.editor) =>
    api(portal, 'POST', `/api/media/method/${path}`, { cookie, body })

  it('attaches from the pool at count + 1, moves between listings, and does nothing on the same listing', async () => {
    const { deps } = portal
    const listing = (await createListing(deps, brand.key, { styleName: 'Linen Shirt', styleNumber: 'LS-1' })).key
    const next = (await createListing(deps, brand.key, { styleName: 'Linen Skirt', styleNumber: 'LS-2' })).key
    const first = await createMedia(deps, brand.key, { name: 'first.jpg', listingKey: listing, position: 1 })
    const loose = await createMedia(deps, brand.key, { name: 'loose.jpg' })

    const attached = await call('attach', { brand: brand.key, media: loose.key, listing })
    expect(attached.status).toBe(200)
    expect(attached.body.data).toMatchObject({ style: 'Linen Shirt', changed: true, media: { position: 2 } })
    expect(await listingPhotos(listing)).toEqual(['first.jpg', 'loose.jpg'])

    const same = await call('attach', { brand: brand.key, media: loose.key, listing })
    expect(same.body.data).toMatchObject({ changed: false })
    expect(await listingPhotos(listing)).toEqual(['first.jpg', 'loose.jpg'])

    // By Listing Unique Id, as the spec's call names it; from one listing to the other.
    const [target] = await deps.db.select().from(listings).where(eq(listings.key, next))
    const moved = await call('attach', { brand: brand.key, media: first.key, listingUniqueId: target!.listingUniqueId })
    expect(moved.status).toBe(200)
    expect(await listingPhotos(listing)).toEqual(['loose.jpg'])
    expect(await listingPhotos(next)).toEqual(['first.jpg'])

    const detached = await call('detach', { brand: brand.key, media: first.key })
    expect(detached.status).toBe(200)
    expect(await listingPhotos(next)).toEqual([])
    expect(await mediaRow(first.key)).toMatchObject({ listingKey: null, position: 0 })

    // A photo still being checked cannot be attached.
    const [pending] = (await reserve(['pending.jpg']).then((answer) => answer.body.data)) as ReservedName[]
    const early = await call('attach', { brand: brand.key, media: pending!.key, listing })
    expect(early.status).toBe(400)
  })

  it('saves positions in one go, 0 counting as last, and refuses bad lists', async () => {
    const { deps } = portal
    const listing = (await createListing(deps, brand.key, { styleName: 'Silk Dress' })).key
    const [a, b, c] = await Promise.all(
      ['a.jpg', 'b.jpg', 'c.jpg'].map((name, i) =>
        createMedia(deps, brand.key, { name, listingKey: listing, position: i + 1 }),
      ),
    )
    const saved = await call('positions', { keys: `${c!.key},${a!.key},${b!.key}`, positions: '1,0,2' })
    expect(saved.status).toBe(200)
    expect(await listingPhotos(listing)).toEqual(['c.jpg', 'b.jpg', 'a.jpg'])

    const before = await snapshotData(deps)
    const bad: unknown[] = [
      { keys: `${a!.key},${b!.key}`, positions: '1' },
      { keys: a!.key, positions: 'one' },
      { keys: a!.key, positions: '-1' },
      { keys: `${a!.key},${a!.key}`, positions: '1,2' },
      { keys: '', positions: '' },
      { keys: { nested: true }, positions: '1' },
    ]
    for (const body of bad) expect((await call('positions', body)).status, JSON.stringify(body)).toBe(400)
    expect((await call('positions', { keys: 'nosuchkey123', positions: '1' })).status).toBe(404)
    expect((await call('positions', { keys: a!.key, positions: '3' }, cookies.reader)).status).toBe(403)
    expect((await call('positions', { keys: a!.key, positions: '3' }, cookies.outsider)).status).toBe(404)
    // Photos of two brands in one save are refused whole.
    const foreign = await createMedia(deps, other.key, { name: 'foreign.jpg' })
    const mixed = await call('positions', { keys: `${a!.key},${foreign.key}`, positions: '1,2' }, cookies.owner)
    expect(mixed.status).toBe(400)
    const afterBad = await snapshotData(deps)
    expect({ ...afterBad, media: afterBad.media.filter((row) => !row.includes(foreign.key)) }).toEqual(before)
  })

  it('two saves at once end in one of the two orders, never a mix', async () => {
    const { deps } = portal
    const listing = (await createListing(deps, brand.key, { styleName: 'Cord Trouser' })).key
    const photos = await Promise.all(
      ['p1.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg'].map((name, i) =>
        createMedia(deps, brand.key, { name, listingKey: listing, position: i + 1 }),
      ),
    )
    const keys = photos.map((photo) => photo.key).join(',')
    const [one, two] = await Promise.all([
      call('positions', { keys, positions: '1,2,3,4' }, cookies.editor),
      call('positions', { keys, positions: '4,3,2,1' }, cookies.owner),
    ])
    expect([one.status, two.status]).toEqual([200, 200])
    const order = await listingPhotos(listing)
    expect([
      ['p1.jpg', 'p2.jpg', 'p3.jpg', 'p4.jpg'],
      ['p4.jpg', 'p3.jpg', 'p2.jpg', 'p1.jpg'],
    ]).toContainEqual(order)
  })

  it('deletes a photo with its stored sizes; outsiders and readers are refused', async () => {
    const { deps } = portal
    const listing = (await createListing(deps, brand.key, { styleName: 'Knit Vest' })).key
    const photo = await createMedia(deps, brand.key, { name: 'vest.jpg', listingKey: listing, position: 1 })
    const before = await snapshotData(deps)
    expect((await api(portal, 'DELETE', `/api/media/model/${photo.key}`, { cookie: cookies.outsider })).status).toBe(
      404,
    )
    expect((await api(portal, 'DELETE', `/api/media/model/${photo.key}`, { cookie: cookies.reader })).status).toBe(403)
    expect((await api(portal, 'DELETE', '/api/media/model/..%2F..', { cookie: cookies.editor })).status).toBe(400)
    expect(await snapshotData(deps)).toEqual(before)

    const gone = await api(portal, 'DELETE', `/api/media/model/${photo.key}`, { cookie: cookies.editor })
    expect(gone.status).toBe(200)
    expect(gone.body.data).toEqual({ key: photo.key })
    expect(await mediaRow(photo.key)).toBeUndefined()
    expect(await listingPhotos(listing)).toEqual([])
  })

  it('refuses outsiders and read members every arranging call, changing nothing', async () => {
    const { deps } = portal
    const listing = (await createListing(deps, brand.key, { styleName: 'Rib Tank' })).key
    const onListing = await createMedia(deps, brand.key, { name: 'tank.jpg', listingKey: listing, position: 1 })
    const loose = await createMedia(deps, brand.key, { name: 'tank-pool.jpg' })
    const before = await snapshotData(deps)
    for (const [cookie, status] of [
      [cookies.outsider, 404],
      [cookies.reader, 403],
    ] as const) {
      expect((await call('attach', { brand: brand.key, media: loose.key, listing }, cookie)).status).toBe(status)
      expect((await call('detach', { brand: brand.key, media: onListing.key }, cookie)).status).toBe(status)
    }
    // An owner of another brand cannot move this brand's photos onto their own listing.
    const theirs = (await createListing(deps, other.key, { styleName: 'Their Tee' })).key
    const stolen = await call('attach', { brand: other.key, media: loose.key, listing: theirs }, cookies.otherOwner)
    expect(stolen.status).toBe(404)
    const afterRefusals = await snapshotData(deps)
    expect({ ...afterRefusals, listings: afterRefusals.listings.filter((row) => !row.includes(theirs)) }).toEqual(
      before,
    )
    // Nor read the brand's photos.
    const read = await api(portal, 'GET', `/api/media/query/brand?brand=${brand.key}`, { cookie: cookies.outsider })
    expect(read.status).toBe(404)
  })
})

describe('reserved names', () => {
  it('are freed after an hour when no upload came, while photos with files stay', async () => {
    const [stale, fresh] = (await reserve(['stale.jpg', 'fresh.jpg']).then(
      (answer) => answer.body.data,
    )) as ReservedName[]
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000)
    await portal.deps.db.update(media).set({ created: twoHoursAgo }).where(eq(media.key, stale!.key!))
    const kept = await createMedia(portal.deps, brand.key, { name: 'kept.jpg', created: twoHoursAgo })
    expect(await dropStaleReservations(portal.deps, new Date(Date.now() - 3_600_000))).toBe(1)
    expect(await mediaRow(stale!.key!)).toBeUndefined()
    expect(await mediaRow(fresh!.key!)).toBeDefined()
    expect(await mediaRow(kept.key)).toBeDefined()
    // The name can be reserved again.
    expect(((await reserve(['stale.jpg'])).body.data as ReservedName[])[0]!.key).toBeDefined()
  })
})
