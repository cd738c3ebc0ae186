// The pipeline's shared pieces: the file row, limits, the bounded queues of checks and image sizes
// per process, and waiting for them to settle.
import { type FilePurpose } from '#app/features/files/file-purposes'
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '#app/features/files/thumbnail'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { createQueue, type Queue } from '#app/platform/queue'
import { type files } from '#db/schema'
import path from 'node:path'
import { ImageProcess, type Sizes } from './image-process.server'

export type FileRow = typeof files.$inferSelect

/** Longest side of the web size made for images. */
export const WEB_SIZE = 1600
/** Files checked at once per process; more wait their turn (docs/decisions/093). */
export const SCAN_CONCURRENCY = 2

export const MAX_NAME_LENGTH = 255

/** A ValidationError answered with 413 Payload Too Large. */
export class FileTooLargeError extends AppError {
  override readonly status = 413
  constructor(maxBytes: number) {
    super('ValidationError', `The file is too large: upload a file of at most ${formatBytes(maxBytes)}.`)
  }
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`
}

/** Where uploads wait on local disk while they arrive and are checked (never served). */
export function holdingDir(deps: Pick<ServiceDeps, 'env'>, kind: 'tus' | 'form' | 'checking'): string {
  return path.resolve(deps.env.DATA_DIR, 'uploads', kind)
}

/**
 * Where a resumable upload's bytes are while they arrive, with an object store: every process of a
 * fleet reads them there (the tus S3 store writes `<key>`, `<key>.info` and `<key>.part`).
 */
export const TUS_BLOB_PREFIX = 'uploads/tus/'

/**
 * An upload's bytes waiting for their checks: a file on this process's disk, or an object in the
 * shared store (which any process can check, so a check survives its process).
 */
export type HeldBytes = { file: string } | { blob: string }

export function maxBytesFor(deps: Pick<ServiceDeps, 'env'>, purpose: FilePurpose): number {
  const { UPLOAD_MAX_BYTES, UPLOAD_IMAGE_MAX_BYTES } = deps.env
  return purpose.limit === 'image' ? Math.min(UPLOAD_IMAGE_MAX_BYTES, UPLOAD_MAX_BYTES) : UPLOAD_MAX_BYTES
}

// One set of queues per process, shared by the server and the Remix build (which loads its own
// copy of this module), so the bounds hold whoever starts the work.
interface Work {
  scans: Queue
  images: Queue
  /** Where images are resized: a process of its own at lower priority (docs/decisions/109). */
  imageProcess: ImageProcess
  pending: Set<Promise<void>>
  /** Checks waiting for their turn, by file key: a stopping portal hands back the shared ones. */
  waiting: Map<string, { held: HeldBytes; db: object }>
  /**
   * The databases of portals that are stopping: their waiting checks are left to another process.
   * Per portal, not per process: tests run several portals one after the other in one process.
   */
  stopping: WeakSet<object>
}
const WORK = Symbol.for('brand-portal.file-work')
export function work(deps: Pick<ServiceDeps, 'env'>): Work {
  const holder = globalThis as { [WORK]?: Work }
  holder[WORK] ??= {
    scans: createQueue(SCAN_CONCURRENCY),
    images: createQueue(deps.env.IMAGE_WORKERS),
    imageProcess: new ImageProcess({ nice: deps.env.IMAGE_NICE, idleMs: 60_000, jobTimeoutMs: 120_000 }),
    pending: new Set(),
    waiting: new Map(),
    stopping: new WeakSet(),
  }
  return holder[WORK]
}

/** The queue images are resized in (the bench measures it). */
export function imageQueue(deps: Pick<ServiceDeps, 'env'>): Queue {
  return work(deps).images
}

/**
 * The thumbnail and (with `web`) web size of an image on disk, made in the image process within
 * the image queue's bound. The bench measures the pipeline through this.
 */
export function makeImageSizes(
  deps: Pick<ServiceDeps, 'env'>,
  input: string,
  type: string,
  options: { web: boolean },
): Promise<Sizes> {
  const { images, imageProcess } = work(deps)
  return images.run(() =>
    imageProcess.sizes({
      input,
      type,
      maxPixels: deps.env.UPLOAD_MAX_PIXELS,
      thumbnail: { width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT },
      web: options.web ? WEB_SIZE : null,
    }),
  )
}

/** Resolves once every file handed to the pipeline so far has its final status (tests, bench). */
export async function pipelineSettled(deps: Pick<ServiceDeps, 'env'>): Promise<void> {
  const { pending } = work(deps)
  while (pending.size > 0) await Promise.allSettled([...pending])
}
