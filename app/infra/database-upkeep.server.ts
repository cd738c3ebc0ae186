// Upkeep the embedded database needs and a Postgres server does by itself. PGlite runs Postgres
// in one process without background workers, so no autovacuum: dead rows left by updates and
// deletes would pile up, statistics would go stale, and pages written by a bulk load would keep
// costing every later read (their hint bits and visibility-map bits are never set). The portal
// vacuums on a timer instead (docs/decisions/079).
import type { DatabaseHandle } from '#db/client'
import { logEvent } from './error-reporting.server'

export interface UpkeepOptions {
  /** First run after start, so a restart is not slowed down. */
  firstAfterMs: number
  /** Then every so often; 0 turns the upkeep off. */
  everyMs: number
}

/** Starts the timer; the returned function stops it (and waits for a run in progress). */
export function startDatabaseUpkeep(database: DatabaseHandle, options: UpkeepOptions): () => Promise<void> {
  const vacuum = database.vacuum
  if (!vacuum || options.everyMs <= 0) return async () => undefined
  let running: Promise<void> | null = null
  let timer: NodeJS.Timeout | null = null
  const run = () => {
    const started = Date.now()
    running = vacuum()
      .then(() => logEvent('info', `Database upkeep: vacuum and analyze took ${Date.now() - started} ms.`))
      .catch((error: unknown) => logEvent('warn', `Database upkeep failed: ${String(error)}`))
      .finally(() => {
        running = null
        schedule(options.everyMs)
      })
  }
  const schedule = (delay: number) => {
    if (stopped) return
    timer = setTimeout(run, delay)
    // The timer never keeps a stopping process alive.
    timer.unref()
  }
  let stopped = false
  schedule(options.firstAfterMs)
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    await running
  }
}
