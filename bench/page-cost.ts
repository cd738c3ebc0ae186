// The page-cost part of `npm run bench` (issue 29): what the signed-in products list page costs
// against the JSON call that returns the same rows (`GET /api/listing/query/filter`, 50 a page),
// measured in the same run on the same portal, at Demo Brand's demo data and again with Demo Brand
// filled up to PAGE_COST_LISTINGS listings (default 100,000). Each side runs closed-loop (a few
// requests in flight, a new one as soon as one ends) for a few seconds, page and JSON taking turns
// so a noisy neighbour weighs on both; the figure is the ratio of their throughputs, and the
// portal's CPU time per request beside it.
import { startSession } from '#app/features/identity/sessions.server'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { openDatabase, type DatabaseHandle } from '#db/client'
import { DEMO_BRAND_KEY, demoAccountKey, demoFirebaseUid, seedDemo } from '#seed/seed'
import { seedListings } from '#seed/seed-listings'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { spawnPortal } from '../scripts/spawn-portal'
import { cpuMs, number, round } from './catalogue-measure'
import { vacuumAnalyze } from './workspace'

/** The page may cost at most this many times its rows as JSON (issue 29). */
export const PAGE_COST_GOAL = 2

export interface SideFigures {
  requestsPerSecond: number
  /** The portal's CPU time per request (user + system), null off Linux. */
  cpuMsPerRequest: number | null
  bytes: number
}

export interface PageCostRun {
  listings: number
  page: SideFigures
  json: SideFigures
  /** The list route's data request: what the browser asks for when paging or filtering with JavaScript. */
  data: SideFigures
  /** The floor: a document that loads nothing (the sign-in page, signed out), through the same framework. */
  emptyDocument: SideFigures
  /** JSON throughput / page throughput. */
  ratio: number
}

export interface PageCostFigures {
  demo: PageCostRun
  filled: PageCostRun
}

function fetchBody(url: string, cookie: string | null, agent: http.Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: { ...(cookie ? { cookie } : {}), 'accept-encoding': 'identity' } },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
        response.on('error', reject)
      },
    )
    request.setTimeout(30_000, () => request.destroy(new Error('timed out after 30 s')))
    request.on('error', reject)
  })
}

/** Closed loop: `concurrency` requests in flight for `seconds`; throughput and CPU per request. */
async function closedLoop(url: string, cookie: string | null, pid: number, seconds: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
  let done = 0
  let bytes = 0
  const cpuBefore = cpuMs(pid)
  const started = performance.now()
  const until = started + seconds * 1000
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const answer = await fetchBody(url, cookie, agent)
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
        bytes = answer.bytes
        done++
      }
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  const cpuAfter = cpuMs(pid)
  agent.destroy()
  return {
    done,
    elapsed,
    bytes,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  }
}

async function measureSides(baseURL: string, cookie: string, pid: number, listings: number): Promise<PageCostRun> {
  const pageUrl = `${baseURL}/brand/${DEMO_BRAND_KEY}/products`
  const jsonUrl = `${baseURL}/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=50`
  const probe = await fetch(jsonUrl, { headers: { cookie } })
  const rows = ((await probe.json()) as { data?: unknown[] }).data?.length ?? 0
  if (rows !== 50) throw new Error(`the JSON call returned ${rows} rows, not 50`)
  const seconds = number('PAGE_COST_SECONDS', 4)
  const concurrency = Math.floor(number('PAGE_COST_CONCURRENCY', 4))
  const urls = {
    page: pageUrl,
    json: jsonUrl,
    data: `${pageUrl}?_data=${encodeURIComponent('routes/_frame+/brand+/$brandKey+/products+/_list')}`,
    emptyDocument: `${baseURL}/`,
  }
  const sides = Object.keys(urls) as (keyof typeof urls)[]
  const cookieOf = (side: keyof typeof urls) => (side === 'emptyDocument' ? null : cookie)
  // Warm every path (the JIT, the database's caches) before anything counts.
  for (const side of sides) await closedLoop(urls[side], cookieOf(side), pid, 2, concurrency)
  const total = Object.fromEntries(
    sides.map((side) => [side, { done: 0, elapsed: 0, cpu: 0 as number | null, bytes: 0 }]),
  )
  for (let turn = 0; turn < 3; turn++) {
    for (const side of sides) {
      const run = await closedLoop(urls[side], cookieOf(side), pid, seconds, concurrency)
      const sum = total[side]!
      sum.done += run.done
      sum.elapsed += run.elapsed
      sum.bytes = run.bytes
      sum.cpu = sum.cpu === null || run.cpu === null ? null : sum.cpu + run.cpu
    }
  }
  const figures = (side: keyof typeof urls): SideFigures => ({
    requestsPerSecond: round(total[side]!.done / total[side]!.elapsed),
    cpuMsPerRequest: total[side]!.cpu === null ? null : round(total[side]!.cpu! / total[side]!.done),
    bytes: total[side]!.bytes,
  })
  const page = figures('page')
  const json = figures('json')
  const data = figures('data')
  const emptyDocument = figures('emptyDocument')
  return { listings, page, json, data, emptyDocument, ratio: round(json.requestsPerSecond / page.requestsPerSecond) }
}

async function seedDemoOnly(database: DatabaseHandle, blobsDir: string): Promise<string> {
  await database.migrate()
  const deps = { db: database.db, blobs: createLocalBlobStore({ dir: blobsDir, secret: 'bench' }) } as ServiceDeps
  await seedDemo(deps, { ensureUsers: false })
  const session = await startSession(deps, {
    accountKey: demoAccountKey('admin'),
    firebaseUid: demoFirebaseUid('admin'),
    remember: true,
  })
  return `__session=${session.id}`
}

async function listingsOfDemoBrand(baseURL: string, cookie: string): Promise<number> {
  const answer = await fetch(`${baseURL}/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=1`, {
    headers: { cookie },
  })
  return ((await answer.json()) as { total?: number }).total ?? 0
}

export async function pageCostBench(): Promise<PageCostFigures> {
  const filledTo = Math.floor(number('PAGE_COST_LISTINGS', 100_000))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-page-cost-'))
  try {
    const database = await openDatabase({ dataDir })
    let cookie: string
    try {
      // The demo workspace alone: Demo Brand as a new user meets it.
      cookie = await seedDemoOnly(database, path.join(dataDir, 'blobs'))
    } finally {
      await database.close()
    }
    const run = async (fill: () => Promise<void>) => {
      await fill()
      const portal = await spawnPortal('page-cost', { compiled: true, dataDir, env: { SEED_DEMO: 'false' } })
      try {
        const listings = await listingsOfDemoBrand(portal.baseURL, cookie)
        return await measureSides(portal.baseURL, cookie, portal.pid, listings)
      } finally {
        await portal.stop()
      }
    }
    const demo = await run(async () => undefined)
    const filled = await run(async () => {
      const handle = await openDatabase({ dataDir })
      try {
        await seedListings(handle.db, DEMO_BRAND_KEY, filledTo)
        await vacuumAnalyze(handle)
      } finally {
        await handle.close()
      }
    })
    return { demo, filled }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printPageCostFigures(figures: PageCostFigures) {
  console.log('\nPage cost: the signed-in products list (50 rows) against the same rows as JSON, same run')
  for (const run of [figures.demo, figures.filled]) {
    const side = (name: string, s: SideFigures) =>
      `    ${name.padEnd(44)} ${String(s.requestsPerSecond).padStart(7)}/s   CPU ${s.cpuMsPerRequest ?? '?'} ms/request   ${(s.bytes / 1024).toFixed(1)} KB`
    console.log(`  Demo Brand with ${run.listings} listings`)
    console.log(side(`/brand/${DEMO_BRAND_KEY}/products (page)`, run.page))
    console.log(side('/api/listing/query/filter (JSON)', run.json))
    console.log(side("the page's data request (paging with JavaScript)", run.data))
    console.log(side('floor: a document with no data (/ signed out)', run.emptyDocument))
    const cpuRatio =
      run.page.cpuMsPerRequest && run.json.cpuMsPerRequest
        ? ` (CPU per request ${round(run.page.cpuMsPerRequest / run.json.cpuMsPerRequest)}×)`
        : ''
    console.log(
      `    the page costs ${run.ratio}× its data${cpuRatio}   goal ≤ ${PAGE_COST_GOAL}× ${run.ratio <= PAGE_COST_GOAL ? 'OK' : 'MISSED'}`,
    )
    // What the framework alone costs: a document that loads nothing, against the JSON call.
    const floor = round(run.json.requestsPerSecond / run.emptyDocument.requestsPerSecond)
    const dataRatio = round(run.json.requestsPerSecond / run.data.requestsPerSecond)
    console.log(
      `    (its data request, paging with JavaScript: ${dataRatio}× ${dataRatio <= PAGE_COST_GOAL ? 'OK' : 'MISSED'}; floor: a document loading nothing costs ${floor}× the JSON call)`,
    )
  }
}
