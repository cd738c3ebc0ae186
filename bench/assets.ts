// The asset library's part of `npm run bench` (BENCH_ONLY=assets; issue: Asset library, Scale).
// Seeds the demo workspace, gives Demo Brand's library a folder holding ASSET_BENCH_FILES files
// (default 50,000) and a folder with ASSET_BENCH_BELOW files (default 10,000) in a tree of
// folders below it, starts the portal on that data in its own process, and times, one request
// at a time over HTTP: opening the big folder at its first and at its last page
// (`GET /api/bucket/method/get_folder`, 12 per page, sorted by name and by size), and renaming
// the folder with everything below it (`POST /api/bucket/method/update_file`, back and forth).
import fs from 'node:fs'
import { sql } from 'drizzle-orm'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { demoKey } from '#app/platform/ids'
import { spawnPortal } from '../scripts/spawn-portal'
import { demoWorkspace } from './workspace'

export const ASSET_GOALS = { folderP95Ms: 30, renameMs: 1000 }

const count = (name: string, fallback: number) => {
  const value = Math.floor(Number(process.env[name] ?? fallback))
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} must be a whole number above 0`)
  return value
}

interface Latency {
  p50Ms: number
  p95Ms: number
  requests: number
}

export interface AssetFigures {
  files: number
  below: number
  seedSeconds: number
  firstPage: Latency
  lastPage: Latency
  lastPageBySize: Latency
  rename: Latency
}

const round = (value: number) => +value.toFixed(1)
const BUCKET = demoKey('bucket:demo')

function latency(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), requests: times.length }
}

async function timedGet(samples: number, url: string, cookie: string): Promise<Latency> {
  for (let i = 0; i < 10; i++) await fetch(url, { headers: { cookie } }).then((r) => r.arrayBuffer())
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const start = performance.now()
    const response = await fetch(url, { headers: { cookie } })
    const body = (await response.json()) as { data?: unknown[] }
    times.push(performance.now() - start)
    if (response.status !== 200 || !body.data?.length) throw new Error(`${url} answered ${response.status}`)
  }
  return latency(times)
}

export async function assetsBench(): Promise<AssetFigures> {
  const fileCount = count('ASSET_BENCH_FILES', 50_000)
  const below = count('ASSET_BENCH_BELOW', 10_000)
  const samples = count('ASSET_BENCH_SAMPLES', 100)
  const workspace = await demoWorkspace('assets-bench', async (_deps, database) => {
    const entry = (key: string, parent: string, kind: string, name: string, size: string) =>
      sql`select ${sql.raw(key)}, ${BUCKET}, ${DEMO_BRAND_KEY}, ${sql.raw(parent)}, ${kind}, ${sql.raw(name)}, ${sql.raw(size)},
        now() - (i || ' seconds')::interval, now() - (i || ' seconds')::interval`
    const columns = sql`insert into asset_entries (key, bucket_key, brand_key, parent_key, kind, name, size, created, modified)`
    // The big folder: files named as a studio's scans would be, of varied sizes.
    await database.db.execute(
      sql`${columns} select 'big-folder', ${BUCKET}, ${DEMO_BRAND_KEY}, '', 'folder', 'Archive scans', 0, now(), now()`,
    )
    await database.db.execute(
      sql`${columns} ${entry("'big-' || i", "'big-folder'", 'file', "'Scan ' || lpad(i::text, 6, '0') || '.jpg'", '(i * 7919) % 5000000')}
        from generate_series(1, ${fileCount}) as i`,
    )
    // The folder to rename: 100 season folders below it, the files spread over them.
    await database.db.execute(
      sql`${columns} select 'season-root', ${BUCKET}, ${DEMO_BRAND_KEY}, '', 'folder', 'Seasons', 0, now(), now()`,
    )
    await database.db.execute(
      sql`${columns} ${entry("'season-' || i", "'season-root'", 'folder', "'Season ' || i", '0')} from generate_series(1, 100) as i`,
    )
    await database.db.execute(
      sql`${columns} ${entry("'below-' || i", "'season-' || (i % 100 + 1)", 'file', "'Sketch ' || i || '.png'", '(i * 104729) % 900000')}
        from generate_series(1, ${below}) as i`,
    )
  })
  const { dataDir, cookie, seedSeconds } = workspace
  try {
    console.log(
      `\nAsset library: a folder of ${fileCount.toLocaleString('en')} files and one with ${below.toLocaleString('en')} below it, seeded in ${seedSeconds.toFixed(1)} s`,
    )
    const portal = await spawnPortal('assets-bench', {
      dataDir,
      env: { SEED_DEMO: 'false' },
    })
    try {
      const folder = (extra: string) =>
        `${portal.baseURL}/api/bucket/method/get_folder?bucket=${BUCKET}&prefix=${encodeURIComponent('Archive scans/')}&per_page=12${extra}`
      const lastPage = Math.ceil(fileCount / 12)
      const firstPage = await timedGet(samples, folder(''), cookie)
      const last = await timedGet(samples, folder(`&page=${lastPage}`), cookie)
      const lastBySize = await timedGet(samples, folder(`&page=${lastPage}&sort=size`), cookie)
      const renames: number[] = []
      const names = ['Seasons', 'Seasons archive']
      for (let i = 0; i < Math.min(samples, 20); i++) {
        const start = performance.now()
        const response = await fetch(`${portal.baseURL}/api/bucket/method/update_file`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', origin: portal.baseURL },
          body: JSON.stringify({ bucket: BUCKET, path: `${names[i % 2]}/`, new_path: `${names[(i + 1) % 2]}/` }),
        })
        await response.arrayBuffer()
        renames.push(performance.now() - start)
        if (response.status !== 200) throw new Error(`the rename answered ${response.status}`)
      }
      return {
        files: fileCount,
        below,
        seedSeconds: round(seedSeconds),
        firstPage,
        lastPage: last,
        lastPageBySize: lastBySize,
        rename: latency(renames),
      }
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printAssetFigures(figures: AssetFigures) {
  const line = (label: string, value: Latency, goal: number) =>
    console.log(
      `  ${label.padEnd(40)} p50 ${value.p50Ms} ms   p95 ${value.p95Ms} ms   (${value.requests} requests)   goal p95 ≤ ${goal} ms ${value.p95Ms <= goal ? 'OK' : 'MISSED'}`,
    )
  console.log(
    `The asset library over HTTP, one request at a time (${figures.files.toLocaleString('en')} files in the folder)`,
  )
  line('folder, first page (12, by name)', figures.firstPage, ASSET_GOALS.folderP95Ms)
  line('folder, last page (by name)', figures.lastPage, ASSET_GOALS.folderP95Ms)
  line('folder, last page (by size)', figures.lastPageBySize, ASSET_GOALS.folderP95Ms)
  line(`rename a folder, ${figures.below.toLocaleString('en')} files below`, figures.rename, ASSET_GOALS.renameMs)
}
