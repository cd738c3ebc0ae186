// The backup part of `npm run bench` (issue 45; BENCH_ONLY=backup). Fills Demo Brand up to
// BACKUP_BENCH_LISTINGS listings (default 100,000) on the embedded server, starts the built portal
// on that data in its own process, and measures:
//  - `npm run backup` run beside it, as an operator runs it, while a page-load loop requests the
//    products page (bench/probe.ts): the page's longest wait during the backup over its quiet p99
//    (goal ≤ 10×), with /healthz and a bare Node.js server on the same machine as the floor;
//  - the archive's time and size, and beside it the floor: the same tables read by COPY alone,
//    in one transaction, to nowhere (what the database must do whatever the format);
//  - `npm run restore` of that archive into a fresh DATA_DIR, once the portal has stopped.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { promisify } from 'node:util'
import pg from 'pg'
import { copyOut, tablesOf } from '#db/snapshot'
import { DEMO_BRAND_KEY } from '#seed/seed'
import { spawnPortal } from '../scripts/spawn-portal'
import { seedDataDir } from './catalogue-measure'
import { printProbe, probeAround, type ProbeFigures } from './probe'
import { embeddedDatabaseUrl } from './workspace'

const run = promisify(execFile)

export const BACKUP_GOALS = { pageMaxOverQuietP99: 10 }

export interface BackupFigures {
  listings: number
  floorSeconds: number
  backup: { seconds: number; bytes: number; output: string }
  restore: { seconds: number; output: string }
  probe: ProbeFigures
  pageMaxOverQuietP99: number
}

/** The command as an operator runs it (`npm run backup` is `tsx scripts/backup.ts`). */
async function command(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const began = performance.now()
  const { stdout } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    env: { ...process.env, ...env, DATABASE_URL: '', S3_BUCKET: '' },
    maxBuffer: 16 * 1024 * 1024,
  })
  return { seconds: +((performance.now() - began) / 1000).toFixed(1), output: stdout.trim().split('\n').at(-1) ?? '' }
}

/** Every table read by COPY in one snapshot and thrown away: the database's share of a backup. */
async function copyFloor(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  const began = performance.now()
  try {
    await client.query('begin isolation level repeatable read, read only')
    for (const table of await tablesOf(client)) {
      await pipeline(copyOut(client, table), new Writable({ write: (_chunk, _encoding, done) => done() }))
    }
    await client.query('commit')
    return +((performance.now() - began) / 1000).toFixed(1)
  } finally {
    await client.end()
  }
}

export async function backupBench(): Promise<BackupFigures> {
  const listings = Number(process.env.BACKUP_BENCH_LISTINGS ?? 100_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-bench-'))
  const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-bench-'))
  // Run as root, the embedded server runs as postgres, which must reach these folders.
  for (const dir of [dataDir, restoredDir]) fs.chmodSync(dir, 0o755)
  const archive = path.join(dataDir, 'bench-backup.tar.gz')
  try {
    const cookie = await seedDataDir(dataDir, listings)
    const portal = await spawnPortal('backup-bench', { compiled: true, dataDir, env: { SEED_DEMO: 'false' } })
    let floorSeconds: number
    let backup: BackupFigures['backup']
    let probe: ProbeFigures
    try {
      floorSeconds = await copyFloor(embeddedDatabaseUrl(dataDir))
      const measured = await probeAround(
        portal,
        cookie,
        () => command('backup', ['--out', archive], { DATA_DIR: dataDir }),
        `/brand/${DEMO_BRAND_KEY}/products`,
      )
      probe = measured.probe
      backup = { ...measured.result, bytes: fs.statSync(archive).size }
    } catch (error) {
      console.error(`The portal's last words:\n${portal.output().split('\n').slice(-20).join('\n')}`)
      throw error
    } finally {
      await portal.stop()
    }
    const restore = await command('restore', [archive], { DATA_DIR: path.join(restoredDir, 'data') })
    return {
      listings,
      floorSeconds,
      backup,
      restore,
      probe,
      pageMaxOverQuietP99: +(probe.page.busy.maxMs / probe.page.quiet.p99Ms).toFixed(1),
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(restoredDir, { recursive: true, force: true })
  }
}

const verdict = (ok: boolean) => (ok ? 'OK' : 'MISSED')

export function printBackupFigures(figures: BackupFigures) {
  const { backup, restore, probe } = figures
  console.log(`\nBackup and restore (${figures.listings.toLocaleString('en-US')} listings, embedded server):`)
  console.log(
    `  npm run backup beside the running portal: ${backup.seconds} s, ${(backup.bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `floor, every table read by COPY in one snapshot to nowhere: ${figures.floorSeconds} s`,
  )
  console.log(`    it said: ${backup.output}`)
  console.log(
    `  the products page meanwhile: longest wait ${probe.page.busy.maxMs} ms = ${figures.pageMaxOverQuietP99}× its quiet ` +
      `p99 ${probe.page.quiet.p99Ms} ms (goal ≤ ${BACKUP_GOALS.pageMaxOverQuietP99}×) ` +
      `${verdict(figures.pageMaxOverQuietP99 <= BACKUP_GOALS.pageMaxOverQuietP99 && !probe.page.busy.errors)}` +
      `   [busy p95 ${probe.page.busy.p95Ms} ms, ${probe.page.busy.requests} requests; quiet p50 ${probe.page.quiet.p50Ms} ms]`,
  )
  printProbe('the backup runs', probe, '    ')
  console.log(`  npm run restore into a fresh DATA_DIR: ${restore.seconds} s`)
  console.log(`    it said: ${restore.output}`)
}
