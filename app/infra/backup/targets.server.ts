// Where a backup reads from and a restore writes to, from the portal's own settings: the database
// of DATABASE_URL or the embedded server of DATA_DIR (a running portal's, or one started for the
// command), and the files of S3_BUCKET or DATA_DIR/blobs.
import path from 'node:path'
import type { Env } from '#app/env.server'
import type { BlobStore } from '#app/platform/ports'
import { embeddedPaths, openDatabase } from '#db/client'
import { runningServerUrl, startEmbeddedServer } from '#db/embedded-server'
import { createLocalBlobStore } from '../blob-store.server'
import { runningServerPid, writePidFile } from '../pid-file.server'
import { createS3BlobStore } from '../s3-blob-store.server'
import type { RestoreTarget } from './restore.server'

/** Signs no address a person uses: backups and restores only read and write bytes. */
const NO_SIGNING = 'backup-and-restore'

export type StoreSettings =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean }

export function storeSettings(env: Env): StoreSettings {
  return env.S3_BUCKET
    ? {
        kind: 's3',
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      }
    : { kind: 'local', dir: path.join(env.DATA_DIR, 'blobs') }
}

export function openStore(settings: StoreSettings): BlobStore & { close(): void } {
  if (settings.kind === 'local')
    return { ...createLocalBlobStore({ dir: settings.dir, secret: NO_SIGNING }), close() {} }
  return createS3BlobStore({ ...settings, secret: NO_SIGNING })
}

export const backupDir = (env: Env) => path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups'))

export interface Opened {
  connectionString: string
  blobs: BlobStore
  /** The embedded server, a process of this machine. */
  local: boolean
  close(): Promise<void>
}

/**
 * The database and files to back up. With the embedded server and no portal running, the server
 * is started for the backup, and a portal started meanwhile is told another is using DATA_DIR.
 */
export async function openBackupSource(env: Env, log: (line: string) => void): Promise<Opened> {
  const blobs = openStore(storeSettings(env))
  if (env.DATABASE_URL)
    return { connectionString: env.DATABASE_URL, blobs, local: false, close: async () => blobs.close() }
  const paths = embeddedPaths(env.DATA_DIR)
  const running = runningServerUrl({ dir: paths.cluster, passwordFile: paths.passwordFile })
  if (running) return { connectionString: running, blobs, local: true, close: async () => blobs.close() }
  const removePid = writePidFile(env.DATA_DIR)
  try {
    const server = await startEmbeddedServer({ dir: paths.cluster, passwordFile: paths.passwordFile, log })
    return {
      connectionString: server.url,
      blobs,
      local: true,
      async close() {
        await server.stop()
        removePid()
        blobs.close()
      },
    }
  } catch (error) {
    removePid()
    throw error
  }
}

/** The database and store a restore fills; refused while a portal runs on this DATA_DIR. */
export async function openRestoreTarget(
  env: Env,
  log: (line: string) => void,
): Promise<RestoreTarget & { close(): Promise<void> }> {
  const other = env.DATABASE_URL ? null : runningServerPid(env.DATA_DIR)
  if (other) throw new Error(`A portal (pid ${other}) is using ${path.resolve(env.DATA_DIR)}: stop it first.`)
  const removePid = env.DATABASE_URL ? () => undefined : writePidFile(env.DATA_DIR)
  const blobs = openStore(storeSettings(env))
  try {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      log,
      maxConnections: 2,
    })
    return {
      connectionString: database.server?.url ?? env.DATABASE_URL!,
      blobs,
      migrate: () => database.migrate(),
      async close() {
        await database.close()
        blobs.close()
        removePid()
      },
    }
  } catch (error) {
    blobs.close()
    removePid()
    throw error
  }
}
