// The cost of saying what the portal does (issue 45; BENCH_ONLY=observability): the products page's
// throughput with the access log, the realtime connection lines and /metrics on (ACCESS_LOG=true,
// METRICS_TOKEN set, scraped once a second as Prometheus would), against the same built portal on
// the same data with them off (ACCESS_LOG=false, no token). The two run one after the other, twice
// each and interleaved (off, on, off, on), so a slower stretch of a shared machine falls on both;
// each figure is the better of its two. Goal: on costs at most 5 % of off's throughput.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { spawnPortal } from '../scripts/spawn-portal'
import { seedDataDir } from './catalogue-measure'

export const OBSERVABILITY_GOALS = { costPercent: 5 }

const TOKEN = 'bench-metrics-token-0123456789'
const SECONDS = Number(process.env.OBSERVABILITY_BENCH_SECONDS ?? 10)
const CLIENTS = 4

export interface ObservabilityFigures {
  listings: number
  seconds: number
  clients: number
  off: number[]
  on: number[]
  costPercent: number
  scrapes: number
  logLines: number
}

/** Pages answered per second by CLIENTS clients, each loading the page again as soon as it came. */
async function throughput(baseURL: string, cookie: string, scrape: boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 1 })
  const page = `${baseURL}/brand/${DEMO_BRAND_KEY}/products`
  const get = (url: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume()
          res.once('end', () => resolve(res.statusCode ?? 0))
        })
        .once('error', reject)
    })
  // Warm-up: the code paths and the database's caches.
  for (let i = 0; i < 20; i++) await get(page, { cookie })
  let pages = 0
  let scrapes = 0
  const until = performance.now() + SECONDS * 1000
  const client = async () => {
    while (performance.now() < until) {
      const status = await get(page, { cookie })
      if (status !== 200) throw new Error(`the products page answered ${status}`)
      pages++
    }
  }
  const scraper = async () => {
    while (scrape && performance.now() < until) {
      if ((await get(`${baseURL}/metrics`, { authorization: `Bearer ${TOKEN}` })) !== 200)
        throw new Error('no /metrics')
      scrapes++
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
  await Promise.all([...Array.from({ length: CLIENTS }, client), scraper()])
  agent.destroy()
  return { perSecond: +(pages / SECONDS).toFixed(1), scrapes }
}

export async function observabilityBench(): Promise<ObservabilityFigures> {
  const listings = 1_000
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-observability-bench-'))
  fs.chmodSync(dataDir, 0o755)
  try {
    const cookie = await seedDataDir(dataDir, listings)
    const off: number[] = []
    const on: number[] = []
    let scrapes = 0
    let logLines = 0
    for (const observed of [false, true, false, true]) {
      const portal = await spawnPortal('observability-bench', {
        compiled: true,
        dataDir,
        env: observed
          ? { SEED_DEMO: 'false', ACCESS_LOG: 'true', METRICS_TOKEN: TOKEN }
          : { SEED_DEMO: 'false', ACCESS_LOG: 'false' },
      })
      try {
        const measured = await throughput(portal.baseURL, cookie, observed)
        ;(observed ? on : off).push(measured.perSecond)
        if (observed) {
          scrapes += measured.scrapes
          logLines += portal
            .output()
            .split('\n')
            .filter((line) => line.includes('"msg":"request"')).length
        }
      } finally {
        await portal.stop()
      }
    }
    const best = (values: number[]) => Math.max(...values)
    return {
      listings,
      seconds: SECONDS,
      clients: CLIENTS,
      off,
      on,
      costPercent: +((1 - best(on) / best(off)) * 100).toFixed(1),
      scrapes,
      logLines,
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printObservabilityFigures(figures: ObservabilityFigures) {
  const ok = figures.costPercent <= OBSERVABILITY_GOALS.costPercent
  console.log(`\nLogs and metrics (${figures.listings.toLocaleString('en-US')} listings, the products page):`)
  console.log(
    `  ${figures.clients} clients for ${figures.seconds} s, pages a second: off ${figures.off.join(', ')}; ` +
      `on ${figures.on.join(', ')} (access lines, connection lines, /metrics scraped each second)`,
  )
  console.log(
    `  cost of on: ${figures.costPercent} % of off's throughput, best against best (goal ≤ ${OBSERVABILITY_GOALS.costPercent} %) ` +
      `${ok ? 'OK' : 'MISSED'}   [${figures.logLines} access lines written, ${figures.scrapes} scrapes]`,
  )
}
