// A benchmark's own workspace: a data folder whose embedded Postgres server holds the demo seed
// and whatever the part adds, and a signed-in session of Demo Brand's admin for the portal started
// on it afterwards. The server is stopped once seeded; the portal starts it again on the folder.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { embeddedPaths, openDatabase, type DatabaseHandle } from '#db/client'
import { runningServerUrl } from '#db/embedded-server'
import { demoAccountKey, demoFirebaseUid, seedDemo } from '#seed/seed'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { startSession } from '#app/features/identity/sessions.server'

export interface DemoWorkspace {
  dataDir: string
  /** The admin's session cookie, valid for a portal started on `dataDir`. */
  cookie: string
  seedSeconds: number
}

/**
 * Vacuumed and analyzed, as a database in use is by autovacuum: a bulk load left unvacuumed makes
 * every later read set hint bits and fetch heap pages an index could have answered, and leaves the
 * planner without statistics until autovacuum comes by in the middle of the timings.
 */
export async function vacuumAnalyze(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`vacuum (analyze)`)
}

/** Seeds a new data folder (removed by the caller) and fills it with `fill` before it is vacuumed. */
export async function demoWorkspace(
  name: string,
  fill: (deps: ServiceDeps, database: DatabaseHandle) => Promise<void>,
): Promise<DemoWorkspace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`))
  const started = performance.now()
  const database = await openDatabase({ dataDir })
  try {
    await database.migrate()
    const deps = {
      db: database.db,
      blobs: createLocalBlobStore({ dir: path.join(dataDir, 'blobs'), secret: 'bench' }),
    } as ServiceDeps
    await seedDemo(deps, { ensureUsers: false })
    await fill(deps, database)
    await vacuumAnalyze(database)
    const session = await startSession(deps, {
      accountKey: demoAccountKey('admin'),
      firebaseUid: demoFirebaseUid('admin'),
      remember: true,
    })
    return { dataDir, cookie: `__session=${session.id}`, seedSeconds: (performance.now() - started) / 1000 }
  } finally {
    await database.close()
  }
}

/**
 * The connection string of the embedded server a running portal started in `dataDir`: its port
 * from the server's lock file (fourth line), its password from the file beside the cluster.
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const paths = embeddedPaths(dataDir)
  const url = runningServerUrl({ dir: paths.cluster, passwordFile: paths.passwordFile })
  if (!url) throw new Error(`no database server runs on ${paths.cluster}`)
  return url
}
