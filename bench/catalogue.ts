// The catalogue part of `npm run bench` (issue 9, Data and scale). Seeds the demo workspace and
// fills Demo Brand up to CATALOGUE_BENCH_LISTINGS listings (default 100,000; seed/seed-listings.ts),
// starts the portal on that data in its own process, and measures:
//  - the time to answer `GET /api/listing/query/filter` for a filtered page (lines + collections +
//    categories, 50 a page: the first, a middle and the last page) and for searches, one request
//    at a time, so the figure is the server's time plus a local round trip. On the embedded
//    Postgres server (the default users run), then on the local Postgres server given as a
//    DATABASE_URL (Debian's, started as CI starts it; skipped when there is none).
//  - the signed-in products list page and /brands under an open-loop load: requests start on a
//    fixed schedule whatever the answers do, and each latency counts from its scheduled start, so
//    a slow server cannot slow the load down and hide its own queue. First a fixed rate
//    (CATALOGUE_BENCH_RATE, default 100/s, for CATALOGUE_BENCH_SECONDS, default 20), then steps
//    up from 25/s (by 25/s to 100/s, then by 50/s; 5 s each) until p95 passes 50 ms or a request
//    fails: the last step that held is the maximum sustained rate.
// Until the catalogue calls exist on a build, they answer 404: the figures say so instead of
// failing. CATALOGUE_BENCH_PORTAL_NODE_ARGS passes Node.js options to the portal (e.g.
// "--cpu-prof --cpu-prof-dir=prof" to profile it under the load).
import { openDatabase } from '#db/client'
import { execFileSync, execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { spawnPortal, type SpawnedPortal } from '../scripts/spawn-portal'
import {
  CATALOGUE_GOALS,
  measureQueries,
  number,
  pageFigures,
  round,
  seed,
  type CatalogueFigures,
  type Latency,
  type LoadFigures,
  type QueryFigures,
} from './catalogue-measure'

/** The local Postgres server, as .ci/run starts it; null (and why) when there is none. */
function localPostgres(): { adminUrl: string } | { skipped: string } {
  if (process.env.CATALOGUE_BENCH_DATABASE_URL) return { adminUrl: process.env.CATALOGUE_BENCH_DATABASE_URL }
  try {
    execFileSync('pg_lsclusters', ['--no-header'], { stdio: 'pipe' })
  } catch {
    return {
      skipped: 'no local Postgres server (pg_lsclusters not found); set CATALOGUE_BENCH_DATABASE_URL to use one',
    }
  }
  try {
    const clusters = execSync('pg_lsclusters --no-header', { encoding: 'utf8' }).trim().split('\n')[0]?.split(/\s+/)
    if (!clusters || clusters.length < 3) return { skipped: 'no Postgres cluster on this machine' }
    const [version, name, port] = clusters
    const asRoot = process.getuid?.() === 0
    if (!asRoot)
      return {
        skipped: 'starting the local Postgres server needs root, as .ci/run runs; set CATALOGUE_BENCH_DATABASE_URL',
      }
    execSync(`pg_ctlcluster ${version} ${name} start || true`, { stdio: 'pipe' })
    for (let i = 0; i < 30; i++) {
      try {
        execSync(`pg_isready -h 127.0.0.1 -p ${port}`, { stdio: 'pipe' })
        break
      } catch {
        execSync('sleep 1')
      }
    }
    const psql = (command: string) =>
      execFileSync('su', ['postgres', '-c', `psql -p ${port} -v ON_ERROR_STOP=1 -qtAc "${command}"`], {
        encoding: 'utf8',
      })
    psql(
      "do \\$\\$ begin if not exists (select from pg_roles where rolname = 'portal') then create role portal login createdb password 'portal'; end if; end \\$\\$;",
    )
    return { adminUrl: `postgres://portal:portal@127.0.0.1:${port}/postgres` }
  } catch (error) {
    return { skipped: `the local Postgres server did not start: ${String(error).split('\n')[0]}` }
  }
}

/**
 * Runs `measure` against a portal on a fresh database of the local Postgres server, seeded as
 * the embedded runs are (the demo workspace, Demo Brand filled up to `listings`), and drops the
 * database after. `measure` gets the database's connection string too. Without a server the
 * answer says why it was skipped.
 */
export async function onLocalPostgres<T>(
  label: string,
  listings: number,
  measure: (portal: SpawnedPortal, cookie: string, databaseUrl: string) => Promise<T>,
): Promise<T | { skipped: string }> {
  const server = localPostgres()
  if ('skipped' in server) return server
  const name = `portal_${label.replace(/\W/g, '_')}_${Date.now()}`
  const admin = new pg.Client({ connectionString: server.adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(server.adminUrl)
  url.pathname = `/${name}`
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${label}-`))
  try {
    const database = await openDatabase({ databaseUrl: url.toString() })
    let cookie: string
    try {
      cookie = (await seed(database, path.join(dataDir, 'blobs'), listings)).cookie
    } finally {
      await database.close()
    }
    const portal = await spawnPortal(label, {
      compiled: true,
      dataDir,
      env: { SEED_DEMO: 'false', DATABASE_URL: url.toString(), SESSION_SECRET: `${label}-session-secret` },
    })
    try {
      return await measure(portal, cookie, url.toString())
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
    await admin.end()
  }
}

function withPostgres(listings: number, samples: number): Promise<QueryFigures | { skipped: string }> {
  return onLocalPostgres('catalogue-bench-pg', listings, (portal, cookie) =>
    measureQueries(portal.baseURL, cookie, samples),
  )
}

export async function catalogueBench(): Promise<CatalogueFigures> {
  const listings = Math.floor(number('CATALOGUE_BENCH_LISTINGS', 100_000))
  const samples = Math.floor(number('CATALOGUE_BENCH_SAMPLES', 100))
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-catalogue-bench-'))
  try {
    const database = await openDatabase({ dataDir })
    let seeded: Awaited<ReturnType<typeof seed>>
    try {
      seeded = await seed(database, path.join(dataDir, 'blobs'), listings)
    } finally {
      await database.close()
    }
    console.log(
      `\nCatalogue: Demo Brand filled up to ${listings} listings in ${seeded.seconds.toFixed(1)} s (embedded server)`,
    )
    const portal = await spawnPortal('catalogue-bench', {
      compiled: true,
      dataDir,
      env: { SEED_DEMO: 'false' },
      nodeArgs: process.env.CATALOGUE_BENCH_PORTAL_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    })
    let embedded: QueryFigures
    let pages: CatalogueFigures['pages']
    try {
      embedded = await measureQueries(portal.baseURL, seeded.cookie, samples)
      pages =
        process.env.CATALOGUE_BENCH_PAGES === 'false'
          ? { unavailable: 'skipped', brands: undefined! }
          : await pageFigures(portal, seeded.cookie)
    } finally {
      await portal.stop()
    }
    const postgres =
      process.env.CATALOGUE_BENCH_POSTGRES === 'false'
        ? { skipped: 'CATALOGUE_BENCH_POSTGRES=false' }
        : await withPostgres(listings, samples).catch((error: unknown) => ({
            skipped: `the run on Postgres failed: ${String(error).split('\n')[0]}`,
          }))
    return { listings, seedSeconds: round(seeded.seconds), embedded, postgres, pages }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const EMBEDDED = 'Embedded'

const goal = (value: number, limit: number) => `${value <= limit ? 'OK' : 'OVER'} (goal p95 ≤ ${limit} ms)`

function printQueries(label: string, figures: QueryFigures | { skipped: string }) {
  if ('skipped' in figures) {
    console.log(`  ${label}: skipped: ${figures.skipped}`)
    return
  }
  if (figures.unavailable) {
    console.log(`  ${label}: ${figures.unavailable}`)
    return
  }
  const line = (name: string, latency: Latency, limit: number | null) =>
    console.log(
      `  ${label} ${name.padEnd(34)} p50 ${String(latency.p50Ms).padStart(6)} ms   p95 ${String(latency.p95Ms).padStart(6)} ms   ${limit === null ? '' : goal(latency.p95Ms, limit)}`,
    )
  console.log(
    `  ${label}: the filter matches ${figures.matched ?? '?'} listings; ${figures.firstPage!.requests} requests each, one at a time`,
  )
  line('filtered, first page', figures.firstPage!, label === EMBEDDED ? CATALOGUE_GOALS.filteredP95Ms : null)
  line('filtered, middle page', figures.middlePage!, label === EMBEDDED ? CATALOGUE_GOALS.filteredP95Ms : null)
  line('filtered, last page (deep)', figures.deepPage!, label === EMBEDDED ? CATALOGUE_GOALS.filteredP95Ms : null)
  line('search', figures.search!, label === EMBEDDED ? CATALOGUE_GOALS.searchP95Ms : null)
  console.log(`  ${label} search terms: ${figures.searches!.map((s) => `"${s.term}" ${s.total}`).join(', ')}`)
}

function printLoad(figures: LoadFigures) {
  console.log(
    `  ${figures.path.padEnd(36)} ${String(figures.rate).padStart(4)}/s × ${figures.seconds} s   p50 ${String(figures.p50Ms).padStart(6)} ms   p95 ${String(figures.p95Ms).padStart(6)} ms   p97.5 ${String(figures.p975Ms).padStart(6)} ms   errors ${figures.errors}   portal CPU ${figures.cpuMsPerRequest ?? '?'} ms/request${figures.firstErrors.length ? ` (${figures.firstErrors.join('; ')})` : ''}`,
  )
}

export function printCatalogueFigures(figures: CatalogueFigures) {
  console.log(`\nCatalogue at ${figures.listings} listings (GET /api/listing/query/filter, round trip on this machine)`)
  printQueries(EMBEDDED, figures.embedded)
  printQueries('Postgres (DATABASE_URL)', figures.postgres)
  console.log("\nSigned-in pages under an open-loop load (latency from each request's scheduled start)")
  if (figures.pages.unavailable) console.log(`  products list: ${figures.pages.unavailable}`)
  for (const [name, page] of [
    ['products list', figures.pages.products],
    ['/brands', figures.pages.brands],
  ] as const) {
    if (!page) continue
    printLoad(page.fixed)
    console.log(
      `    ${name}: ${goal(page.fixed.p95Ms, CATALOGUE_GOALS.pageP95Ms)} at ${page.fixed.rate}/s${page.fixed.errors ? ', with errors' : ''}`,
    )
    for (const step of page.steps) printLoad(step)
    console.log(
      `    ${name}: maximum sustained rate ${page.maxSustainedRate}/s (p95 ≤ ${CATALOGUE_GOALS.pageP95Ms} ms, no errors, 5 s steps from 25/s)`,
    )
  }
}
