// The listing detail page, the product page and sharing a line, against a real database: every
// call of catalogue.md §7 they use with its envelope and 400s naming the field, the page actions
// without JavaScript (edit, delete, share), and who is kept out: outsiders get 404 everywhere, read
// members see the listing but cannot change it or share.
import { createListing, createStyleIn } from '#tests/support/catalogue-factories'
import { api } from '#tests/support/portal'
import { describe, expect, it } from 'vitest'
import { NAME_MESSAGES } from '#app/platform/name-rule'
import {
  INVALID_STYLE_NAME,
  brand,
  collectionOf,
  cookies,
  knit,
  listingRow,
  otherBrand,
  portal,
  style,
  tops,
  setUpListingDetailWorld,
} from '#tests/support/listing-detail-world'

setUpListingDetailWorld()

describe('GET /api/listing/model/{id}', () => {
  it('answers the listing with its names to a member, and 404 to an outsider or for another brand', async () => {
    const listing = await createListing(portal.deps, brand.key, {
      ...collectionOf(brand),
      styleKey: style,
      categories: [tops],
    })
    const path = `/api/listing/model/${listing.key}`
    const read = await api(portal, 'GET', path, { cookie: cookies.reader })
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({
      key: listing.key,
      KIND: 'Listing',
      brand: brand.key,
      style: style,
      style_name: 'Boxy Tee',
      categories: [tops],
      category_names: ['Tops'],
      line: brand.lines[0]!.key,
      line_name: 'Line 1',
      collection_name: 'Collection 1.1',
      size: { name: 'M', number: 0 },
    })
    expect(await api(portal, 'GET', path, { cookie: cookies.outsider })).toMatchObject({
      status: 404,
      body: { error: { type: 'NotFound' } },
    })
    expect((await api(portal, 'GET', `${path}?brand=${otherBrand.key}`, { cookie: cookies.owner })).status).toBe(404)
    expect((await api(portal, 'GET', '/api/listing/model/no-such-listing', { cookie: cookies.owner })).status).toBe(404)
  })
})

describe('PUT /api/listing/model/{key}', () => {
  it('refuses a style name with markup with 400 naming the field and what was refused; changes nothing', async () => {
    const listing = await createListing(portal.deps, brand.key)
    const answer = await api(portal, 'PUT', `/api/listing/model/${listing.key}`, {
      cookie: cookies.editor,
      body: { style_name: 'Boxy <Tee>', brand: brand.key },
    })
    expect(answer).toMatchObject({
      status: 400,
      body: {
        error: { type: 'ValidationError', message: `style_name: ${INVALID_STYLE_NAME} ${NAME_MESSAGES.markup}` },
      },
    })
    expect(await listingRow(listing.key)).toEqual(listing)
  })

  it('takes a style name in any alphabet, stored composed', async () => {
    const listing = await createListing(portal.deps, brand.key)
    for (const [sent, stored] of [
      ['Café Señora', 'Café Señora'],
      ['Φόρεμα Καλοκαίρι', 'Φόρεμα Καλοκαίρι'],
      ['Robe E\u0301le\u0301gante', 'Robe Élégante'],
    ]) {
      const answer = await api(portal, 'PUT', `/api/listing/model/${listing.key}`, {
        cookie: cookies.editor,
        body: { style_name: sent, brand: brand.key },
      })
      expect(answer.status, sent).toBe(200)
      expect((await listingRow(listing.key))?.styleName).toBe(stored)
    }
  })

  it.each([
    ['upc', { upc: '12ab' }, 'upc: Invalid UPC. 8 to 14 digits expected.'],
    ['units', { units: -3 }, 'units: Invalid Units. A whole number from 0 to 1,000,000 expected.'],
    ['sku', { sku: 'SKU<script>' }, 'sku: Invalid SKU. Letters, digits, spaces and - _ . / expected.'],
    ['color_hex', { color_hex: 'red' }, 'color_hex: Invalid Colour Hex. A value like #1A2B3C expected.'],
    ['description', { description: 'x'.repeat(2001) }, 'description: Description must be at most 2000 characters.'],
    ['categories', { categories: 'no-such-category' }, 'categories: Unknown category: no-such-category.'],
  ])('refuses a bad %s with 400 naming the field', async (_field, body, message) => {
    const listing = await createListing(portal.deps, brand.key)
    const answer = await api(portal, 'PUT', `/api/listing/model/${listing.key}`, { cookie: cookies.editor, body })
    expect(answer).toMatchObject({ status: 400, body: { error: { type: 'ValidationError', message } } })
    expect(await listingRow(listing.key)).toEqual(listing)
  })

  it('saves the fields sent, with categories as comma-joined keys, and leaves the others', async () => {
    const listing = await createListing(portal.deps, brand.key, { materials: 'Cotton', department: 'Womens' })
    const answer = await api(portal, 'PUT', `/api/listing/model/${listing.key}`, {
      cookie: cookies.editor,
      body: {
        style_name: 'Boxy Tee 2',
        categories: `${tops},${knit}`,
        units: '12',
        sku: '',
        color_name: 'Ink',
        brand: brand.key,
      },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      style_name: 'Boxy Tee 2',
      category_names: ['Tops', 'Knitwear'],
      units: 12,
    })
    const row = await listingRow(listing.key)
    expect(row).toMatchObject({
      styleName: 'Boxy Tee 2',
      categories: [tops, knit],
      units: 12,
      sku: null,
      materials: 'Cotton',
      department: 'Womens',
      color: { name: 'Ink', code: 'CHK', hexCode: '#F1EEE6' },
    })
  })

  it('refuses a read member with 403 and an outsider or another brand with 404, changing nothing', async () => {
    const listing = await createListing(portal.deps, brand.key)
    const path = `/api/listing/model/${listing.key}`
    const body = { style_name: 'Taken Over' }
    expect(await api(portal, 'PUT', path, { cookie: cookies.reader, body })).toMatchObject({
      status: 403,
      body: { error: { type: 'PermissionError' } },
    })
    expect((await api(portal, 'PUT', path, { cookie: cookies.outsider, body })).status).toBe(404)
    expect(
      (await api(portal, 'PUT', path, { cookie: cookies.owner, body: { ...body, brand: otherBrand.key } })).status,
    ).toBe(404)
    expect(await listingRow(listing.key)).toEqual(listing)
  })
})

describe('DELETE /api/listing/model/{id}', () => {
  it('refuses a read member (403) and an outsider (404); an owner deletes it for good', async () => {
    const listing = await createListing(portal.deps, brand.key)
    const path = `/api/listing/model/${listing.key}`
    expect((await api(portal, 'DELETE', path, { cookie: cookies.reader, body: { brand: brand.key } })).status).toBe(403)
    expect((await api(portal, 'DELETE', path, { cookie: cookies.outsider, body: { brand: brand.key } })).status).toBe(
      404,
    )
    expect(await listingRow(listing.key)).toEqual(listing)
    const answer = await api(portal, 'DELETE', path, { cookie: cookies.owner, body: { brand: brand.key } })
    expect(answer).toMatchObject({ status: 200, body: { data: { key: listing.key, brand: brand.key } } })
    expect(await listingRow(listing.key)).toBeUndefined()
    expect((await api(portal, 'GET', path, { cookie: cookies.owner })).status).toBe(404)
  })
})

describe('GET /api/style/model/{id} and /api/product/model/{id}', () => {
  it('answer the style, and the product with its listings and looks, to members only', async () => {
    const product = await createStyleIn(portal.deps, brand.key, collectionOf(brand).collectionKey, 'Trench')
    await createListing(portal.deps, brand.key, {
      styleKey: product,
      styleName: 'Trench',
      lookNumber: 3,
      materials: 'Gabardine',
      media: { front: { key: 'm1', name: 'front', position: 1, src: '/img/front.png' } },
    })
    await createListing(portal.deps, brand.key, { styleKey: product, styleName: 'Trench', color: { name: 'Sand' } })
    const styleAnswer = await api(portal, 'GET', `/api/style/model/${product}`, { cookie: cookies.reader })
    expect(styleAnswer).toMatchObject({
      status: 200,
      body: {
        data: { key: product, KIND: 'Style', name: 'Trench', collection_name: 'Collection 1.1', line_name: 'Line 1' },
      },
    })
    const productAnswer = await api(portal, 'GET', `/api/product/model/${product}`, { cookie: cookies.reader })
    expect(productAnswer.status).toBe(200)
    const data = productAnswer.body.data as {
      KIND: string
      listings: unknown[]
      looks: unknown[]
      colours: string[]
      materials: string[]
    }
    expect(data.KIND).toBe('Product')
    expect(data.listings).toHaveLength(2)
    expect(data.looks).toEqual([
      {
        look: 3,
        listing: expect.any(String),
        image: { key: 'm1', name: 'front', src: '/img/front.png', thumbnail: '/img/front_300x400.png', position: 1 },
      },
    ])
    expect(data.colours).toEqual(['Chalk', 'Sand'])
    expect(data.materials).toEqual(['Gabardine'])
    for (const path of [`/api/style/model/${product}`, `/api/product/model/${product}`]) {
      expect(await api(portal, 'GET', path, { cookie: cookies.outsider })).toMatchObject({
        status: 404,
        body: { error: { type: 'NotFound' } },
      })
    }
    expect((await api(portal, 'GET', '/api/product/model/no-such-style', { cookie: cookies.owner })).status).toBe(404)
  })
})
