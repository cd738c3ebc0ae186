// The media upload page without JavaScript, against a real database: the plain multipart form
// posts several photos at once; each name is reserved (a photo named after a listing lands on it,
// another waits in the pool with its reason, a file of another type is refused with the spec's
// text) and its bytes go through the file pipeline. The summary after the redirect says where each
// went. The move buttons order a listing's photos. Read members and outsiders change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { files, listings, media } from '#db/schema'
import { MEDIA_TEXTS, UNMATCHED } from '#app/features/media/media-names'
import { pipelineSettled } from '#app/features/files/files.server'
import { createListing } from '#tests/support/catalogue-factories'
import { createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { createMedia, photoBytes } from '#tests/support/media-factories'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'
import { pageBrowser } from '#tests/support/page-browser'

let portal: TestPortal
let brand: BrandFixture
let owner: AccountFixture
let reader: AccountFixture
let outsider: AccountFixture
let jpeg: Uint8Array<ArrayBuffer>
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b])

const browserOf = (account: AccountFixture) => pageBrowser(portal, account)
const pagePath = () => `/brand/${brand.key}/products/media/upload`
const mediaOf = (brandKey: string) => portal.deps.db.select().from(media).where(eq(media.brandKey, brandKey))
const filesOf = (brandKey: string) => portal.deps.db.select().from(files).where(eq(files.brandKey, brandKey))

/** Follows one redirect and answers the page's HTML. */
async function follow(browser: Awaited<ReturnType<typeof browserOf>>, answer: Response): Promise<string> {
  expect(answer.status, await answer.clone().text()).toBe(302)
  const next = await browser.get(answer.headers.get('location')!)
  expect(next.status).toBe(200)
  return next.text()
}

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps, { lines: 1, collectionsPerLine: 1 })
  owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  reader = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const elsewhere = await createBrand(portal.deps)
  outsider = await createMember(portal.deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Outsider' })
  jpeg = new Uint8Array(await photoBytes())
})
afterAll(() => portal?.destroy())

describe('the plain upload form', () => {
  it('puts a matching photo on its listing, another in the pool with its reason, and refuses a GIF', async () => {
    const listing = await createListing(portal.deps, brand.key, {
      styleName: 'Coastal Shirt',
      styleNumber: 'CS-200',
      sku: 'CS-200-IVR-M',
    })
    const browser = await browserOf(owner)
    const answer = await browser.uploadFiles(pagePath(), [
      { name: 'CS-200_CS-200-IVR-M_front.jpg', content: jpeg, type: 'image/jpeg' },
      { name: 'ZZ-404_ZZ-404-BLK-S_back.jpg', content: jpeg, type: 'image/jpeg' },
      { name: 'moodboard.gif', content: GIF, type: 'image/gif' },
    ])
    expect(answer.headers.get('location')).toMatch(
      new RegExp(`^/brand/${brand.key}/products/media/upload/detail\\?from=\\d+&to=\\d+$`),
    )
    const summary = await follow(browser, answer)
    expect(summary).toContain('Upload Detail')
    expect(summary).toContain('CS-200_CS-200-IVR-M_front.jpg')
    expect(summary).toContain('Coastal Shirt')
    expect(summary).toContain('CS-200-IVR-M')
    expect(summary).toContain('ZZ-404_ZZ-404-BLK-S_back.jpg')
    expect(summary).toContain(UNMATCHED.style('ZZ-404'))
    // The refused file is named in the toast, with the spec's words.
    expect(summary).toContain(`moodboard.gif: ${MEDIA_TEXTS.batchFailed}`)

    await pipelineSettled(portal.deps)
    const rows = await mediaOf(brand.key)
    expect(rows.map((row) => row.name).sort()).toEqual([
      'CS-200_CS-200-IVR-M_front.jpg',
      'ZZ-404_ZZ-404-BLK-S_back.jpg',
    ])
    const matched = rows.find((row) => row.name.startsWith('CS-200'))!
    expect(matched).toMatchObject({ listingKey: listing.key, shot: 'front', position: 1 })
    expect(matched.path).toBeTruthy()
    const pooled = rows.find((row) => row.name.startsWith('ZZ-404'))!
    expect(pooled).toMatchObject({ listingKey: null, unmatched: UNMATCHED.style('ZZ-404') })
    expect(pooled.path).toBeTruthy()
    // The listing shows its photo (its media map), and the GIF left nothing behind.
    const [stored] = await portal.deps.db.select().from(listings).where(eq(listings.key, listing.key))
    expect(Object.values(stored!.media ?? {})).toEqual([expect.objectContaining({ mediaKey: matched.key })])
    expect((await filesOf(brand.key)).map((file) => file.originalName).sort()).toEqual([
      'CS-200_CS-200-IVR-M_front.jpg',
      'ZZ-404_ZZ-404-BLK-S_back.jpg',
    ])

    // Once scanned, the page's table lists both with where they went.
    const page = await (await browser.get(pagePath())).text()
    expect(page).toContain('CS-200_CS-200-IVR-M_front.jpg')
    expect(page).toContain(UNMATCHED.style('ZZ-404'))
    expect(page).not.toContain(MEDIA_TEXTS.empty)
  })

  it('answers the spec text when none of the files is of an accepted type, and stores nothing', async () => {
    const own = await createBrand(portal.deps)
    const member = await createMember(portal.deps, [{ brand: own.key, type: 'editor' }], { name: 'Editor' })
    const browser = await browserOf(member)
    const answer = await browser.uploadFiles(`/brand/${own.key}/products/media/upload`, [
      { name: 'notes.pdf', content: '%PDF-1.4', type: 'application/pdf' },
      { name: 'moodboard.gif', content: GIF, type: 'image/gif' },
    ])
    expect(answer.headers.get('location')).toBe(`/brand/${own.key}/products/media/upload`)
    const html = await follow(browser, answer)
    expect(html).toContain(MEDIA_TEXTS.noSupportedFiles)
    expect(html).toContain(MEDIA_TEXTS.empty)
    expect(await mediaOf(own.key)).toEqual([])
    expect(await filesOf(own.key)).toEqual([])
  })

  it('refuses a name already in the brand for that file alone; the others go on', async () => {
    const own = await createBrand(portal.deps)
    const member = await createMember(portal.deps, [{ brand: own.key, type: 'owner' }], { name: 'Owner' })
    await createMedia(portal.deps, own.key, { name: 'taken_name_front.jpg' })
    const browser = await browserOf(member)
    const answer = await browser.uploadFiles(`/brand/${own.key}/products/media/upload`, [
      { name: 'taken_name_front.jpg', content: jpeg, type: 'image/jpeg' },
      { name: 'fresh.jpg', content: jpeg, type: 'image/jpeg' },
    ])
    const html = await follow(browser, answer)
    expect(html).toContain('taken_name_front.jpg: A photo with this name is already in the brand.')
    expect(html).toContain(UNMATCHED.pattern)
    await pipelineSettled(portal.deps)
    expect((await mediaOf(own.key)).map((row) => row.name).sort()).toEqual(['fresh.jpg', 'taken_name_front.jpg'])
    expect((await filesOf(own.key)).map((file) => file.originalName)).toEqual(['fresh.jpg'])
  })

  it('refuses a form without its token (403) and stores nothing', async () => {
    const browser = await browserOf(owner)
    const before = { media: (await mediaOf(brand.key)).length, files: (await filesOf(brand.key)).length }
    const answer = await browser.uploadFiles(
      pagePath(),
      [{ name: 'CS-200_CS-200-IVR-M_side.jpg', content: jpeg, type: 'image/jpeg' }],
      { csrf: 'none' },
    )
    expect(answer.status).toBe(403)
    await pipelineSettled(portal.deps)
    expect((await mediaOf(brand.key)).length).toBe(before.media)
    expect((await filesOf(brand.key)).length).toBe(before.files)
  })

  it('refuses a read member (403) and an outsider (404), storing nothing', async () => {
    const before = { media: (await mediaOf(brand.key)).length, files: (await filesOf(brand.key)).length }
    const photo = [{ name: 'CS-200_CS-200-IVR-M_detail.jpg', content: jpeg, type: 'image/jpeg' }]
    const readerAnswer = await (await browserOf(reader)).uploadFiles(pagePath(), photo)
    expect(readerAnswer.status).toBe(403)
    const outsiderBrowser = await browserOf(outsider)
    expect((await outsiderBrowser.uploadFiles(pagePath(), photo)).status).toBe(404)
    expect((await outsiderBrowser.get(pagePath())).status).toBe(404)
    await pipelineSettled(portal.deps)
    expect((await mediaOf(brand.key)).length).toBe(before.media)
    expect((await filesOf(brand.key)).length).toBe(before.files)
    // The read member still sees the page and its table, without the form.
    const html = await (await (await browserOf(reader)).get(pagePath())).text()
    expect(html).toContain('Product Media Upload')
    expect(html).toContain('Only owners and editors of the brand can upload product photos.')
    expect(html).not.toContain('id="media-files"')
  })
})

describe('the media table', () => {
  it("moves a photo up among its listing's photos with the move buttons", async () => {
    const own = await createBrand(portal.deps)
    const member = await createMember(portal.deps, [{ brand: own.key, type: 'owner' }], { name: 'Owner' })
    const listing = await createListing(portal.deps, own.key)
    const first = await createMedia(portal.deps, own.key, { name: 'a_front.jpg', listingKey: listing.key, position: 1 })
    const second = await createMedia(portal.deps, own.key, { name: 'b_back.jpg', listingKey: listing.key, position: 2 })
    const browser = await browserOf(member)
    const path = `/brand/${own.key}/products/media/upload`
    const page = await (await browser.get(path)).text()
    expect(page).toContain(`Move b_back.jpg up`)
    const answer = await browser.post(path, { intent: 'move', media: second.key, direction: 'up' })
    expect(answer.headers.get('location')).toBe(path)
    expect(await follow(browser, answer)).toContain(MEDIA_TEXTS.positionsSaved)
    const rows = await mediaOf(own.key)
    expect(rows.find((row) => row.key === second.key)!.position).toBe(1)
    expect(rows.find((row) => row.key === first.key)!.position).toBe(2)
    // A read member cannot.
    const readOnly = await createMember(portal.deps, [{ brand: own.key, type: 'read' }], { name: 'Reader' })
    const refused = await (await browserOf(readOnly)).post(path, { intent: 'move', media: first.key, direction: 'up' })
    expect(refused.status).toBe(403)
    expect((await mediaOf(own.key)).find((row) => row.key === first.key)!.position).toBe(2)
  })

  it('says the empty state with no photos', async () => {
    const own = await createBrand(portal.deps)
    const member = await createMember(portal.deps, [{ brand: own.key, type: 'read' }], { name: 'Reader' })
    const html = await (await (await browserOf(member)).get(`/brand/${own.key}/products/media/upload`)).text()
    expect(html).toContain(MEDIA_TEXTS.empty)
  })
})

describe('the addresses of the step', () => {
  it('leads the collection address and the link target to the page, whose breadcrumbs name the collection', async () => {
    const browser = await browserOf(owner)
    const collection = brand.collections[0]!
    const scoped = await browser.get(`/collection/${collection}/products/media/upload`)
    expect(scoped.status).toBe(302)
    expect(scoped.headers.get('location')).toBe(`${pagePath()}?collection=${collection}`)
    const html = await (await browser.get(scoped.headers.get('location')!)).text()
    expect(html).toContain(`?collections=${collection}`)
    expect(html).toContain(`action="${pagePath()}?collection=${collection}"`)
    const target = await browser.get(`/brand/${brand.key}/products/media`)
    expect(target.headers.get('location')).toBe(pagePath())
    expect((await (await browserOf(outsider)).get(`/collection/${collection}/products/media/upload`)).status).toBe(404)
  })
})
