// Where resumable uploads keep their bytes while they arrive (docs/decisions/162). On one machine,
// local disk (tus's file store) and a lock per process. With an object store, the tus S3 store
// in the same bucket under uploads/tus/ (parts as a multipart upload, the unfinished tail as an
// object of its own), so the next request of an upload may reach any process of a fleet; a lease
// on the upload's file row keeps two processes from writing the same upload at once.
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import { MemoryLocker, type DataStore, type Lock, type Locker, type RequestRelease } from '@tus/server'
import { TUS_BLOB_PREFIX, endUploadLease, holdingDir, takeUploadLease } from '#app/features/files/files.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { s3ClientConfig } from '#app/infra/s3-blob-store.server'

/** S3 wants at least 5 MB for every part but the last; the blob store sends 8 MB parts too. */
const PART_BYTES = 8 * 1024 * 1024
/** How long a request waits for another process to finish with the same upload. */
const LEASE_WAIT_MS = 10_000
const LEASE_POLL_MS = 200

export interface TusStorage {
  datastore: DataStore
  locker?: Locker
  /** The upload's id in the store, from its file key, and back. */
  idOf(key: string): string
  keyOf(id: string): string
  /** Whether another process can read the upload's bytes (its check may run anywhere). */
  shared: boolean
  /** Forgets what the store cached of a finished upload (its bytes are then the check's). */
  forget(id: string): Promise<void>
}

/** The tus S3 store with the cache of a finished upload dropped (it would grow without end). */
class FinishedForgettingS3Store extends S3Store {
  forget(id: string): Promise<void> {
    return this.clearCache(id)
  }
}

/** A lock held here against this process's other requests, and by lease against other processes. */
class UploadLeaseLocker implements Locker {
  private readonly local = new MemoryLocker({ acquireLockTimeout: LEASE_WAIT_MS })
  constructor(
    private readonly deps: ServiceDeps,
    private readonly keyOf: (id: string) => string,
  ) {}

  newLock(id: string): Lock {
    const local = this.local.newLock(id)
    const { deps } = this
    const key = this.keyOf(id)
    return {
      async lock(signal: AbortSignal, requestRelease: RequestRelease) {
        await local.lock(signal, requestRelease)
        const deadline = Date.now() + LEASE_WAIT_MS
        try {
          while (!(await takeUploadLease(deps, key))) {
            if (signal.aborted || Date.now() > deadline) {
              throw {
                status_code: 423,
                body: 'This upload is being received by another request: try again in a moment.\n',
              }
            }
            await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS))
          }
        } catch (error) {
          await local.unlock()
          throw error
        }
      },
      async unlock() {
        try {
          await endUploadLease(deps, key)
        } finally {
          await local.unlock()
        }
      },
    }
  }
}

export function tusStorage(deps: ServiceDeps, expiryMs: number): TusStorage {
  const { env } = deps
  if (!env.S3_BUCKET) {
    const datastore = new FileStore({ directory: holdingDir(deps, 'tus'), expirationPeriodInMilliseconds: expiryMs })
    return {
      datastore,
      idOf: (key) => key,
      keyOf: (id) => id,
      shared: false,
      forget: async () => {},
    }
  }
  const datastore = new FinishedForgettingS3Store({
    partSize: PART_BYTES,
    // Expiry goes by the sweep below, not by bucket lifecycle rules on object tags (which not
    // every S3-compatible service has).
    useTags: false,
    maxConcurrentPartUploads: 2,
    expirationPeriodInMilliseconds: expiryMs,
    s3ClientConfig: {
      ...s3ClientConfig({ endpoint: env.S3_ENDPOINT, region: env.S3_REGION, forcePathStyle: env.S3_FORCE_PATH_STYLE }),
      bucket: env.S3_BUCKET,
    },
  })
  const keyOf = (id: string) => (id.startsWith(TUS_BLOB_PREFIX) ? id.slice(TUS_BLOB_PREFIX.length) : id)
  return {
    datastore,
    locker: new UploadLeaseLocker(deps, keyOf),
    idOf: (key) => `${TUS_BLOB_PREFIX}${key}`,
    keyOf,
    shared: true,
    forget: (id) => datastore.forget(id),
  }
}
