// A benchmark's own workspace: a PGlite data folder with the demo seed and whatever the part adds,
// and a signed-in session of Demo Brand's admin for the portal started on it afterwards.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase, type DatabaseHandle } from '#db/client'
import { demoAccountKey, demoFirebaseUid, seedDemo } from '#db/seed'
import { createLocalBlobStore } from '#app/infra/blob-store.server'
import type { ServiceDeps } from '#app/services/context.server'
import { startSession } from '#app/services/sessions.server'

export interface DemoWorkspace {
  dataDir: string
  /** The admin's session cookie, valid for a portal started on `dataDir`. */
  cookie: string
  seedSeconds: number
}

/** Seeds a new data folder (removed by the caller) and fills it with `fill` before it is vacuumed. */
export async function demoWorkspace(
  name: string,
  fill: (deps: ServiceDeps, database: DatabaseHandle) => Promise<void>,
): Promise<DemoWorkspace> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-${name}-`))
  const started = performance.now()
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pg') })
  try {
    await database.migrate()
    const deps = {
      db: database.db,
      blobs: createLocalBlobStore({ dir: path.join(dataDir, 'blobs'), secret: 'bench' }),
    } as ServiceDeps
    await seedDemo(deps, { ensureUsers: false })
    await fill(deps, database)
    await database.vacuum?.()
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
