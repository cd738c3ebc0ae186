// The file pipeline's part of `npm run bench` (BENCH_ONLY=files). Measures:
//  - thumbnails per second: 12-megapixel JPEGs (3000 × 4000, a product photo's 3:4) to 300 × 400
//    with the pipeline's own thumbnail code, one worker and two at once (IMAGE_WORKERS);
//  - a batch of 200 product photos as the media upload step sends them: the names reserved by the
//    batch preflight (a quarter named for Demo Brand listings), then uploaded over tus (4 at a
//    time, as a browser does) to a portal of its own, from the preflight to the last "uploaded
//    and scanned" heard over socket.io, each matched photo then on its listing;
//  - the portal's peak resident memory while a 2 GB file is uploaded over tus and checked, with
//    the embedded database (PGlite, in the portal's process) and with a Postgres server.
// FILES_BENCH_PHOTOS and FILES_BENCH_LARGE_MB change the batch and the large file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { io as connectSocket } from 'socket.io-client'
import { makeThumbnail } from '#app/services/files.server'
import { FILE_EVENTS, type FileStatusEvent } from '#realtime/protocol'
import { DEMO_BRAND_KEY } from '#db/seed'
import { onLocalPostgres } from './catalogue'
import { spawnPortal, type SpawnedPortal } from '../scripts/spawn-portal'

export const FILES_GOALS = { thumbnailsPerSecond: 30, peakRssMB: 300 }

const PHOTOS = Number(process.env.FILES_BENCH_PHOTOS ?? 200)
const LARGE_MB = Number(process.env.FILES_BENCH_LARGE_MB ?? 2048)
const THUMBNAILS = 60

export interface FilesFigures {
  thumbnailsPerSecond: { oneWorker: number; twoWorkers: number }
  photoBytes: number
  batch: { photos: number; seconds: number; available: number; failed: number; onListings: number; matched: number }
  large: LargeUpload
  /** The same upload with the database on a Postgres server (skipped without one). */
  largeOnPostgres: LargeUpload | { skipped: string }
}

interface LargeUpload {
  megabytes: number
  uploadSeconds: number
  checkedSeconds: number
  status: string
  peakRssMB: number | null
  idleRssMB: number | null
}

/** A product-photo-like JPEG: soft shapes with fine grain, about as costly to decode as a photo. */
async function productPhoto(seed: number): Promise<Buffer> {
  const shapes = await sharp({
    create: {
      width: 150,
      height: 200,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 120 + seed * 10, sigma: 60 },
    },
  })
    .blur(2)
    .resize(3000, 4000, { kernel: 'cubic' })
    .raw()
    .toBuffer()
  const grain = await sharp({
    create: {
      width: 3000,
      height: 4000,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 6 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer()
  return sharp(shapes, { raw: { width: 3000, height: 4000, channels: 3 } })
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer()
}

async function thumbnailRate(file: string, workers: number): Promise<number> {
  let next = 0
  const start = performance.now()
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next++ < THUMBNAILS) await makeThumbnail(file, 'image/jpeg', 60_000_000)
    }),
  )
  return THUMBNAILS / ((performance.now() - start) / 1000)
}

async function signIn(baseURL: string): Promise<string> {
  const jar = new Map<string, string>()
  const keep = (response: Response) => {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';')
      const [name, ...rest] = pair!.split('=')
      jar.set(name!.trim(), rest.join('='))
    }
  }
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const page = await fetch(`${baseURL}/`)
  keep(page)
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1]
  if (!csrf) throw new Error('no CSRF token on the login page')
  const response = await fetch(`${baseURL}/?index`, {
    method: 'POST',
    body: new URLSearchParams({ csrf, email: 'editor@demo.test', password: 'Demo-passw0rd!', redirectTo: '' }),
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  })
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`)
  keep(response)
  return cookie()
}

const b64 = (text: string) => Buffer.from(text).toString('base64')

/** Creates a tus upload and sends its bytes in one PATCH; answers the file's key. */
async function tusUpload(
  baseURL: string,
  cookie: string,
  body: Buffer | ReadableStream<Uint8Array>,
  length: number,
  meta: Record<string, string>,
): Promise<string> {
  const created = await fetch(`${baseURL}/uploads/tus`, {
    method: 'POST',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': Object.entries(meta)
        .map(([key, value]) => `${key} ${b64(value)}`)
        .join(','),
    },
  })
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`)
  const location = created.headers.get('location')!
  const sent = await fetch(`${baseURL}${location}`, {
    method: 'PATCH',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
    body: body instanceof Buffer ? new Uint8Array(body) : body,
    duplex: 'half',
  } as RequestInit)
  if (sent.status !== 204) throw new Error(`tus PATCH answered ${sent.status}: ${await sent.text()}`)
  return location.split('/').pop()!
}

/** A large video-like file, streamed: an MP4 signature, then chunks of varied bytes. */
function largeBody(megabytes: number): ReadableStream<Uint8Array> {
  const chunk = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 2654435761) >>> 24
  let sent = 0
  return new ReadableStream({
    pull(controller) {
      if (sent === megabytes) return controller.close()
      const part = Buffer.from(chunk)
      if (sent === 0) Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom')]).copy(part)
      sent++
      controller.enqueue(part)
    },
  })
}

export async function filesBench(residentMB: (pid: number) => number | null): Promise<FilesFigures> {
  sharp.cache(false)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-bench-'))
  const photos = await Promise.all([0, 1, 2, 3].map(productPhoto))
  const photoFile = path.join(dir, 'photo.jpg')
  fs.writeFileSync(photoFile, photos[0]!)
  await makeThumbnail(photoFile, 'image/jpeg', 60_000_000) // warm up
  const thumbnailsPerSecond = {
    oneWorker: await thumbnailRate(photoFile, 1),
    twoWorkers: await thumbnailRate(photoFile, 2),
  }

  // The portal as `npm start` runs it: compiled, and (for the memory figure) started again on
  // its data, as a running installation is; its first start also carries the database's creation.
  const dataDir = path.join(dir, 'portal')
  let batch: FilesFigures['batch']
  let large: LargeUpload
  try {
    const first = await spawnPortal('files-bench', { compiled: true, dataDir })
    try {
      const cookie = await signIn(first.baseURL)
      const listened = await listen(first.baseURL, cookie)
      try {
        batch = await photoBatch(first.baseURL, cookie, photos, listened)
      } finally {
        listened.socket.disconnect()
      }
    } finally {
      await first.stop()
    }
    const again = await spawnPortal('files-bench-again', { compiled: true, dataDir })
    try {
      const cookie = await signIn(again.baseURL)
      const listened = await listen(again.baseURL, cookie)
      try {
        large = await largeUpload(again, cookie, residentMB, listened)
      } finally {
        listened.socket.disconnect()
      }
    } finally {
      await again.stop()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const largeOnPostgres = await onLocalPostgres('files_bench', 0, async (server, cookie) => {
    const listened = await listen(server.baseURL, cookie)
    try {
      return await largeUpload(server, cookie, residentMB, listened)
    } finally {
      listened.socket.disconnect()
    }
  })
  return { thumbnailsPerSecond, photoBytes: photos[0]!.length, batch, large, largeOnPostgres }
}

interface Listened {
  socket: ReturnType<typeof connectSocket>
  finished: Map<string, { status: string; at: number }>
  settled(key: string): Promise<void>
}

/** The uploader's socket, noting when each file is available or refused. */
async function listen(baseURL: string, cookie: string): Promise<Listened> {
  const socket = connectSocket(baseURL, { transports: ['websocket'], extraHeaders: { cookie } })
  await new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(undefined))
    socket.once('connect_error', reject)
  })
  const finished = new Map<string, { status: string; at: number }>()
  const waiters = new Map<string, () => void>()
  socket.on(FILE_EVENTS.status, (event: FileStatusEvent) => {
    if (event.status !== 'available' && event.status !== 'quarantined') return
    finished.set(event.key, { status: event.status, at: performance.now() })
    waiters.get(event.key)?.()
  })
  const settled = (key: string) =>
    finished.has(key) ? Promise.resolve() : new Promise<void>((resolve) => waiters.set(key, resolve))
  return { socket, finished, settled }
}

async function apiCall(baseURL: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api/${pathname}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: baseURL },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json()) as { data?: unknown; error?: { message: string } }
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${answer.error?.message}`)
  return answer.data
}

/** The media upload step's batch: preflight, then 4 uploads at a time, until every photo is settled. */
async function photoBatch(
  baseURL: string,
  cookie: string,
  photos: Buffer[],
  { finished, settled }: Listened,
): Promise<FilesFigures['batch']> {
  const listings = (await apiCall(baseURL, cookie, 'GET', `listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=50`)) as {
    style_number: string
    sku: string
  }[]
  const run = Date.now().toString(36)
  // A quarter named for Demo Brand listings (a new view of each), the rest for no listing.
  const names = Array.from({ length: PHOTOS }, (_, i) => {
    const listing = listings[i % listings.length]
    return i % 4 === 0 && listing
      ? `${listing.style_number}_${listing.sku}_${run}${i}.jpg`
      : `SN${run}${i}_SKU${i}_front.jpg`
  })
  const start = performance.now()
  const reserved = (await apiCall(baseURL, cookie, 'POST', 'media/method/batch', {
    brand: DEMO_BRAND_KEY,
    names,
  })) as { name: string; key?: string; listing?: unknown }[]
  const keys: string[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < reserved.length) {
        const i = next++
        const bytes = photos[i % photos.length]!
        keys.push(
          await tusUpload(baseURL, cookie, bytes, bytes.length, {
            brand: DEMO_BRAND_KEY,
            purpose: 'listing-media',
            filename: reserved[i]!.name,
            media: reserved[i]!.key!,
          }),
        )
      }
    }),
  )
  await Promise.all(keys.map(settled))
  const seconds = (Math.max(...keys.map((key) => finished.get(key)!.at)) - start) / 1000
  const available = keys.filter((key) => finished.get(key)!.status === 'available').length
  const media = (await apiCall(baseURL, cookie, 'GET', `media/query/brand?brand=${DEMO_BRAND_KEY}&limit=200`)) as {
    name: string
    listing: string | null
    status: string
  }[]
  const ours = new Set(names)
  const onListings = media.filter((item) => ours.has(item.name) && item.listing && item.status === 'available').length
  const matched = reserved.filter((item) => item.listing).length
  return { photos: PHOTOS, seconds, available, failed: PHOTOS - available, onListings, matched }
}

/** A 2 GB file over tus, with the portal's memory sampled every 100 ms until it is checked. */
async function largeUpload(
  portal: Pick<SpawnedPortal, 'baseURL' | 'pid'>,
  cookie: string,
  residentMB: (pid: number) => number | null,
  { finished, settled }: Listened,
): Promise<LargeUpload> {
  const idleRssMB = residentMB(portal.pid)
  let peak = idleRssMB ?? 0
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMB(portal.pid) ?? 0)
  }, 100)
  const start = performance.now()
  const key = await tusUpload(portal.baseURL, cookie, largeBody(LARGE_MB), LARGE_MB * 1024 * 1024, {
    brand: DEMO_BRAND_KEY,
    purpose: 'chat-attachment',
    filename: 'runway-show.mp4',
  })
  const uploadSeconds = (performance.now() - start) / 1000
  await settled(key)
  clearInterval(sampler)
  return {
    megabytes: LARGE_MB,
    uploadSeconds,
    checkedSeconds: (finished.get(key)!.at - start) / 1000,
    status: finished.get(key)!.status,
    peakRssMB: residentMB(portal.pid) === null ? null : peak,
    idleRssMB,
  }
}

const goal = (value: number, target: number, atLeast: boolean) =>
  `${value.toFixed(1)} (goal ${atLeast ? '≥' : '≤'} ${target}${(atLeast ? value >= target : value <= target) ? ', met' : ', missed'})`

export function printFilesFigures(figures: FilesFigures) {
  const { thumbnailsPerSecond: rate, batch, large } = figures
  console.log(`\nFile pipeline (${os.cpus().length} cores)`)
  console.log(`  thumbnails of 12-megapixel JPEGs to 300×400, per second:`)
  console.log(
    `    one worker (IMAGE_WORKERS=1, the default): ${goal(rate.oneWorker, FILES_GOALS.thumbnailsPerSecond, true)}`,
  )
  console.log(
    `    two workers (IMAGE_WORKERS=2):             ${goal(rate.twoWorkers, FILES_GOALS.thumbnailsPerSecond, true)}`,
  )
  console.log(
    `  ${batch.photos} product photos (${(figures.photoBytes / 1024 ** 2).toFixed(1)} MB each) uploaded over tus and scanned, end to end: ` +
      `${batch.seconds.toFixed(1)} s (${(batch.photos / batch.seconds).toFixed(1)}/s; ${batch.available} available, ${batch.failed} not)`,
  )
  console.log(`    ${batch.matched} named for a listing; ${batch.onListings} of them on their listing at the end`)
  printLarge('embedded database (PGlite)', large)
  if ('skipped' in figures.largeOnPostgres)
    console.log(`  on a Postgres server: skipped (${figures.largeOnPostgres.skipped})`)
  else printLarge('database on a Postgres server', figures.largeOnPostgres)
}

function printLarge(label: string, large: LargeUpload) {
  console.log(
    `  a ${(large.megabytes / 1024).toFixed(1)} GB upload, ${label}: sent in ${large.uploadSeconds.toFixed(1)} s, ${large.status} after ${large.checkedSeconds.toFixed(1)} s`,
  )
  if (large.peakRssMB === null) console.log('    peak resident memory: not measurable here (no /proc)')
  else {
    console.log(`    portal's peak resident memory: ${goal(large.peakRssMB, FILES_GOALS.peakRssMB, false)} MB`)
    // Most of the resident memory is the portal at rest (with PGlite, the embedded database); the
    // upload's own share is what streaming keeps small.
    if (large.idleRssMB !== null) {
      console.log(
        `    of which the upload added: ${large.peakRssMB - large.idleRssMB} MB (${large.idleRssMB} MB before it)`,
      )
    }
  }
}
