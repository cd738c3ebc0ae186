// Listings and product photos for end-to-end tests, made through the JSON API as a client would:
// listings by the spreadsheet upload (JSON), photos by the batch preflight then the multipart
// upload of each file, waited for until the file pipeline has checked them.
import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'

interface Envelope<T> {
  data?: T
  error?: { type: string; message: string }
}

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  const body = (await response.json()) as Envelope<T>
  if (!response.ok() || body.data === undefined) {
    throw new Error(`${what} failed (${response.status()}): ${body.error?.message ?? 'no data'}`)
  }
  return body.data
}

export interface SpecListing {
  id: string
  name: string
  number: string
  sku: string
  colour: string
  hex: string
}

/** Uploads the listings as a spreadsheet of the brand and commits it. */
export async function createListings(request: APIRequestContext, brand: string, rows: SpecListing[]): Promise<void> {
  const csv = [
    'Listing Unique Id,Style Name,Style Number,SKU,Color Name,Color Hex',
    ...rows.map((row) => [row.id, row.name, row.number, row.sku, row.colour, row.hex].join(',')),
  ].join('\n')
  await dataOf(
    await request.post('/api/listing/method/batch', { data: { brand, filename: 'media-spec.csv', spreadsheet: csv } }),
    'listing upload',
  )
}

/** A product-style photo: a garment silhouette in `colour` on a warm studio background, 3:4. */
export function garmentPhoto(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800">
    <rect width="600" height="800" fill="#f2efea"/>
    <ellipse cx="300" cy="700" rx="190" ry="22" fill="#e2ddd5"/>
    <path d="M215 150 L140 185 L70 320 L145 350 L185 290 L185 680 L415 680 L415 290 L455 350 L530 320 L460 185 L385 150 Q300 215 215 150 Z" fill="${colour}"/>
    <path d="M215 150 Q300 215 385 150" fill="none" stroke="#00000022" stroke-width="6"/>
  </svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}

export interface UploadedPhoto {
  name: string
  key: string
}

/**
 * Reserves the names, uploads each photo and waits until every one is available (checked and
 * placed: on its listing when its name matches one, else in the pool).
 */
export async function uploadPhotos(
  request: APIRequestContext,
  brand: string,
  photos: { name: string; colour: string }[],
): Promise<UploadedPhoto[]> {
  const reserved = await dataOf<{ name: string; key?: string; error?: string }[]>(
    await request.post('/api/media/method/batch', { data: { brand, names: photos.map((photo) => photo.name) } }),
    'media batch',
  )
  const uploaded: UploadedPhoto[] = []
  for (const [index, entry] of reserved.entries()) {
    if (!entry.key) throw new Error(`${entry.name} was refused: ${entry.error}`)
    const query = new URLSearchParams({ brand, purpose: 'listing-media', media: entry.key })
    await dataOf(
      await request.post(`/api/file/method/upload?${query}`, {
        multipart: {
          file: { name: entry.name, mimeType: 'image/jpeg', buffer: await garmentPhoto(photos[index]!.colour) },
        },
      }),
      `upload of ${entry.name}`,
    )
    uploaded.push({ name: entry.name, key: entry.key })
  }
  const wanted = new Set(uploaded.map((photo) => photo.key))
  for (let attempt = 0; attempt < 150; attempt++) {
    const page = await dataOf<{ key: string; status: string }[]>(
      await request.get(`/api/media/query/brand?brand=${brand}&limit=200`),
      'media list',
    )
    const ready = page.filter((item) => wanted.has(item.key) && item.status === 'available').length
    if (ready === wanted.size) return uploaded
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the uploaded photos did not become available')
}
