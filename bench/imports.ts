// The spreadsheet import part of `npm run bench` (issue 10, Fast and safe; BENCH_ONLY=imports).
// Generates a CSV of IMPORT_BENCH_ROWS rows (default 100,000) × 20 columns (and the same rows as
// an .xlsx workbook, timed against the CSV: goal ≤ 1.5×, peak RSS ≤ 300 MB) and uploads it to a
// portal started in its own process, as a multipart file to `POST /api/listing/method/batch`: the
// one call streams the upload, parses, validates, stages by COPY, computes the dry run and commits.
// Timed end to end, with the portal's peak resident memory sampled during the call, and set
// against the engine's floor: the time the same server takes to insert as many listings
// in-database (INSERT … SELECT from generate_series, as the bulk seed seed/seed-listings.ts does,
// into a fresh database of that server), measured in the same run (goal: the import ≤ 1.3× that).
// While the import commits, a probe asks the portal for /healthz and /brands (bench/probe.ts).
// On the embedded server (the default users run), then on the local Postgres server given as a
// DATABASE_URL (skipped when there is none). Then a file of IMPORT_BENCH_BIG_MB (default 1024) MB,
// generated to a temporary file and streamed, as a dry run (preflight) on the embedded server: the
// portal's peak resident memory while it imports it (goal ≤ 300 MB), the probe around it too.
// To see inside a run: IMPORT_BENCH_PORTAL_NODE_ARGS="--cpu-prof" profiles the portal (and its
// worker threads), IMPORT_BENCH_PORTAL_LOG=<file> keeps what the portal printed.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import pg from 'pg'
import { openDatabase } from '#db/client'
import { brands } from '#db/schema'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { seedListings } from '#seed/seed-listings'
import { newKey } from '#app/platform/ids'
import { gtinCheckDigit } from '#app/features/imports/identifiers'
import { spawnPortal, type SpawnedPortal } from '../scripts/spawn-portal'
import { onLocalPostgres } from './catalogue'
import { seed } from './catalogue-measure'
import { residentMB } from './memory'
import { printProbe, probeAround, type ProbeFigures } from './probe'
import { embeddedDatabaseUrl } from './workspace'

export const IMPORT_GOALS = { overFloor: 1.3, bigFileRssMB: 300, xlsxOverCsv: 1.5, xlsxRssMB: 300 }

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

/** One row's cells, as a person would type them. */
function cells(i: number, prefix: string): string[] {
  const style = Math.floor(i / 20)
  const [colour, code, hex] = COLOURS[i % COLOURS.length] as [string, string, string]
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
    'A relaxed camp-collar shirt in washed linen, cut for summer.',
    `${30 + (style % 40)}.00 USD, ${28 + (style % 40)}.00 EUR`,
  ]
}

/** The row as a CSV line: a cell with a comma in quotes. */
function row(i: number, prefix: string): string {
  return cells(i, prefix)
    .map((cell) => (cell.includes(',') ? `"${cell}"` : cell))
    .join(',')
}

/**
 * The same rows as an .xlsx workbook, as Excel writes one (shared strings, every cell text),
 * written by exceljs's streaming writer so the bench itself holds one row at a time.
 */
async function generateXlsx(file: string, rows: number, prefix: string): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true, useStyles: false })
  const sheet = book.addWorksheet('Listings')
  sheet.addRow(HEADER).commit()
  for (let i = 0; i < rows; i++) sheet.addRow(cells(i, prefix)).commit()
  sheet.commit()
  await book.commit()
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

interface BatchAnswer {
  data?: { context: { status: string; counts: Record<string, number> } }
  error?: { message: string }
}

/**
 * The file as a multipart form over node:http, streamed from disk. Not fetch: its client gives up
 * on an answer after 300 s, and a gigabyte's dry run is answered only once the whole file is read.
 */
function postFile(
  url: string,
  cookie: string,
  file: string,
  fields: Record<string, string>,
): Promise<{ status: number; answer: BatchAnswer }> {
  const boundary = `----bench${Date.now().toString(16)}`
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      `Content-Type: ${file.endsWith('.xlsx') ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv'}\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + fs.statSync(file).size + tail.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              answer: JSON.parse(Buffer.concat(chunks).toString()) as BatchAnswer,
            })
          } catch (error) {
            reject(error as Error)
          }
        })
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.write(head)
    const body = fs.createReadStream(file)
    body.on('error', (error) => request.destroy(error))
    body.on('end', () => request.end(tail))
    body.pipe(request, { end: false })
  })
}

async function upload(portal: SpawnedPortal, cookie: string, file: string, preflight: boolean): Promise<ImportRun> {
  const rssBefore = residentMB(portal.pid)
  let peak = rssBefore ?? 0
  const sampler = setInterval(() => (peak = Math.max(peak, residentMB(portal.pid) ?? 0)), 50)
  const start = performance.now()
  const { status, answer } = await postFile(`${portal.baseURL}/api/listing/method/batch`, cookie, file, {
    brand: DEMO_BRAND_KEY,
    preflight: String(preflight),
  }).finally(() => clearInterval(sampler))
  const seconds = (performance.now() - start) / 1000
  if (!answer.data) throw new Error(`the upload answered ${status}: ${answer.error?.message}`)
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

/** The in-database floor: as many listings inserted by the server itself, on the same server. */
export interface InsertFloor {
  listings: number
  seconds: number
  server: string
}

/** One import on one server: the run, the floor beside it and, on the embedded server, the probe. */
export interface ImportOnServer {
  run: ImportRun
  floor: InsertFloor
  /** run.seconds / floor.seconds. */
  overFloor: number
  probe?: ProbeFigures
}

export interface ImportFigures {
  embedded: ImportOnServer
  /** The same rows as an .xlsx workbook on a fresh embedded server, beside the CSV's time. */
  workbook: { run: ImportRun; overCsv: number } | { skipped: string }
  postgres: ImportOnServer | { skipped: string }
  bigFile: (ImportRun & { probe: ProbeFigures }) | { skipped: string }
}

/**
 * Times inserting `listings` listings in-database (seed/seed-listings.ts: INSERT … SELECT from
 * generate_series) into a brand of a fresh database made on the server of `databaseUrl`, so its
 * tables start as small as the import's did; the database is dropped after.
 */
async function insertFloor(databaseUrl: string, listings: number): Promise<InsertFloor> {
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  const name = `import_floor_${Date.now()}`
  try {
    const server = (await admin.query<{ v: string }>(`select split_part(version(), ' ', 2) as v`)).rows[0]!.v
    await admin.query(`create database ${name}`)
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    const database = await openDatabase({ databaseUrl: url.toString() })
    try {
      await database.migrate()
      const brandKey = newKey()
      await database.db.insert(brands).values({ key: brandKey, name: 'Floor Brand' })
      const seeded = await seedListings(database.db, brandKey, listings)
      return { listings: seeded.generated, seconds: +(seeded.ms / 1000).toFixed(2), server: `PostgreSQL ${server}` }
    } finally {
      await database.close()
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
    await admin.end()
  }
}

/** The import, then the floor on the same server once the portal is done with it. */
async function importAndFloor(
  portal: SpawnedPortal,
  cookie: string,
  databaseUrl: string,
  file: string,
  rows: number,
  withProbe: boolean,
): Promise<ImportOnServer> {
  let run: ImportRun
  let probe: ProbeFigures | undefined
  if (withProbe) {
    const probed = await probeAround(portal, cookie, () => upload(portal, cookie, file, false))
    run = probed.result
    probe = probed.probe
  } else {
    run = await upload(portal, cookie, file, false)
  }
  const floor = await insertFloor(databaseUrl, rows)
  return { run, floor, overFloor: +(run.seconds / floor.seconds).toFixed(2), probe }
}

/** A portal on a fresh data folder, its embedded server seeded with the demo workspace. */
async function onEmbedded<T>(
  run: (portal: SpawnedPortal, cookie: string, databaseUrl: string) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-bench-'))
  try {
    const database = await openDatabase({ dataDir })
    let cookie: string
    try {
      cookie = (await seed(database, path.join(dataDir, 'blobs'), 0)).cookie
    } finally {
      await database.close()
    }
    const portal = await spawnPortal('import-bench', {
      compiled: true,
      dataDir,
      env: { SEED_DEMO: 'false' },
      // A profile of the portal while it imports: IMPORT_BENCH_PORTAL_NODE_ARGS="--cpu-prof".
      nodeArgs: process.env.IMPORT_BENCH_PORTAL_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    })
    try {
      return await run(portal, cookie, embeddedDatabaseUrl(dataDir))
    } catch (error) {
      // What the portal said last is usually why.
      console.error(`The portal's last words:\n${portal.output().split('\n').slice(-20).join('\n')}`)
      throw error
    } finally {
      await portal.stop()
      if (process.env.IMPORT_BENCH_PORTAL_LOG) fs.appendFileSync(process.env.IMPORT_BENCH_PORTAL_LOG, portal.output())
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
    const embedded = await onEmbedded((portal, cookie, url) => importAndFloor(portal, cookie, url, file, rows, true))
    // The same rows as a workbook, on a fresh server as the CSV had (docs/decisions/177).
    const workbookFile = path.join(dir, 'line-sheet.xlsx')
    await generateXlsx(workbookFile, rows, 'IB')
    const workbook: ImportFigures['workbook'] = await onEmbedded((portal, cookie) =>
      upload(portal, cookie, workbookFile, false),
    ).then(
      (run) => ({ run, overCsv: +(run.seconds / embedded.run.seconds).toFixed(2) }),
      (error: unknown) => ({ skipped: `the workbook failed: ${String(error).split('\n')[0]}` }),
    )
    const postgres =
      process.env.IMPORT_BENCH_POSTGRES === 'false'
        ? { skipped: 'IMPORT_BENCH_POSTGRES=false' }
        : await onLocalPostgres('import-bench-pg', 0, (portal, cookie, url) =>
            importAndFloor(portal, cookie, url, file, rows, false),
          ).catch((error: unknown) => ({
            skipped: `the run on Postgres failed: ${String(error).split('\n')[0]}`,
          }))
    let bigFile: ImportFigures['bigFile'] = { skipped: 'IMPORT_BENCH_BIG_MB=0' }
    if (bigMB > 0) {
      const big = path.join(dir, 'big-line-sheet.csv')
      await generate(big, { bytes: bigMB * 1024 * 1024 }, 'BIG')
      bigFile = await onEmbedded(async (portal, cookie) => {
        const { result, probe } = await probeAround(portal, cookie, () => upload(portal, cookie, big, true))
        return { ...result, probe }
      }).catch((error: unknown) => ({
        skipped: `the big file failed: ${String(error).split('\n')[0]}`,
      }))
    }
    return { embedded, workbook, postgres, bigFile }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED')

function printRun(label: string, run: ImportRun) {
  console.log(
    `  ${label}: ${run.rows.toLocaleString('en-US')} rows, ${run.fileMB} MB in ${run.seconds} s ` +
      `(${run.rowsPerSecond.toLocaleString('en-US')} rows/s), ${run.status}; ` +
      `portal RSS ${run.rssBeforeMB} MB before, peak ${run.rssPeakMB} MB`,
  )
}

function printOnServer(label: string, figures: ImportOnServer | { skipped: string }) {
  if ('skipped' in figures) {
    console.log(`  ${label}: skipped (${figures.skipped})`)
    return
  }
  const { run, floor } = figures
  printRun(`${label}, ${floor.server}`, run)
  console.log(
    `    the same server inserting ${floor.listings.toLocaleString('en-US')} listings in-database (INSERT … SELECT): ${floor.seconds} s; ` +
      `the import takes ${figures.overFloor}× that (goal ≤ ${IMPORT_GOALS.overFloor}×) ${verdict(figures.overFloor <= IMPORT_GOALS.overFloor)}`,
  )
  if (figures.probe) printProbe('the import runs', figures.probe, '    ')
}

export function printImportFigures(figures: ImportFigures) {
  console.log('\nSpreadsheet import (upload, parse, validate, dry run, commit; one call):')
  printOnServer('Embedded', figures.embedded)
  if ('skipped' in figures.workbook) {
    console.log(`  The same rows as an .xlsx workbook: skipped (${figures.workbook.skipped})`)
  } else {
    const { run, overCsv } = figures.workbook
    printRun('The same rows as an .xlsx workbook (embedded)', run)
    console.log(
      `    ${overCsv}× the CSV's time (goal ≤ ${IMPORT_GOALS.xlsxOverCsv}×) ${verdict(overCsv <= IMPORT_GOALS.xlsxOverCsv)}; ` +
        `portal's peak RSS ${run.rssPeakMB} MB (goal ≤ ${IMPORT_GOALS.xlsxRssMB} MB) ${verdict((run.rssPeakMB ?? 0) <= IMPORT_GOALS.xlsxRssMB)}`,
    )
  }
  printOnServer('Postgres (DATABASE_URL)', figures.postgres)
  const big = figures.bigFile
  if ('skipped' in big) {
    console.log(`  Big file, dry run (embedded): skipped (${big.skipped})`)
    return
  }
  printRun('Big file, dry run (embedded)', big)
  if (big.rssPeakMB !== null) {
    console.log(
      `    portal's peak RSS ${big.rssPeakMB} MB (goal ≤ ${IMPORT_GOALS.bigFileRssMB} MB) ${verdict(big.rssPeakMB <= IMPORT_GOALS.bigFileRssMB)}`,
    )
  }
  printProbe(`a ${big.fileMB} MB file is imported (dry run)`, big.probe, '    ')
}
