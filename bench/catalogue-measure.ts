// What the catalogue benchmark measures (bench/catalogue.ts): its goals and figures, the seeded
// listings, the timed queries, and the open-loop load on the products list and /brands.
import { startSession } from '#app/features/identity/sessions.server'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { openDatabase, type DatabaseHandle } from '#db/client'
import { DEMO_BRAND_KEY, demoAccountKey, demoFirebaseUid, seedDemo } from '#seed/seed'
import { bulkStructure, seedListings } from '#seed/seed-listings'
import fs from 'node:fs'
import path from 'node:path'
import http from 'node:http'
import { type SpawnedPortal } from '../scripts/spawn-portal'
import { vacuumAnalyze } from './workspace'

export const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}

export const CATALOGUE_GOALS = { filteredP95Ms: 30, searchP95Ms: 60, pageP95Ms: 50, pageRate: 100 }

export interface Latency {
  p50Ms: number
  p95Ms: number
  requests: number
}

export interface QueryFigures {
  /** Why the call could not be measured (not built yet, say), else null. */
  unavailable: string | null
  firstPage?: Latency
  middlePage?: Latency
  deepPage?: Latency
  search?: Latency
  /** Listings the filter matched, and the searches' terms and totals, to read the figures by. */
  matched?: number
  searches?: { term: string; total: number }[]
}

export interface LoadFigures {
  /** CPU time the portal process spent per request during the run (user + system), or null off Linux. */
  cpuMsPerRequest: number | null
  path: string
  rate: number
  seconds: number
  sent: number
  errors: number
  firstErrors: string[]
  p50Ms: number
  p95Ms: number
  p975Ms: number
}

export interface CatalogueFigures {
  listings: number
  seedSeconds: number
  /** On the embedded server, which the portal starts in its data folder. */
  embedded: QueryFigures
  /** On the local Postgres server given by DATABASE_URL. */
  postgres: QueryFigures | { skipped: string }
  pages: {
    unavailable: string | null
    products?: { fixed: LoadFigures; maxSustainedRate: number; steps: LoadFigures[] }
    brands: { fixed: LoadFigures; maxSustainedRate: number; steps: LoadFigures[] }
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

export const round = (value: number) => +value.toFixed(1)

/** Data for the portal: the demo workspace, Demo Brand filled up, a session for its owner. */
export async function seed(database: DatabaseHandle, blobsDir: string, listings: number) {
  await database.migrate()
  const deps = { db: database.db, blobs: createLocalBlobStore({ dir: blobsDir, secret: 'bench' }) } as ServiceDeps
  await seedDemo(deps, { ensureUsers: false })
  const result = await seedListings(database.db, DEMO_BRAND_KEY, listings)
  await vacuumAnalyze(database)
  const session = await startSession(deps, {
    accountKey: demoAccountKey('admin'),
    firebaseUid: demoFirebaseUid('admin'),
    remember: true,
  })
  return { cookie: `__session=${session.id}`, seconds: result.ms / 1000 }
}

/**
 * Seeds the demo workspace and `listings` listings into the embedded server of `dataDir`, then
 * stops it, so a built portal can start on the data; answers a signed-in session's cookie.
 */
export async function seedDataDir(dataDir: string, listings: number): Promise<string> {
  const database = await openDatabase({ dataDir })
  try {
    return (await seed(database, path.join(dataDir, 'blobs'), listings)).cookie
  } finally {
    await database.close()
  }
}

async function timedSequential(count: number, request: (i: number) => Promise<void>): Promise<Latency> {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await request(i)
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { p50Ms: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), requests: count }
}

interface FilterAnswer {
  data?: unknown[]
  cursor?: number
  more?: boolean
  total?: number
  error?: { type: string; message: string }
}

/** The filter call's figures against a running portal. */
export async function measureQueries(baseURL: string, cookie: string, samples: number): Promise<QueryFigures> {
  const structure = bulkStructure(DEMO_BRAND_KEY)
  // Two lines, three of their collections, two categories: a view a merchandiser would keep.
  const lines = structure.lines.slice(0, 2).map((l) => l.key)
  const collections = structure.collections
    .filter((c) => lines.includes(c.lineKey))
    .slice(0, 3)
    .map((c) => c.key)
  // By name, as the brand has them: Demo Brand's own Tops and Dresses keep their keys (seed-listings).
  const brandCategories = (await (
    await fetch(`${baseURL}/api/category/query/brand?brand=${DEMO_BRAND_KEY}`, { headers: { cookie } })
  ).json()) as { data?: { key: string; name: string }[] }
  const categoryKey = (name: string) =>
    brandCategories.data?.find((category) => category.name === name)?.key ?? structure.categories[name]!
  const categories = [categoryKey('Tops'), categoryKey('Dresses')]
  const filterUrl = (cursor: number) =>
    `${baseURL}/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&lines=${lines.join(',')}` +
    `&collections=${collections.join(',')}&categories=${categories.join(',')}&cursor=${cursor}&limit=50`
  const get = async (url: string): Promise<FilterAnswer & { status: number }> => {
    const response = await fetch(url, { headers: { cookie } })
    const text = await response.text()
    let body: FilterAnswer = {}
    try {
      body = JSON.parse(text) as FilterAnswer
    } catch {
      // a page, not JSON: the call does not exist on this build
    }
    return { ...body, status: response.status }
  }

  const probe = await get(filterUrl(0))
  if (probe.status !== 200 || !Array.isArray(probe.data)) {
    return {
      unavailable: `GET /api/listing/query/filter answered ${probe.status}${probe.error ? ` (${probe.error.type}: ${probe.error.message})` : ''}: not measured`,
    }
  }
  const matched = typeof probe.total === 'number' ? probe.total : null
  const expectPage = async (url: string) => {
    const answer = await get(url)
    if (answer.status !== 200 || !Array.isArray(answer.data)) throw new Error(`${url} answered ${answer.status}`)
    return answer
  }
  const lastCursor = matched ? Math.max(0, Math.floor((matched - 1) / 50) * 50) : 0
  const middleCursor = Math.floor(lastCursor / 100) * 50
  // A running portal has compiled its hot paths long before: the first requests after a start
  // (the JIT, the database's caches) are not what a person paging the list sees.
  for (let i = 0; i < 20; i++) {
    for (const cursor of [0, middleCursor, lastCursor]) await expectPage(filterUrl(cursor))
  }
  const firstPage = await timedSequential(samples, () => expectPage(filterUrl(0)).then(() => undefined))
  const middlePage = await timedSequential(samples, () => expectPage(filterUrl(middleCursor)).then(() => undefined))
  const deepPage = await timedSequential(samples, async () => {
    const answer = await expectPage(filterUrl(lastCursor))
    if (answer.data!.length === 0) throw new Error(`the last page (cursor ${lastCursor}) is empty`)
  })
  // Terms as people type them: a style number, a word of the name, a material, a collection.
  const terms = ['DB-2012', 'relaxed', 'merino', 'Coastal Light', 'linen shirt']
  const searches: { term: string; total: number }[] = []
  for (const term of terms) {
    const answer = await expectPage(
      `${baseURL}/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&search=${encodeURIComponent(term)}&limit=50`,
    )
    searches.push({ term, total: typeof answer.total === 'number' ? answer.total : answer.data!.length })
  }
  const search = await timedSequential(samples, (i) =>
    expectPage(
      `${baseURL}/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&search=${encodeURIComponent(terms[i % terms.length]!)}&limit=50`,
    ).then(() => undefined),
  )
  return { unavailable: null, firstPage, middlePage, deepPage, search, matched: matched ?? undefined, searches }
}

/** A GET over a kept-alive connection of the agent; resolves with the status once the body is read. */
function get(url: string, cookie: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      response.on('data', () => undefined)
      response.on('end', () => resolve(response.statusCode ?? 0))
      response.on('error', reject)
    })
    request.setTimeout(30_000, () => request.destroy(new Error('timed out after 30 s')))
    request.on('error', reject)
  })
}

/**
 * Open loop: request i starts at start + i / rate whatever happened before; its latency counts from
 * that scheduled moment. Many connections, as many browsers would open.
 */
/** CPU time a process has used, in ms, from /proc (Linux); null elsewhere. */
export function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

export async function openLoop(
  url: string,
  cookie: string,
  rate: number,
  seconds: number,
  pid?: number,
): Promise<LoadFigures> {
  const cpuBefore = pid ? cpuMs(pid) : null
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  const total = Math.round(rate * seconds)
  const latencies: number[] = []
  const firstErrors: string[] = []
  let errors = 0
  const start = performance.now() + 50
  const pending: Promise<void>[] = []
  for (let i = 0; i < total; i++) {
    const scheduled = start + (i * 1000) / rate
    const wait = scheduled - performance.now()
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait))
    pending.push(
      (async () => {
        try {
          const status = await get(url, cookie, agent)
          if (status !== 200) {
            errors++
            if (firstErrors.length < 3) firstErrors.push(`HTTP ${status}`)
          }
        } catch (error) {
          errors++
          if (firstErrors.length < 3) firstErrors.push(String(error))
        }
        latencies.push(performance.now() - scheduled)
      })(),
    )
  }
  await Promise.all(pending)
  agent.destroy()
  const cpuAfter = pid ? cpuMs(pid) : null
  latencies.sort((a, b) => a - b)
  return {
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null ? round((cpuAfter - cpuBefore) / total) : null,
    path: new URL(url).pathname,
    rate,
    seconds,
    sent: total,
    errors,
    firstErrors,
    p50Ms: round(percentile(latencies, 0.5)),
    p95Ms: round(percentile(latencies, 0.95)),
    p975Ms: round(percentile(latencies, 0.975)),
  }
}

async function loadFigures(baseURL: string, cookie: string, pathname: string, pid: number) {
  const rate = number('CATALOGUE_BENCH_RATE', CATALOGUE_GOALS.pageRate)
  const seconds = number('CATALOGUE_BENCH_SECONDS', 20)
  const url = `${baseURL}${pathname}`
  await openLoop(url, cookie, 20, 2) // warm up
  const fixed = await openLoop(url, cookie, rate, seconds, pid)
  const steps: LoadFigures[] = []
  let maxSustainedRate = 0
  // From a quarter of the goal's rate, so a slow machine still shows where it stands.
  for (let step = 25; step <= number('CATALOGUE_BENCH_MAX_RATE', 1000); step += step < 100 ? 25 : 50) {
    const figures = await openLoop(url, cookie, step, 5, pid)
    steps.push(figures)
    if (figures.errors > 0 || figures.p95Ms > CATALOGUE_GOALS.pageP95Ms) break
    maxSustainedRate = step
    // A moment between steps, so one step's queue does not spill into the next.
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  return { fixed, maxSustainedRate, steps }
}

export async function pageFigures(portal: SpawnedPortal, cookie: string): Promise<CatalogueFigures['pages']> {
  const products = `/brand/${DEMO_BRAND_KEY}/products`
  const probe = await fetch(`${portal.baseURL}${products}`, { headers: { cookie }, redirect: 'manual' })
  const html = await probe.text()
  // The frame's catch-all answers screens not built yet with "coming soon".
  const unavailable =
    probe.status !== 200
      ? `${products} answered ${probe.status}: not measured`
      : /coming soon/i.test(html)
        ? `${products} is not built on this build ("coming soon"): not measured`
        : null
  return {
    unavailable,
    products: unavailable ? undefined : await loadFigures(portal.baseURL, cookie, products, portal.pid),
    brands: await loadFigures(portal.baseURL, cookie, '/brands', portal.pid),
  }
}
