// The export and search part of `npm run bench` (issue 46; BENCH_ONLY=export). Fills Demo Brand up
// to EXPORT_BENCH_LISTINGS listings (default 100,000; seed/seed-listings.ts) on the embedded
// server, starts the built portal on that data in its own process, and measures:
//  - the floor: paging through every listing with the JSON API as a script would
//    (`GET /api/listing/query/filter`, 200 a page, the list's largest), one page after another;
//  - the export of the same listings (`/brand/{id}/products/export`), as CSV and as a workbook,
//    read to the end: its time over the floor's (goal ≤ 2×), the portal's peak resident memory
//    (goal ≤ 300 MB), and, during the CSV, /healthz and /brands against the same portal's quiet
//    figures (bench/probe.ts: goal ≤ 10× its quiet p99);
//  - the search as people type, accents and case folded (migration 0026), against the search it
//    replaced (migration 0007: lower() only), on the same listings in the same database: the
//    listing arm of the products search (the page's keys and the capped count), each term many
//    times, p95 over p95 (goal ≤ 1.5×). The old form is rebuilt beside the new for the run (a
//    generated column and its trigram index), as 0007 made it, and dropped after.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { SEARCH_COUNT_CAP, likePattern } from '#app/features/catalogue/listing-list.server'
import { spawnPortal, type SpawnedPortal } from '../scripts/spawn-portal'
import { seedDataDir } from './catalogue-measure'
import { residentMB } from './memory'
import { printProbe, probeAround, type ProbeFigures } from './probe'
import { embeddedDatabaseUrl } from './workspace'

export const EXPORT_GOALS = { overPaging: 2, rssMB: 300, searchOverLower: 1.5 }

/** Reading one stream to its end: how long, how much, and the portal's memory meanwhile. */
interface Read {
  seconds: number
  bytes: number
  /** Listings read: rows of the CSV or of the API's pages (a workbook's are not counted). */
  listings: number | null
  rssPeakMB: number | null
}

interface SearchTimes {
  term: string
  /** Listings found (up to the list's count cap) by each form: accents tell them apart. */
  hits: { folded: number; lower: number }
  folded: { p50Ms: number; p95Ms: number }
  lower: { p50Ms: number; p95Ms: number }
}

export interface ExportFigures {
  listings: number
  paging: Read
  csv: Read & { overPaging: number; probe: ProbeFigures }
  xlsx: Read & { overPaging: number }
  search: { samples: number; terms: SearchTimes[]; foldedP95Ms: number; lowerP95Ms: number; overLower: number }
}

/** Samples the portal's resident memory every 50 ms while `job` runs; answers the peak. */
async function withPeak<T>(pid: number, job: () => Promise<T>): Promise<{ result: T; peakMB: number | null }> {
  let peak = residentMB(pid)
  const sampler = setInterval(() => {
    const now = residentMB(pid)
    if (now !== null) peak = Math.max(peak ?? 0, now)
  }, 50)
  try {
    return { result: await job(), peakMB: peak }
  } finally {
    clearInterval(sampler)
  }
}

/** GETs `url` and reads it to the end, counting bytes and line ends. */
function readAll(
  url: string,
  cookie: string,
): Promise<{ status: number; bytes: number; lines: number; body?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        let bytes = 0
        let lines = 0
        const keep = (response.headers['content-type'] ?? '').includes('json')
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
          if (keep) chunks.push(chunk)
        })
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            lines,
            body: keep ? Buffer.concat(chunks).toString() : undefined,
          }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** The floor: every listing through the JSON API, page after page, as a script pages. */
async function pageThrough(portal: SpawnedPortal, cookie: string): Promise<Read> {
  const start = performance.now()
  const { result, peakMB } = await withPeak(portal.pid, async () => {
    let cursor = 0
    let bytes = 0
    for (;;) {
      const answer = await readAll(
        `${portal.baseURL}/api/listing/query/filter?brand=${DEMO_BRAND_KEY}&limit=200&cursor=${cursor}`,
        cookie,
      )
      if (answer.status !== 200) throw new Error(`the JSON API answered ${answer.status} at cursor ${cursor}`)
      bytes += answer.bytes
      const page = JSON.parse(answer.body!) as { data: unknown[]; more?: boolean }
      cursor += page.data.length
      if (!page.more || page.data.length === 0) return { bytes, listings: cursor }
    }
  })
  return { seconds: +((performance.now() - start) / 1000).toFixed(2), ...result, rssPeakMB: peakMB }
}

async function download(portal: SpawnedPortal, cookie: string, format: 'csv' | 'xlsx'): Promise<Read> {
  const start = performance.now()
  const { result, peakMB } = await withPeak(portal.pid, () =>
    readAll(`${portal.baseURL}/brand/${DEMO_BRAND_KEY}/products/export?format=${format}`, cookie),
  )
  if (result.status !== 200) throw new Error(`the ${format} export answered ${result.status}`)
  return {
    seconds: +((performance.now() - start) / 1000).toFixed(2),
    bytes: result.bytes,
    // The CSV's lines less its header; a workbook's rows are inside its zip.
    listings: format === 'csv' ? result.lines - 1 : null,
    rssPeakMB: peakMB,
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const ms = (value: number) => +value.toFixed(2)

/**
 * The products search's listing arm, in the folded form (today's) and in 0007's lower() form, on
 * the same rows: the page's keys (one more than a page, newest first) and the count capped as
 * the list caps it. Each sample runs one form then the other, so both meet the same machine.
 */
async function compareSearch(databaseUrl: string, samples: number): Promise<ExportFigures['search']> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(`alter table listings add column bench_search_lower text generated always as
      (lower(style_number || ' ' || style_name || ' ' || coalesce(materials, ''))) stored`)
    await client.query('create index bench_search_lower_idx on listings using gin (bench_search_lower gin_trgm_ops)')
    await client.query('analyze listings')
    const forms = {
      folded: (column: string) => `${column} like portal_fold($2)`,
      lower: (column: string) => `${column} like lower($2)`,
    }
    const run = async (form: keyof typeof forms, pattern: string) => {
      const where = `brand_key = $1 and ${forms[form](form === 'folded' ? 'search_text' : 'bench_search_lower')}`
      const started = performance.now()
      await client.query(
        `select key from listings where ${where} order by modified desc nulls last, key desc nulls last limit 51`,
        [DEMO_BRAND_KEY, pattern],
      )
      const counted = await client.query<{ n: string }>(
        `select count(*) as n from (select 1 from listings where ${where} limit ${SEARCH_COUNT_CAP + 1}) hits`,
        [DEMO_BRAND_KEY, pattern],
      )
      return { ms: performance.now() - started, hits: Number(counted.rows[0]!.n) }
    }
    // Words as people type them: a style number, a word of a name, a material, with and without
    // accents; the folded form finds the accented ones too, the lower() form does not.
    const words = ['DB-2012', 'relaxed', 'merino', 'linen', 'lin', 'côtelé', 'Coton']
    const terms: SearchTimes[] = []
    const all = { folded: [] as number[], lower: [] as number[] }
    for (const word of words) {
      const pattern = likePattern(word)
      for (let i = 0; i < 5; i++) {
        await run('folded', pattern)
        await run('lower', pattern)
      }
      const times = { folded: [] as number[], lower: [] as number[] }
      const hits = { folded: 0, lower: 0 }
      for (let i = 0; i < samples; i++) {
        for (const form of ['folded', 'lower'] as const) {
          const sample = await run(form, pattern)
          hits[form] = sample.hits
          times[form].push(sample.ms)
        }
      }
      for (const form of ['folded', 'lower'] as const) {
        times[form].sort((a, b) => a - b)
        all[form].push(...times[form])
      }
      terms.push({
        term: word,
        hits,
        folded: { p50Ms: ms(percentile(times.folded, 0.5)), p95Ms: ms(percentile(times.folded, 0.95)) },
        lower: { p50Ms: ms(percentile(times.lower, 0.5)), p95Ms: ms(percentile(times.lower, 0.95)) },
      })
    }
    all.folded.sort((a, b) => a - b)
    all.lower.sort((a, b) => a - b)
    const foldedP95Ms = ms(percentile(all.folded, 0.95))
    const lowerP95Ms = ms(percentile(all.lower, 0.95))
    return { samples, terms, foldedP95Ms, lowerP95Ms, overLower: +(foldedP95Ms / lowerP95Ms).toFixed(2) }
  } finally {
    await client.query('alter table listings drop column if exists bench_search_lower').catch(() => undefined)
    await client.end()
  }
}

export async function exportBench(): Promise<ExportFigures> {
  const listings = Number(process.env.EXPORT_BENCH_LISTINGS ?? 100_000)
  const samples = Number(process.env.EXPORT_BENCH_SEARCH_SAMPLES ?? 40)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-export-bench-'))
  try {
    const cookie = await seedDataDir(dataDir, listings)
    const portal = await spawnPortal('export-bench', { compiled: true, dataDir, env: { SEED_DEMO: 'false' } })
    try {
      // A first pass of each warms the portal's code and the database's caches.
      await pageThrough(portal, cookie)
      const paging = await pageThrough(portal, cookie)
      const { result: csv, probe } = await probeAround(portal, cookie, () => download(portal, cookie, 'csv'))
      const xlsx = await download(portal, cookie, 'xlsx')
      const search = await compareSearch(embeddedDatabaseUrl(dataDir), samples)
      const over = (read: Read) => +(read.seconds / paging.seconds).toFixed(2)
      return {
        listings: paging.listings ?? 0,
        paging,
        csv: { ...csv, overPaging: over(csv), probe },
        xlsx: { ...xlsx, overPaging: over(xlsx) },
        search,
      }
    } catch (error) {
      console.error(`The portal's last words:\n${portal.output().split('\n').slice(-20).join('\n')}`)
      throw error
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED')
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

export function printExportFigures(figures: ExportFigures) {
  const { paging, csv, xlsx, search } = figures
  console.log(`\nExport and search (${figures.listings.toLocaleString('en-US')} listings, embedded server):`)
  console.log(
    `  floor: the JSON API paged through 200 at a time: ${paging.seconds} s, ${mb(paging.bytes)} MB, ` +
      `portal peak RSS ${paging.rssPeakMB} MB`,
  )
  for (const [label, read] of [
    ['CSV export', csv],
    ['.xlsx export', xlsx],
  ] as const) {
    console.log(
      `  ${label}: ${read.seconds} s, ${mb(read.bytes)} MB${read.listings === null ? '' : `, ${read.listings.toLocaleString('en-US')} rows`}; ` +
        `${read.overPaging}× the floor (goal ≤ ${EXPORT_GOALS.overPaging}×) ${verdict(read.overPaging <= EXPORT_GOALS.overPaging)}; ` +
        `portal peak RSS ${read.rssPeakMB} MB (goal ≤ ${EXPORT_GOALS.rssMB}) ${verdict((read.rssPeakMB ?? Infinity) <= EXPORT_GOALS.rssMB)}`,
    )
  }
  printProbe('the CSV export runs', csv.probe, '    ')
  console.log(
    `  search, folded (accents and case) against 0007's lower(), listing arm, ${search.samples} samples a term: ` +
      `p95 ${search.foldedP95Ms} ms against ${search.lowerP95Ms} ms = ${search.overLower}× ` +
      `(goal ≤ ${EXPORT_GOALS.searchOverLower}×) ${verdict(search.overLower <= EXPORT_GOALS.searchOverLower)}`,
  )
  for (const term of search.terms) {
    console.log(
      `    "${term.term}": folded ${term.hits.folded} hits, p50 ${term.folded.p50Ms} / p95 ${term.folded.p95Ms} ms; ` +
        `lower() ${term.hits.lower} hits, p50 ${term.lower.p50Ms} / p95 ${term.lower.p95Ms} ms`,
    )
  }
}
