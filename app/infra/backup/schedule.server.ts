// Backups on a schedule (BACKUP_EVERY, BACKUP_DIR, BACKUP_KEEP; docs/decisions/184): a portal
// process looks each minute whether the newest archive in BACKUP_DIR is older than the interval,
// and if so writes one in a worker thread, then keeps the newest BACKUP_KEEP. Of a fleet's
// processes on one database only the one holding the advisory lock backs up at a time.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { backupIntervalMs, type Env } from '#app/env.server'
import { logEvent } from '../error-reporting.server'
import { startWorker } from '../worker-threads.server'
import { ARCHIVE_PATTERN, archiveName, pruneArchives, type BackupSummary } from './backup.server'
import { backupDir, storeSettings, type StoreSettings } from './targets.server'

export interface BackupJob {
  connectionString: string
  local: boolean
  store: StoreSettings
  file: string
}

export type BackupJobOutcome = { ok: true; summary: BackupSummary } | { ok: false; message: string }

/** Advisory lock of scheduled backups ("backup" in ASCII). */
const BACKUP_LOCK = 0x6261636b7570
const LOOK_EVERY_MS = 60_000

/** When the newest archive in `dir` was written, from its name; null when there is none. */
export function newestArchiveTime(names: string[]): number | null {
  const newest = names
    .filter((name) => ARCHIVE_PATTERN.test(name))
    .sort()
    .at(-1)
  if (!newest) return null
  const stamp = newest.slice('brand-portal-'.length, -'.tar.gz'.length)
  const [day, time] = stamp.split('T') as [string, string]
  return Date.parse(`${day}T${time.slice(0, -1).replace(/-/g, ':')}Z`)
}

export function backupIsDue(names: string[], intervalMs: number, now = Date.now()): boolean {
  const last = newestArchiveTime(names)
  return last === null || now - last >= intervalMs
}

/** Runs one backup in a worker thread; answers with its summary. */
export async function backupInWorker(job: BackupJob, signal?: AbortSignal): Promise<BackupSummary> {
  const worker = await startWorker('backup', import.meta.url, { workerData: job })
  try {
    const outcome = await new Promise<BackupJobOutcome>((resolve, reject) => {
      // A portal that stops does not wait for a backup: the next one starts again.
      signal?.addEventListener('abort', () => reject(new Error('the portal stopped during the backup')), { once: true })
      worker.once('message', resolve)
      worker.once('error', reject)
      worker.once('exit', (code) => reject(new Error(`the backup worker stopped (exit code ${code})`)))
    })
    if (!outcome.ok) throw new Error(outcome.message)
    return outcome.summary
  } finally {
    await worker.terminate()
  }
}

/** Starts the schedule when BACKUP_EVERY is set; answers a function that stops it. */
export function scheduleBackups(env: Env, connectionString: string, lookEveryMs = LOOK_EVERY_MS): () => Promise<void> {
  if (!env.BACKUP_EVERY) return async () => {}
  const intervalMs = backupIntervalMs(env.BACKUP_EVERY)
  const dir = backupDir(env)
  let running: Promise<void> | null = null
  let stopped = false
  const stopping = new AbortController()

  const look = async () => {
    const names = await fs.promises.readdir(dir).catch(() => [] as string[])
    if (!backupIsDue(names, intervalMs)) return
    const lock = new pg.Client({ connectionString, application_name: 'portal backup schedule' })
    lock.on('error', () => undefined)
    await lock.connect()
    try {
      const { rows } = await lock.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [BACKUP_LOCK])
      if (!rows[0]?.got) return
      // Another process of the fleet, sharing BACKUP_DIR, may have written one since the look.
      const now = await fs.promises.readdir(dir).catch(() => [] as string[])
      if (!backupIsDue(now, intervalMs)) return
      // A process stopped mid-way leaves its .partial file behind.
      for (const name of names)
        if (name.endsWith('.partial')) await fs.promises.rm(path.join(dir, name), { force: true })
      const began = Date.now()
      const summary = await backupInWorker(
        { connectionString, local: !env.DATABASE_URL, store: storeSettings(env), file: path.join(dir, archiveName()) },
        stopping.signal,
      )
      const pruned = await pruneArchives(dir, env.BACKUP_KEEP)
      logEvent('info', 'backup written', {
        file: summary.file,
        bytes: summary.bytes,
        rows: summary.rows,
        files: summary.files,
        gone: summary.gone.length,
        seconds: (Date.now() - began) / 1000,
        pruned: pruned.length,
      })
    } finally {
      await lock.end().catch(() => undefined)
    }
  }

  const timer = setInterval(() => {
    if (running || stopped) return
    running = look()
      .catch((error: unknown) =>
        stopped
          ? undefined
          : logEvent('error', 'backup failed', { error: error instanceof Error ? error.message : String(error), dir }),
      )
      .finally(() => (running = null))
  }, lookEveryMs)
  timer.unref()
  return async () => {
    stopped = true
    clearInterval(timer)
    stopping.abort()
    await running
  }
}
