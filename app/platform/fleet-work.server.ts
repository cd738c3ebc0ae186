// Work that one process of a fleet does, not each of them (docs/decisions/162): every process has
// a name of its own for the leases it takes, and periodic upkeep is claimed per period in the
// database, so two processes on their own timers still sweep once.
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { sql } from 'drizzle-orm'
import type { ServiceDeps } from '#app/platform/context.server'
import { scheduledWork } from '#db/schema'

// One name per process, shared by the server and the Remix build (which loads its own copy).
const NAME = Symbol.for('brand-portal.process-name')

/** This process as a lease holder: host, pid and a random part (a pid is reused after a restart). */
export function processName(): string {
  const holder = globalThis as { [NAME]?: string }
  holder[NAME] ??= `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`
  return holder[NAME]
}

/**
 * Claims the periodic work `name` for this process when nobody started it within `periodMs`;
 * answers whether this process should do it now.
 */
export async function claimPeriodicWork(
  deps: Pick<ServiceDeps, 'db'>,
  name: string,
  periodMs: number,
): Promise<boolean> {
  const me = processName()
  const rows = await deps.db
    .insert(scheduledWork)
    .values({ name, lastStarted: sql`now()`, startedBy: me })
    .onConflictDoUpdate({
      target: scheduledWork.name,
      set: { lastStarted: sql`now()`, startedBy: me },
      setWhere: sql`${scheduledWork.lastStarted} <= now() - ${`${periodMs} milliseconds`}::interval`,
    })
    .returning({ name: scheduledWork.name })
  return rows.length > 0
}
