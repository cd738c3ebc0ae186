// The spreadsheet import part of `npm run bench` (issue 10, Fast and safe). Generates a CSV of
// IMPORT_BENCH_ROWS rows (default 100,000) × 20 columns and uploads it to a portal started in its
// own process, as a multipart file to `POST /api/listing/method/batch`: the one call streams the
// upload, parses, validates, stages by COPY, computes the dry run and commits. Timed end to end,
// on embedded PGlite and on the local Postgres server (skipped when there is none), with the
// portal's peak resident memory sampled during the call. Then a file of IMPORT_BENCH_BIG_MB
// (default 1024) MB, generated to a temporary file and streamed, as a dry run (preflight): the
// portal's peak resident memory while it imports it. BENCH_ONLY=imports runs this part alone.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '#db/client'
import { DEMO_BRAND_KEY } from '#db/seed'
import { gtinCheckDigit } from '#app/lib/import/identifiers'
import { spawnPortal, type SpawnedPortal } from '../scripts/spawn-portal'
import { onLocalPostgres, seed } from './catalogue'

export const IMPORT_GOALS = { pgliteSeconds: 3, postgresSeconds: 1.5, bigFileRssMB: 300 }

const HEADER = [
  'Listing Unique Id',
  'Style Name',
  'Style Number',
  'SKU',
  'UPC',
  'Look Number',
  'Size',
  'Size Number',
  'Size Variant',
  'Size Description',
  'Color Name',
  'Color Code',
  'Color Hex',
  'Pantone',
  'Department',
  'Units',
  'Status',
  'Materials',
  'Description',
  'Wholesale Prices',
]
const COLOURS = [
  ['Black', 'BLK', '#111111'],
  ['Chalk', 'CHK', '#F1EEE6'],
  ['Navy', 'NVY', '#1B2A41'],
  ['Sage', 'SGE', '#9CAF88'],
]
const SIZES = ['XS', 'S', 'M', 'L', 'XL']

function upc(i: number): string {
  const body = String(10_000_000_000 + i).padStart(11, '0')
  return `${body}${gtinCheckDigit(body)}`
}

function row(i: number, prefix: string): string {
  const style = Math.floor(i / 20)
  const [colour, code, hex] = COLOURS[i % COLOURS.length]!
  const size = SIZES[i % SIZES.length]!
  return [
    `${prefix}-${i}`,
    `Linen Shirt ${style % 500}`,
    `IB-${style}`,
    `IB-${style}-${code}-${size}`,
    upc(i),
    String(1 + (style % 40)),
    size,
    String(i % 5),
    'Regular',
    'Relaxed fit',
    colour,
    code,
    hex,
    '19-4005 TCX',
    'Womens',
    String(10 + (i % 190)),
    'active',
    '100% linen',
    '"A relaxed camp-collar shirt in washed linen, cut for summer."',
    `"${30 + (style % 40)}.00 USD, ${28 + (style % 40)}.00 EUR"`,
  ].join(',')
}

/** Writes rows until the file has `rows` rows or `bytes` bytes; answers its row count. */
async function generate(file: string, limit: { rows?: number; bytes?: number }, prefix: string): Promise<number> {
  const out = fs.createWriteStream(file)
  let size = 0
  let rows = 0
  const write = (text: string) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', () => resolve())))
  await write(`${HEADER.join(',')}\r\n`)
  let chunk = ''
  while ((limit.rows === undefined || rows < limit.rows) && (limit.bytes === undefined || size < limit.bytes)) {
    const line = `${row(rows, prefix)}\r\n`
    chunk += line
    size += line.length
    rows++
    if (chunk.length > 1 << 20) {
      await write(chunk)
      chunk = ''
    }
  }
  await write(chunk)
  await new Promise((resolve) => out.end(resolve))
  return rows
}

function residentMB(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? Math.round(Number(kb) / 1024) : null
  } catch {
    return null
  }
}

export interface ImportRun {
  rows: number
  fileMB: number
  seconds: number
  rowsPerSecond: number
  /** Resident memory of the portal before the upload, and its peak during it (sampled every 50 ms). */
  rssBeforeMB: number | null
  rssPeakMB: number | null
  status: string
  counts: Record<string, number>
}

async function upload(portal: SpawnedPortal, cookie: string, file: string, preflight: boolean): Promise<ImportRun> {
  const form = new FormData()
  form.set('brand', DEMO_BRAND_KEY)
  form.set('preflight', String(preflight))
  form.set('file', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file))
  const rssBefore = residentMB(portal.pid)
  let peak = rssBefore ?? 0
  const sampler = setInterval(() => (peak = Math.max(peak, residentMB(portal.pid) ?? 0)), 50)
  const start = performance.now()
  const response = await fetch(`${portal.baseURL}/api/listing/method/batch`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  const answer = (await response.json()) as {
    data?: { context: { status: string; counts: Record<string, number> } }
    error?: { message: string }
  }
  const seconds = (performance.now() - start) / 1000
  clearInterval(sampler)
  if (!answer.data) throw new Error(`the upload answered ${response.status}: ${answer.error?.message}`)
  const rows = answer.data.context.counts.rows ?? 0
  return {
    rows,
    fileMB: Math.round(fs.statSync(file).size / 1024 / 1024),
    seconds: +seconds.toFixed(2),
    rowsPerSecond: Math.round(rows / seconds),
    rssBeforeMB: rssBefore,
    rssPeakMB: rssBefore === null ? null : peak,
    status: answer.data.context.status,
    counts: answer.data.context.counts,
  }
}

export interface ImportFigures {
  pglite: ImportRun
  postgres: ImportRun | { skipped: string }
  bigFile: ImportRun | { skipped: string }
}

function onPostgres(file: string): Promise<ImportRun | { skipped: string }> {
  return onLocalPostgres('import-bench-pg', 0, (portal, cookie) => upload(portal, cookie, file, false))
}

async function onPglite<T>(run: (portal: SpawnedPortal, cookie: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-bench-'))
  try {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') })
    let cookie: string
    try {
      cookie = (await seed(database, path.join(dataDir, 'blobs'), 0)).cookie
    } finally {
      await database.close()
    }
    const portal = await spawnPortal('import-bench', { compiled: true, dataDir, env: { SEED_DEMO: 'false' } })
    try {
      return await run(portal, cookie)
    } finally {
      await portal.stop()
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

export async function importsBench(): Promise<ImportFigures> {
  const rows = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000)
  const bigMB = Number(process.env.IMPORT_BENCH_BIG_MB ?? 1024)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-bench-files-'))
  try {
    const file = path.join(dir, 'line-sheet.csv')
    await generate(file, { rows }, 'IB')
    const pglite = await onPglite((portal, cookie) => upload(portal, cookie, file, false))
    const postgres =
      process.env.IMPORT_BENCH_POSTGRES === 'false'
        ? { skipped: 'IMPORT_BENCH_POSTGRES=false' }
        : await onPostgres(file).catch((error: unknown) => ({
            skipped: `the run on Postgres failed: ${String(error).split('\n')[0]}`,
          }))
    let bigFile: ImportRun | { skipped: string } = { skipped: 'IMPORT_BENCH_BIG_MB=0' }
    if (bigMB > 0) {
      const big = path.join(dir, 'big-line-sheet.csv')
      await generate(big, { bytes: bigMB * 1024 * 1024 }, 'BIG')
      bigFile = await onPglite((portal, cookie) => upload(portal, cookie, big, true)).catch((error: unknown) => ({
        skipped: `the big file failed: ${String(error).split('\n')[0]}`,
      }))
    }
    return { pglite, postgres, bigFile }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function printRun(label: string, run: ImportRun | { skipped: string }, goal: string) {
  if ('skipped' in run) {
    console.log(`  ${label}: skipped (${run.skipped})`)
    return
  }
  console.log(
    `  ${label}: ${run.rows.toLocaleString('en-US')} rows, ${run.fileMB} MB in ${run.seconds} s ` +
      `(${run.rowsPerSecond.toLocaleString('en-US')} rows/s), ${run.status}; ` +
      `portal RSS ${run.rssBeforeMB} MB before, peak ${run.rssPeakMB} MB — goal ${goal}`,
  )
}

export function printImportFigures(figures: ImportFigures) {
  console.log('\nSpreadsheet import (upload, parse, validate, dry run, commit; one call):')
  printRun('PGlite', figures.pglite, `≤ ${IMPORT_GOALS.pgliteSeconds} s for 100,000 rows`)
  printRun('Postgres', figures.postgres, `≤ ${IMPORT_GOALS.postgresSeconds} s for 100,000 rows`)
  printRun('Big file, dry run (PGlite)', figures.bigFile, `peak RSS ≤ ${IMPORT_GOALS.bigFileRssMB} MB`)
}
