// The media management page without JavaScript, against a real database (catalogue.md §2 Media
// management, §4 Media association, §8): the page lists listings with their photos in order and
// the pool newest first; each form (attach, detach, move left or right, Save, Delete Image with
// its confirmation) changes the database and comes back to the page with its toast. Read members
// see the page but their forms are refused; outsiders get 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { media } from '#db/schema'
import { createListing } from '#tests/support/catalogue-factories'
import { positionsFor } from '#app/features/media/media-order'
import { saveMediaPositions } from '#app/features/media/media.server'
import { actorOf, createBrand, createMember, type AccountFixture, type BrandFixture } from '#tests/support/factories'
import { createMedia } from '#tests/support/media-factories'
import { pageBrowser } from '#tests/support/page-browser'
import { loadServerBuild, startTestPortal, type TestPortal } from '#tests/support/portal'

let portal: TestPortal
let brand: BrandFixture
let owner: AccountFixture
let reader: AccountFixture
let outsider: AccountFixture

beforeAll(async () => {
  portal = await startTestPortal({ remixBuild: await loadServerBuild() })
  brand = await createBrand(portal.deps)
  owner = await createMember(portal.deps, [{ brand: brand.key, type: 'owner' }], { name: 'Owner' })
  reader = await createMember(portal.deps, [{ brand: brand.key, type: 'read' }], { name: 'Reader' })
  const elsewhere = await createBrand(portal.deps)
  outsider = await createMember(portal.deps, [{ brand: elsewhere.key, type: 'owner' }], { name: 'Outsider' })
})
afterAll(() => portal?.destroy())

const managePath = () => `/brand/${brand.key}/products/media/manage`

/** The listing's photos in the saved order (position ascending, 0 last). */
async function orderOf(listingKey: string): Promise<string[]> {
  const rows = await portal.deps.db
    .select()
    .from(media)
    .where(eq(media.listingKey, listingKey))
    .orderBy(asc(media.position), asc(media.name))
  return [...rows.filter((row) => row.position > 0), ...rows.filter((row) => row.position <= 0)].map((row) => row.name)
}

const rowOf = async (key: string) => (await portal.deps.db.select().from(media).where(eq(media.key, key)))[0]

/** A listing with three photos in order, and two pool photos (the second the newer). */
async function arrangement(name: string) {
  const listing = await createListing(portal.deps, brand.key, { styleName: name })
  const photos = []
  for (const [index, shot] of ['front', 'back', 'side'].entries()) {
    photos.push(
      await createMedia(portal.deps, brand.key, {
        name: `${name}-${shot}.jpg`,
        listingKey: listing.key,
        position: index + 1,
        shot,
      }),
    )
  }
  const older = await createMedia(portal.deps, brand.key, {
    name: `${name}-pool-old.jpg`,
    created: new Date(Date.now() - 60_000),
  })
  const newer = await createMedia(portal.deps, brand.key, { name: `${name}-pool-new.jpg` })
  return { listing, photos, older, newer }
}

/** Follows the redirect of a form and answers the page it lands on, with its toast. */
async function landing(browser: Awaited<ReturnType<typeof pageBrowser>>, answer: Response) {
  expect(answer.status, await answer.clone().text()).toBe(302)
  const location = answer.headers.get('location')!
  return { location, html: await (await browser.get(location)).text() }
}

describe('the page', () => {
  it('shows the title, the stepper, listings with their photos in order and the pool newest first', async () => {
    const { listing, older, newer } = await arrangement('Linen Shirt')
    const browser = await pageBrowser(portal, owner)
    const answer = await browser.get(managePath())
    expect(answer.status).toBe(200)
    const html = await answer.text()
    expect(html).toContain('Product Image Management')
    expect(html).toMatch(/Step (<!-- -->)?3(<!-- -->)?: (<!-- -->)?in progress/)
    expect(html).toContain(`href="/brand/${brand.key}/products/media/upload"`)
    expect(html).toContain(`href="/brand/${brand.key}/products/listing/${listing.key}"`)
    const front = html.indexOf('Linen Shirt-front.jpg')
    const back = html.indexOf('Linen Shirt-back.jpg')
    const side = html.indexOf('Linen Shirt-side.jpg')
    expect(front).toBeGreaterThan(0)
    expect(front).toBeLessThan(back)
    expect(back).toBeLessThan(side)
    expect(html.indexOf(newer.name)).toBeGreaterThan(0)
    expect(html.indexOf(newer.name)).toBeLessThan(html.indexOf(older.name))
    // More than two slides: the slider has its arrows.
    expect(html).toContain('Later photos of Linen Shirt')
  })

  it('asks the leave question before Next leaves the last step for the products list', async () => {
    const browser = await pageBrowser(portal, owner)
    const page = await (await browser.get(managePath())).text()
    expect(page).toContain(`href="${managePath()}?leave"`)
    expect(page).not.toContain('Any unsaved data will be lost')
    const asking = await browser.get(`${managePath()}?leave`)
    expect(asking.status).toBe(200)
    const html = await asking.text()
    expect(html).toContain('Any unsaved data will be lost, are you sure you want to leave this page?')
    expect(html).toContain(`href="/brand/${brand.key}/products"`)
    expect(html).toContain(`href="${managePath()}"`)
    // A searched, paged view keeps its query through the question and its Cancel.
    const searched = await (await browser.get(`${managePath()}?search=linen&page=1`)).text()
    expect(searched).toContain(`href="${managePath()}?search=linen&amp;page=1&amp;leave"`)
    const cancel = await (await browser.get(`${managePath()}?search=linen&page=1&leave`)).text()
    expect(cancel).toContain(`href="${managePath()}?search=linen&amp;page=1"`)
  })

  it('gives a read member the page without forms, and an outsider 404', async () => {
    const reading = await (await pageBrowser(portal, reader)).get(managePath())
    expect(reading.status).toBe(200)
    const html = await reading.text()
    expect(html).toContain('Product Image Management')
    expect(html).not.toContain('name="intent" value="attach"')
    expect(html).not.toContain('Delete Image')
    expect((await (await pageBrowser(portal, outsider)).get(managePath())).status).toBe(404)
  })
})

describe('the forms without JavaScript', () => {
  it('attaches a pool photo to a listing at count + 1, with the toast naming the style', async () => {
    const { listing, newer } = await arrangement('Wool Coat')
    const browser = await pageBrowser(portal, owner)
    const answer = await browser.post(`${managePath()}?search=Wool`, {
      intent: 'attach',
      media: newer.key,
      listing: listing.key,
    })
    const { location, html } = await landing(browser, answer)
    expect(location).toBe(`${managePath()}?search=Wool`)
    expect(html).toContain('Image is now associated with Wool Coat')
    expect(await rowOf(newer.key)).toMatchObject({ listingKey: listing.key, position: 4 })
    expect(await orderOf(listing.key)).toEqual([
      'Wool Coat-front.jpg',
      'Wool Coat-back.jpg',
      'Wool Coat-side.jpg',
      'Wool Coat-pool-new.jpg',
    ])
  })

  it('detaches a slide back to the pool', async () => {
    const { listing, photos } = await arrangement('Silk Dress')
    const browser = await pageBrowser(portal, owner)
    const { html } = await landing(
      browser,
      await browser.post(managePath(), { intent: 'detach', media: photos[1]!.key }),
    )
    expect(html).toContain('Media association has been removed from this listing.')
    expect(await rowOf(photos[1]!.key)).toMatchObject({ listingKey: null })
    expect(await orderOf(listing.key)).toEqual(['Silk Dress-front.jpg', 'Silk Dress-side.jpg'])
  })

  it('moves a slide left and right, saved at once; at either end nothing moves', async () => {
    const { listing, photos } = await arrangement('Denim Jacket')
    const browser = await pageBrowser(portal, owner)
    const right = await landing(
      browser,
      await browser.post(managePath(), { intent: 'move', media: photos[0]!.key, direction: 'right' }),
    )
    expect(right.html).toContain('Media positions updated.')
    expect(await orderOf(listing.key)).toEqual([
      'Denim Jacket-back.jpg',
      'Denim Jacket-front.jpg',
      'Denim Jacket-side.jpg',
    ])
    await landing(
      browser,
      await browser.post(managePath(), { intent: 'move', media: photos[2]!.key, direction: 'left' }),
    )
    expect(await orderOf(listing.key)).toEqual([
      'Denim Jacket-back.jpg',
      'Denim Jacket-side.jpg',
      'Denim Jacket-front.jpg',
    ])
    await landing(
      browser,
      await browser.post(managePath(), { intent: 'move', media: photos[1]!.key, direction: 'left' }),
    )
    expect(await orderOf(listing.key)).toEqual([
      'Denim Jacket-back.jpg',
      'Denim Jacket-side.jpg',
      'Denim Jacket-front.jpg',
    ])
    // The page shows the saved order.
    const html = await (await browser.get(`${managePath()}?search=Denim`)).text()
    expect(html.indexOf('Denim Jacket-back.jpg')).toBeLessThan(html.indexOf('Denim Jacket-side.jpg'))
    expect(html.indexOf('Denim Jacket-side.jpg')).toBeLessThan(html.indexOf('Denim Jacket-front.jpg'))
  })

  it('saves the positions of the Save form', async () => {
    const { listing, photos } = await arrangement('Cord Trouser')
    const browser = await pageBrowser(portal, owner)
    const { html } = await landing(
      browser,
      await browser.post(managePath(), {
        intent: 'positions',
        keys: [photos[2]!.key, photos[0]!.key, photos[1]!.key].join(','),
        positions: '1,2,3',
      }),
    )
    expect(html).toContain('Media positions updated.')
    expect(await orderOf(listing.key)).toEqual([
      'Cord Trouser-side.jpg',
      'Cord Trouser-front.jpg',
      'Cord Trouser-back.jpg',
    ])
  })

  it('deletes an image after the confirmation, which asks the spec question', async () => {
    const { older } = await arrangement('Knit Vest')
    const browser = await pageBrowser(portal, owner)
    const dialog = await browser.get(`${managePath()}/delete/${older.key}?search=Knit`)
    expect(dialog.status).toBe(200)
    const text = await dialog.text()
    expect(text).toContain('Are you sure you would like to delete this image?')
    expect(text).toContain('Knit Vest-pool-old.jpg')
    const { location, html } = await landing(
      browser,
      await browser.post(`${managePath()}/delete/${older.key}?search=Knit`, {}),
    )
    expect(location).toBe(`${managePath()}?search=Knit`)
    expect(html).toContain('Image has been deleted.')
    expect(await rowOf(older.key)).toBeUndefined()
    expect(html).not.toContain('Knit Vest-pool-old.jpg')
  })

  it('refuses every form to a read member (403) and to an outsider (404), changing nothing', async () => {
    const { listing, photos, newer } = await arrangement('Rain Parka')
    const before = await orderOf(listing.key)
    const forms: Record<string, string>[] = [
      { intent: 'attach', media: newer.key, listing: listing.key },
      { intent: 'detach', media: photos[0]!.key },
      { intent: 'move', media: photos[0]!.key, direction: 'right' },
      { intent: 'positions', keys: `${photos[1]!.key},${photos[0]!.key}`, positions: '1,2' },
    ]
    for (const [who, account, status] of [
      ['reader', reader, 403],
      ['outsider', outsider, 404],
    ] as const) {
      const browser = await pageBrowser(portal, account)
      for (const form of forms) {
        expect((await browser.post(managePath(), form)).status, `${who} ${form.intent}`).toBe(status)
      }
      const deleting = await browser.post(`${managePath()}/delete/${newer.key}`, {})
      expect(deleting.status, `${who} delete`).toBe(who === 'reader' ? 302 : 404)
      if (who === 'reader') expect(deleting.headers.get('location')).toBe(`/brand/${brand.key}`)
    }
    expect(await orderOf(listing.key)).toEqual(before)
    expect(await rowOf(newer.key)).toMatchObject({ listingKey: null })
  })

  it('answers a form without its token with 403 and a form without an intent with 400', async () => {
    const { photos } = await arrangement('Trench Coat')
    const browser = await pageBrowser(portal, owner)
    expect((await browser.post(managePath(), { intent: 'nothing' })).status).toBe(400)
    const response = await fetch(`${portal.url}${managePath()}`, {
      method: 'POST',
      headers: { origin: portal.url },
      body: new URLSearchParams({ intent: 'detach', media: photos[0]!.key }),
      redirect: 'manual',
    })
    expect([302, 403]).toContain(response.status)
    expect(await rowOf(photos[0]!.key)).toMatchObject({ listingKey: photos[0]!.listingKey })
  })
})

describe('two saves at once', () => {
  it('end in one of the two orders, whole, never a mix', async () => {
    const { listing, photos } = await arrangement('Twin Save')
    const [a, b, c] = photos.map((photo) => photo.key) as [string, string, string]
    const editor = await createMember(portal.deps, [{ brand: brand.key, type: 'editor' }], { name: 'Editor' })
    const [first, second] = await Promise.all([actorOf(portal.deps, owner), actorOf(portal.deps, editor)])
    const names = new Map(photos.map((photo) => [photo.key, photo.name]))
    const one = [c, a, b]
    const other = [b, c, a]
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        saveMediaPositions(portal.deps, first, positionsFor(one)),
        saveMediaPositions(portal.deps, second, positionsFor(other)),
      ])
      const saved = await orderOf(listing.key)
      expect([one.map((key) => names.get(key)), other.map((key) => names.get(key))]).toContainEqual(saved)
    }
  })
})
