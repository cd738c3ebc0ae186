// The file pipeline's part of `npm run bench` (BENCH_ONLY=files). Measures:
//  - thumbnails per second: 12-megapixel JPEGs (3000 × 4000, a product photo's 3:4) to 300 × 400
//    through the pipeline's own image process (app/features/files/image-sizes.mjs), one image at a time
//    and as many at once as the default IMAGE_WORKERS (one per core); and the same for the
//    thumbnail with the 1600 px web size, which the pipeline makes for every photo;
//  - a batch of 200 product photos as the media upload step sends them: the names reserved by the
//    batch preflight (a quarter named for Demo Brand listings), then uploaded over tus (4 at a
//    time, as a browser does) to a portal of its own, from the preflight to the last "uploaded
//    and scanned" heard over socket.io, each matched photo then on its listing;
//  - the portal's peak resident memory while a 2 GB file is uploaded over tus and checked, with
//    the embedded database server and with the local Postgres server given as a DATABASE_URL;
//  - whether anyone waits for those jobs (bench/probe.ts): /healthz and /brands asked all along
//    the batch of photos and the 2 GB upload on the embedded server, against the same portal quiet.
// FILES_BENCH_PHOTOS and FILES_BENCH_LARGE_MB change the batch and the large file.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { io as connectSocket } from 'socket.io-client'
import { ImageProcess } from '#app/features/files/image-process.server'
import { createQueue } from '#app/platform/queue'
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '#app/features/files/thumbnail'
import { WEB_SIZE } from '#app/features/files/files.server'
import { parseEnv } from '#app/env.server'
import { FILE_EVENTS, type FileStatusEvent } from '#app/platform/protocol'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { onLocalPostgres } from './catalogue'
import { residentMB } from './memory'
import { printProbe, probeAround, type ProbeFigures } from './probe'
import { signInAs, spawnPortal, type SpawnedPortal } from '../scripts/spawn-portal'

export const FILES_GOALS = { thumbnailsPerSecond: 30, peakRssMB: 300 }

const PHOTOS = Number(process.env.FILES_BENCH_PHOTOS ?? 200)
const LARGE_MB = Number(process.env.FILES_BENCH_LARGE_MB ?? 2048)
const THUMBNAILS = 60

export interface FilesFigures {
  /** At the default IMAGE_WORKERS (`workers`), and one at a time. */
  thumbnailsPerSecond: { oneWorker: number; workers: number; atDefault: number; withWebSize: number }
  photoBytes: number
  batch: {
    photos: number
    seconds: number
    available: number
    failed: number
    onListings: number
    matched: number
    /** The products list's time, p50 / p95 in ms, on the idle portal and during the batch. */
    page: { idle: Percentiles; duringBatch: Percentiles }
    /** /healthz and /brands while the batch runs, against the same portal quiet. */
    probe: ProbeFigures
  }
  /** On the embedded server, probed. */
  large: LargeUpload & { probe: ProbeFigures }
  /** The same upload with the database on a Postgres server (skipped without one). */
  largeOnPostgres: LargeUpload | { skipped: string }
}

export interface LargeUpload {
  megabytes: number
  uploadSeconds: number
  checkedSeconds: number
  status: string
  peakRssMB: number | null
  idleRssMB: number | null
}

/** A product-photo-like JPEG: soft shapes with fine grain, about as costly to decode as a photo. */
export async function productPhoto(seed: number): Promise<Buffer> {
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

interface Percentiles {
  p50: number
  p95: number
  samples: number
}

function percentiles(times: number[]): Percentiles {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return { p50: at(0.5), p95: at(0.95), samples: sorted.length }
}

/** Images per second through the image process, `workers` at once as the pipeline's queue allows. */
async function imageRate(file: string, workers: number, web: boolean): Promise<number> {
  const env = parseEnv()
  const process = new ImageProcess({ nice: env.IMAGE_NICE, idleMs: 60_000, jobTimeoutMs: 120_000 })
  const queue = createQueue(workers)
  const job = {
    input: file,
    type: 'image/jpeg',
    maxPixels: env.UPLOAD_MAX_PIXELS,
    thumbnail: { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT },
    web: web ? WEB_SIZE : null,
  }
  try {
    await process.sizes(job) // starts the process
    const count = web ? THUMBNAILS / 2 : THUMBNAILS
    const start = performance.now()
    await Promise.all(Array.from({ length: count }, () => queue.run(() => process.sizes(job))))
    return count / ((performance.now() - start) / 1000)
  } finally {
    await process.stop()
  }
}

const b64 = (text: string) => Buffer.from(text).toString('base64')

/** Creates a tus upload and sends its bytes in one PATCH; answers the file's key. */
export async function tusUpload(
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

export async function filesBench(): Promise<FilesFigures> {
  sharp.cache(false)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-bench-'))
  const photos = await Promise.all([0, 1, 2, 3].map(productPhoto))
  const photoFile = path.join(dir, 'photo.jpg')
  fs.writeFileSync(photoFile, photos[0]!)
  const workers = parseEnv().IMAGE_WORKERS
  const thumbnailsPerSecond = {
    oneWorker: await imageRate(photoFile, 1, false),
    workers,
    atDefault: await imageRate(photoFile, workers, false),
    withWebSize: await imageRate(photoFile, workers, true),
  }

  // The portal as `npm start` runs it: compiled, and (for the memory figure) started again on
  // its data, as a running installation is; its first start also carries the database's creation.
  // A folder of its own, not inside `dir`: as root, the embedded server runs as the system user
  // postgres, which can't pass through a folder of mode 700 above the data folder.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-bench-'))
  let batch: FilesFigures['batch']
  let large: FilesFigures['large']
  try {
    const first = await spawnPortal('files-bench', { compiled: true, dataDir })
    try {
      const cookie = await signInAs(first.baseURL, 'editor@demo.test')
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
      const cookie = await signInAs(again.baseURL, 'editor@demo.test')
      const listened = await listen(again.baseURL, cookie)
      try {
        const probed = await probeAround(again, cookie, () => largeUpload(again, cookie, listened))
        large = { ...probed.result, probe: probed.probe }
      } finally {
        listened.socket.disconnect()
      }
    } finally {
      await again.stop()
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const largeOnPostgres = await onLocalPostgres('files_bench', 0, async (server, cookie) => {
    const listened = await listen(server.baseURL, cookie)
    try {
      return await largeUpload(server, cookie, listened)
    } finally {
      listened.socket.disconnect()
    }
  })
  return { thumbnailsPerSecond, photoBytes: photos[0]!.length, batch, large, largeOnPostgres }
}

export interface Listened {
  socket: ReturnType<typeof connectSocket>
  finished: Map<string, { status: string; at: number }>
  settled(key: string): Promise<void>
}

/** The uploader's socket, noting when each file is available or refused. */
export async function listen(baseURL: string, cookie: string): Promise<Listened> {
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

export async function apiCall(baseURL: string, cookie: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${baseURL}/api/${pathname}`, {
    method,
    headers: { cookie, 'content-type': 'application/json', origin: baseURL },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const answer = (await response.json()) as { data?: unknown; error?: { message: string } }
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${answer.error?.message}`)
  return answer.data
}

/** Uploads the photos the preflight reserved over tus, 4 at a time as a browser does; answers their file keys. */
export async function uploadReserved(
  baseURL: string,
  cookie: string,
  reserved: { name: string; key?: string }[],
  photos: Buffer[],
): Promise<string[]> {
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
  return keys
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
  const products = `${baseURL}/brand/${DEMO_BRAND_KEY}/products`
  const timePage = async () => {
    const started = performance.now()
    const response = await fetch(products, { headers: { cookie } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`the products list answered ${response.status}`)
    return performance.now() - started
  }
  const idleTimes: number[] = []
  for (let i = 0; i < 40; i++) idleTimes.push(await timePage())
  const { result, probe } = await probeAround({ baseURL }, cookie, async () => {
    const start = performance.now()
    let uploading = true
    const duringTimes: number[] = []
    // A person browsing while the batch runs: one page about every 100 ms.
    const browsing = (async () => {
      while (uploading) {
        duringTimes.push(await timePage())
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })()
    const reserved = (await apiCall(baseURL, cookie, 'POST', 'media/method/batch', {
      brand: DEMO_BRAND_KEY,
      names,
    })) as { name: string; key?: string; listing?: unknown }[]
    const keys = await uploadReserved(baseURL, cookie, reserved, photos)
    await Promise.all(keys.map(settled))
    uploading = false
    await browsing
    return { start, keys, reserved, duringTimes }
  })
  const { start, keys, reserved, duringTimes } = result
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
  return {
    photos: PHOTOS,
    seconds,
    available,
    failed: PHOTOS - available,
    onListings,
    matched,
    page: { idle: percentiles(idleTimes.slice(10)), duringBatch: percentiles(duringTimes) },
    probe,
  }
}

/** A 2 GB file over tus, with the portal's memory sampled every 100 ms until it is checked. */
export async function largeUpload(
  portal: Pick<SpawnedPortal, 'baseURL' | 'pid'>,
  cookie: string,
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
  console.log(`  thumbnails of 12-megapixel JPEGs to 300×400, per second, in the image process:`)
  console.log(
    `    ${rate.workers} at once (IMAGE_WORKERS default, one per core): ${goal(rate.atDefault, FILES_GOALS.thumbnailsPerSecond, true)}`,
  )
  console.log(`    one at a time:                   ${rate.oneWorker.toFixed(1)}`)
  console.log(`    with the 1600 px web size too:   ${rate.withWebSize.toFixed(1)} photos per second`)
  console.log(
    `  ${batch.photos} product photos (${(figures.photoBytes / 1024 ** 2).toFixed(1)} MB each) uploaded over tus and scanned, end to end: ` +
      `${batch.seconds.toFixed(1)} s (${(batch.photos / batch.seconds).toFixed(1)}/s; ${batch.available} available, ${batch.failed} not)`,
  )
  console.log(`    ${batch.matched} named for a listing; ${batch.onListings} of them on their listing at the end`)
  const ms = (p: Percentiles) => `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms (${p.samples} requests)`
  console.log(`    the products list while idle:        ${ms(batch.page.idle)}`)
  console.log(`    the products list during the batch:  ${ms(batch.page.duringBatch)}`)
  printProbe(`${batch.photos} photos are uploaded and thumbnailed`, batch.probe, '    ')
  printLarge('embedded database server', large)
  printProbe(`a ${(large.megabytes / 1024).toFixed(1)} GB upload streams and is checked`, large.probe, '    ')
  if ('skipped' in figures.largeOnPostgres)
    console.log(`  on a Postgres server: skipped (${figures.largeOnPostgres.skipped})`)
  else printLarge('database on a Postgres server', figures.largeOnPostgres)
}

export function printLarge(label: string, large: LargeUpload) {
  console.log(
    `  a ${(large.megabytes / 1024).toFixed(1)} GB upload, ${label}: sent in ${large.uploadSeconds.toFixed(1)} s, ${large.status} after ${large.checkedSeconds.toFixed(1)} s`,
  )
  if (large.peakRssMB === null) console.log('    peak resident memory: not measurable here (no /proc)')
  else {
    console.log(`    portal's peak resident memory: ${goal(large.peakRssMB, FILES_GOALS.peakRssMB, false)} MB`)
    // Most of the resident memory is the portal at rest; the upload's own share is what streaming
    // keeps small.
    if (large.idleRssMB !== null) {
      console.log(
        `    of which the upload added: ${large.peakRssMB - large.idleRssMB} MB (${large.idleRssMB} MB before it)`,
      )
    }
  }
}
