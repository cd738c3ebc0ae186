// The media management page's part of `npm run bench` (BENCH_ONLY=media-manage): the manage
// page's server time with 5,000 media items in a brand. Seeds the demo workspace, fills Demo Brand
// up to MEDIA_BENCH_LISTINGS listings (default 1,000), gives it MEDIA_BENCH_ATTACHED photos spread
// over those listings (default 2,500, each listing's map rewritten as the media service does) and
// MEDIA_BENCH_POOL photos in the pool (default 2,500), starts the portal on that data in its own
// process and times the page's data request (the loader's JSON, as the browser asks for it when
// it moves between pages or revalidates after a change), one request at a time: the first page,
// a deep page, a search, and the pool shown ten "Show more" deep.
import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { seedListings } from '#seed/seed-listings'
import { listings } from '#db/schema'
import { syncListingMedia } from '#app/features/media/media.server'
import { spawnPortal } from '../scripts/spawn-portal'
import { demoWorkspace } from './workspace'

export const MEDIA_MANAGE_GOALS = { dataP95Ms: 50 }

const count = (name: string, fallback: number) => {
  const value = Math.floor(Number(process.env[name] ?? fallback))
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a whole number`)
  return value
}

interface Latency {
  p50Ms: number
  p95Ms: number
  requests: number
}

export interface MediaManageFigures {
  listings: number
  attached: number
  pool: number
  seedSeconds: number
  firstPage: Latency
  deepPage: Latency
  search: Latency
  deepPool: Latency
  /** The products list's data request on the same data, to read the figures against. */
  productsList: Latency
}

const round = (value: number) => +value.toFixed(1)

async function timed(samples: number, url: string, cookie: string): Promise<Latency> {
  for (let i = 0; i < 20; i++) await fetch(url, { headers: { cookie } }).then((r) => r.arrayBuffer())
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const start = performance.now()
    const response = await fetch(url, { headers: { cookie } })
    await response.arrayBuffer()
    times.push(performance.now() - start)
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  }
  times.sort((a, b) => a - b)
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), requests: samples }
}

export async function mediaManageBench(): Promise<MediaManageFigures> {
  const listingCount = count('MEDIA_BENCH_LISTINGS', 1000)
  const attached = count('MEDIA_BENCH_ATTACHED', 2500)
  const pooled = count('MEDIA_BENCH_POOL', 2500)
  const samples = Math.max(1, count('MEDIA_BENCH_SAMPLES', 100))
  const { dataDir, cookie, seedSeconds } = await demoWorkspace('media-bench', async (_deps, database) => {
    await seedListings(database.db, DEMO_BRAND_KEY, listingCount)
    // The photos: attached ones spread over the brand's listings (positions 1, 2, 3 … each), the
    // rest in the pool, created a second apart so "newest first" has an order to follow.
    await database.db.execute(sql`
      with targets as (
        select key, row_number() over (order by key) - 1 as n, count(*) over () as total
        from listings where brand_key = ${DEMO_BRAND_KEY}
      )
      insert into media (key, brand_key, name, path, listing_key, shot, position, created, modified)
      select 'benchm' || i, ${DEMO_BRAND_KEY}, 'bench-' || i || '.jpg', 'brands/bench/files/' || i || '.jpg',
        case when i < ${attached} then t.key end, 'view-' || i,
        case when i < ${attached} then (i / t.total)::int + 1 else 0 end,
        now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval
      from generate_series(0, ${attached + pooled - 1}) as i
      join targets t on t.n = i % t.total`)
    const keys = (await database.db.select({ key: listings.key }).from(listings)).map((row) => row.key)
    for (let i = 0; i < keys.length; i += 500) {
      await database.db.transaction((tx) => syncListingMedia(tx, keys.slice(i, i + 500)))
    }
  })
  try {
    console.log(
      `\nMedia management: Demo Brand with ${listingCount} listings, ${attached} photos on them and ${pooled} in the pool, seeded in ${seedSeconds.toFixed(1)} s`,
    )
    const portal = await spawnPortal('media-manage-bench', { dataDir, env: { SEED_DEMO: 'false' } })
    try {
      const page = `${portal.baseURL}/brand/${DEMO_BRAND_KEY}/products/media/manage`
      const data = `_data=${encodeURIComponent('routes/_frame+/brand+/$brandKey+/products_.media.manage')}`
      return {
        listings: listingCount,
        attached,
        pool: pooled,
        seedSeconds: round(seedSeconds),
        firstPage: await timed(samples, `${page}?${data}`, cookie),
        deepPage: await timed(samples, `${page}?page=40&${data}`, cookie),
        search: await timed(samples, `${page}?search=shirt&${data}`, cookie),
        deepPool: await timed(Math.ceil(samples / 4), `${page}?pool=600&${data}`, cookie),
        productsList: await timed(
          samples,
          `${portal.baseURL}/brand/${DEMO_BRAND_KEY}/products?per=25&_data=${encodeURIComponent('routes/_frame+/brand+/$brandKey+/products+/_list')}`,
          cookie,
        ),
      }
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printMediaManageFigures(figures: MediaManageFigures) {
  const goal = MEDIA_MANAGE_GOALS.dataP95Ms
  const line = (label: string, latency: Latency, withGoal = true) =>
    console.log(
      `  ${label.padEnd(34)} p50 ${latency.p50Ms} ms   p95 ${latency.p95Ms} ms   (${latency.requests} requests)` +
        (withGoal ? `   goal p95 ≤ ${goal} ms ${latency.p95Ms <= goal ? 'OK' : 'MISSED'}` : ''),
    )
  console.log(
    `The manage page's server time with ${(figures.attached + figures.pool).toLocaleString('en')} media items (data request, one at a time)`,
  )
  line('first page (20 listings, 60 pool)', figures.firstPage)
  line('page 40', figures.deepPage)
  line('search "shirt"', figures.search)
  line('pool shown 600 deep', figures.deepPool, false)
  line('products list, for comparison', figures.productsList, false)
}
