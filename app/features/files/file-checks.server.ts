// After the bytes: the checks (type by content, size and pixels, the scanner), quarantine, the
// clean file stored with its sizes, the status pushed to the uploader; sweeping abandoned uploads
// and resuming checks a restart interrupted.
import {
  IMAGE_TYPES_WITH_THUMBNAILS,
  filePurpose,
  type FilePurpose,
  type FilePurposeName,
} from '#app/features/files/file-purposes'
import { thumbnailPath } from '#app/features/files/thumbnail'
import { settledHookOf } from './purpose-hooks.server'
import { QUARANTINE_PREFIX } from '#app/infra/blob-store.server'
import { reportError } from '#app/infra/error-reporting.server'
import { clamdFromEnv, createScanner } from '#app/infra/file-scan.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { DETECT_BYTES, detectType, extensionFor } from '#app/platform/file-type'
import { files, type FileScanResult } from '#db/schema'
import { FILE_EVENTS, rooms, type FileStatusEvent } from '#app/platform/protocol'
import { and, eq, inArray, lt } from 'drizzle-orm'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import sharp from 'sharp'
import { statusMessage } from './file-uploads.server'
import {
  RENEW_EVERY_MS,
  holdLease,
  letGo,
  releaseLeases,
  renewLeases,
  startCheckLease,
  takeOverChecks,
  writeUnderLease,
} from './file-leases.server'
import {
  TUS_BLOB_PREFIX,
  WEB_SIZE,
  formatBytes,
  holdingDir,
  makeImageSizes,
  maxBytesFor,
  pipelineSettled,
  work,
  type FileRow,
  type HeldBytes,
} from './file-work.server'

/**
 * A file has its final status: its purpose's hook runs first (a product photo takes its place on
 * its listing), so whoever hears "available" finds it where it belongs.
 */
async function settle(deps: ServiceDeps, row: FileRow): Promise<void> {
  const hook = settledHookOf(row.purpose as FilePurposeName)
  if (hook)
    await hook.run(deps, row).catch((error: unknown) => reportError(error, { msg: hook.failure, file: row.key }))
  publishStatus(deps, row)
}

function publishStatus(deps: ServiceDeps, row: FileRow): void {
  if (!row.uploadedBy) return
  const payload: FileStatusEvent = {
    key: row.key,
    brand: row.brandKey,
    purpose: row.purpose,
    name: row.originalName,
    status: row.status,
    message: statusMessage(row.status),
  }
  deps.events.publish(rooms.account(row.uploadedBy), FILE_EVENTS.status, payload)
}

/**
 * The upload's bytes are all in (`held`: on this process's disk or in the shared store): the file
 * is now being scanned, by this process, under its lease. The checks run in the background, in
 * the bounded queue; `release` removes the held bytes once the check is done. Returns the record
 * as it is now (status `scanning`).
 */
export async function finishUpload(
  deps: ServiceDeps,
  key: string,
  held: HeldBytes,
  release: () => Promise<void>,
): Promise<FileRow> {
  const size = 'file' in held ? (await fs.promises.stat(held.file)).size : undefined
  const row = await startCheckLease(deps, key, size === undefined ? {} : { size })
  if (!row) throw notFound('File')
  publishStatus(deps, row)
  queueCheck(deps, row, held, release)
  return row
}

/**
 * Checks a file this process holds the lease of, in its turn. A process that stops before the
 * turn comes leaves the check (and the bytes) to another process.
 */
function queueCheck(deps: ServiceDeps, row: FileRow, held: HeldBytes, release: () => Promise<void>): void {
  const work_ = work(deps)
  work_.waiting.set(row.key, { held, db: deps.db })
  holdLease(row.key)
  const job = work_.scans
    .run(async () => {
      if (!work_.waiting.delete(row.key) || work_.stopping.has(deps.db)) return
      const file = 'file' in held ? held.file : await copyFromStore(deps, row.key, held.blob)
      try {
        await checkFile(deps, row, file, 'blob' in held ? held.blob : null)
      } finally {
        if ('blob' in held) await fs.promises.rm(file, { force: true })
      }
      await release().catch(() => undefined)
    })
    .catch((error: unknown) => reportError(error, { msg: 'file pipeline failure', file: row.key }))
    .finally(() => letGo(row.key))
  const tracked = job.finally(() => work_.pending.delete(tracked))
  work_.pending.add(tracked)
}

/** The shared store's copy of an upload, streamed to this process's disk for the checks. */
async function copyFromStore(deps: ServiceDeps, key: string, blob: string): Promise<string> {
  const stored = await deps.blobs.get(blob)
  if (!stored) throw new Error(`The upload's bytes are not in the store: ${blob}`)
  const dir = holdingDir(deps, 'checking')
  await fs.promises.mkdir(dir, { recursive: true })
  const file = path.join(dir, key)
  await pipeline(stored.stream, fs.createWriteStream(file))
  return file
}

async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r')
  try {
    const buffer = Buffer.alloc(DETECT_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, DETECT_BYTES, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const refused = (check: string, detail: string): FileScanResult => ({ verdict: 'refused', check, detail })

/** The checks before the scanner: type by content, size, and pixels for images. */
async function precheck(
  deps: ServiceDeps,
  row: FileRow,
  file: string,
): Promise<{ result: FileScanResult | null; type: string | null; width?: number; height?: number }> {
  const purpose: FilePurpose = filePurpose(row.purpose as FilePurposeName)
  const head = await readHead(file)
  const type = purpose.detectType ? purpose.detectType(head, row.originalName) : detectType(head)
  if (!type || !purpose.types.includes(type)) {
    const what = type ? `a ${type} file` : 'of a type that is not accepted'
    return { type, result: refused('type', `The file is ${what}, whatever its name says.`) }
  }
  const maxBytes = maxBytesFor(deps, purpose)
  if (row.size > maxBytes) return { type, result: refused('size', `Larger than ${formatBytes(maxBytes)}.`) }
  if (!IMAGE_TYPES_WITH_THUMBNAILS.includes(type)) return { type, result: null }
  // sharp reads only the header here: a small file can announce a huge image.
  const metadata = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null)
  if (!metadata?.width || !metadata.height) return { type, result: refused('type', 'The image cannot be read.') }
  const { width, height } = metadata
  if (width * height > deps.env.UPLOAD_MAX_PIXELS) {
    const megapixels = Math.round(deps.env.UPLOAD_MAX_PIXELS / 1_000_000)
    return { type, width, height, result: refused('pixels', `More than ${megapixels} megapixels.`) }
  }
  if (purpose.aspectRatio && !purpose.aspectRatio.fits(width, height)) {
    return { type, width, height, result: refused('aspect', purpose.aspectRatio.message) }
  }
  return { type, width, height, result: null }
}

/**
 * Checks the file's bytes (`file`, on this process's disk) and stores the clean file; `stored`
 * names the same bytes in the blob store when they are there already (a resumable upload with an
 * object store): the original is then copied inside the store rather than sent again.
 */
async function checkFile(deps: ServiceDeps, row: FileRow, file: string, stored: string | null): Promise<void> {
  let checked: Awaited<ReturnType<typeof precheck>> = { result: null, type: null }
  let result: FileScanResult
  try {
    checked = await precheck(deps, row, file)
    const scanner = createScanner({ clamd: clamdFromEnv(deps.env) })
    result = checked.result ?? (await scanner.scan(file, checked.type!))
  } catch (error) {
    reportError(error, { msg: 'file check failure', file: row.key })
    result = { verdict: 'error', check: 'pipeline', detail: 'The file could not be checked.' }
  }
  const dimensions = { width: checked.width ?? null, height: checked.height ?? null, contentType: checked.type }
  if (result.verdict !== 'clean') {
    await quarantine(deps, row, file, result, dimensions)
    return
  }
  try {
    const keys = await storeClean(deps, row, file, checked.type!, stored)
    const done = await writeUnderLease(deps, row.key, {
      ...dimensions,
      ...keys,
      status: 'available',
      scanResult: result,
      scannedAt: new Date(),
    })
    if (done) await settle(deps, done)
  } catch (error) {
    // A clean file whose sizes could not be made (a corrupt body under a good header).
    reportError(error, { msg: 'file store failure', file: row.key })
    await quarantine(deps, row, file, refused('type', 'The image cannot be read.'), dimensions)
  }
}

/** Keeps a file that failed its checks where nothing serves it (docs/decisions/090). */
async function quarantine(
  deps: ServiceDeps,
  row: FileRow,
  file: string,
  result: FileScanResult,
  dimensions: Partial<FileRow>,
): Promise<void> {
  const key = `${QUARANTINE_PREFIX}${row.brandKey}/${row.key}`
  let kept: string | null = key
  try {
    await deps.blobs.put(key, fs.createReadStream(file), {
      contentType: 'application/octet-stream',
      maxBytes: Number.MAX_SAFE_INTEGER,
    })
  } catch (error) {
    reportError(error, { msg: 'quarantine failure', file: row.key })
    kept = null
  }
  const done = await writeUnderLease(deps, row.key, {
    ...dimensions,
    status: 'quarantined',
    scanResult: result,
    originalKey: kept,
    thumbnailKey: null,
    webKey: null,
    scannedAt: new Date(),
  })
  if (done) await settle(deps, done)
}

/** Writes a clean file to the blob store, with its 300 × 400 thumbnail and web size for images. */
async function storeClean(
  deps: ServiceDeps,
  row: FileRow,
  file: string,
  type: string,
  stored: string | null,
): Promise<Pick<FileRow, 'originalKey' | 'thumbnailKey' | 'webKey'>> {
  const purpose: FilePurpose = filePurpose(row.purpose as FilePurposeName)
  const originalKey = `brands/${row.brandKey}/${purpose.folder ?? 'files'}/${row.key}.${extensionFor(type)}`
  let sizes: { thumbnailKey: string; webKey: string } | null = null
  if (purpose.images && IMAGE_TYPES_WITH_THUMBNAILS.includes(type)) {
    sizes = await makeSizes(deps, file, originalKey, type)
  }
  // Last, so a file is never half there: the original is written once its sizes are. An object
  // store copies at most 5 GB in one request; a larger original is sent again.
  if (stored && row.size <= MAX_COPY_BYTES) await deps.blobs.copy(stored, originalKey, type)
  else
    await deps.blobs.put(originalKey, fs.createReadStream(file, { highWaterMark: 256 * 1024 }), {
      contentType: type,
      maxBytes: Number.MAX_SAFE_INTEGER,
    })
  return { originalKey, thumbnailKey: sizes?.thumbnailKey ?? null, webKey: sizes?.webKey ?? null }
}

/** `brands/b/files/k.jpg` → `brands/b/files/k_1600.jpg`. */
export function webPath(originalKey: string): string {
  const dot = originalKey.lastIndexOf('.')
  return `${originalKey.slice(0, dot)}_${WEB_SIZE}${originalKey.slice(dot)}`
}

/** Makes an image's thumbnail and web size and stores them beside `originalKey` (`…_300x400`, `…_1600`). */
export async function makeSizes(
  deps: ServiceDeps,
  file: string,
  originalKey: string,
  type: string,
): Promise<{ thumbnailKey: string; webKey: string }> {
  const { thumbnail, web } = await makeImageSizes(deps, file, type, { web: true })
  const thumbnailKey = thumbnailPath(originalKey)
  const webKey = webPath(originalKey)
  const put = (key: string, data: Buffer) =>
    deps.blobs.put(key, Readable.from([data]), {
      contentType: type,
      maxBytes: Number.MAX_SAFE_INTEGER,
    })
  await put(thumbnailKey, thumbnail)
  await put(webKey, web!)
  return { thumbnailKey, webKey }
}

/** Room for the text fields and multipart boundaries beside the file. */

/**
 * Uploads nobody finished since `olderThan` go with their bytes: the records still `uploading`
 * (a plain form upload cut off mid-way leaves its partial file in the form folder, a tus upload
 * its parts, which the tus store removes itself), and any file of the form folder older than
 * that which no upload or check in progress names (a process stopped between writing and
 * recording). Answers how many records went.
 */
export async function sweepAbandonedUploads(deps: ServiceDeps, olderThan: Date): Promise<number> {
  const formDir = holdingDir(deps, 'form')
  const gone = await deps.db
    .delete(files)
    .where(and(eq(files.status, 'uploading'), lt(files.created, olderThan)))
    .returning({ key: files.key })
  for (const { key } of gone) await fs.promises.rm(path.join(formDir, key), { force: true })
  const names = await fs.promises.readdir(formDir).catch(() => [] as string[])
  const old: string[] = []
  for (const name of names) {
    const stat = await fs.promises.stat(path.join(formDir, name)).catch(() => null)
    if (stat?.isFile() && stat.mtime < olderThan) old.push(name)
  }
  if (old.length > 0) {
    const busy = await deps.db
      .select({ key: files.key })
      .from(files)
      .where(and(inArray(files.key, old), inArray(files.status, ['uploading', 'scanning'])))
    const keep = new Set(busy.map((row) => row.key))
    for (const name of old) if (!keep.has(name)) await fs.promises.rm(path.join(formDir, name), { force: true })
  }
  return gone.length
}

/** AppErrors made by the Remix build's copy of errors.ts are AppErrors too. */
export function isAppErrorLike(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && 'type' in error && 'status' in error)
}

/**
 * Files left `scanning` by a process that stopped or died (its lease ran out) are checked again
 * here, from the bytes wherever they are: this process's disk, or the shared store. When they are
 * nowhere, the file is quarantined as not checked. `anyLease`: the only process of its embedded
 * database, starting again, takes every one. Answers how many files it took.
 */
export async function resumeInterruptedChecks(
  deps: ServiceDeps,
  options: { anyLease: boolean } = { anyLease: false },
): Promise<number> {
  const taken = await takeOverChecks(deps, options)
  for (const row of taken) {
    const copies = [path.join(holdingDir(deps, 'tus'), row.key), path.join(holdingDir(deps, 'form'), row.key)]
    const file = copies.find((copy) => fs.existsSync(copy))
    if (file) {
      const release = async () => {
        await fs.promises.rm(file, { force: true })
        await fs.promises.rm(`${file}.json`, { force: true })
      }
      queueCheck(deps, row, { file }, release)
      continue
    }
    const blob = `${TUS_BLOB_PREFIX}${row.key}`
    const stored = await deps.blobs.get(blob)
    if (stored) {
      stored.stream.destroy()
      queueCheck(deps, row, { blob }, () => releaseStoredUpload(deps, row.key))
      continue
    }
    const done = await writeUnderLease(deps, row.key, {
      status: 'quarantined',
      scanResult: {
        verdict: 'error',
        check: 'pipeline',
        detail: 'The check was interrupted: upload the file again.',
      },
      scannedAt: new Date(),
    })
    if (done) await settle(deps, done)
  }
  return taken.length
}

/** Removes a resumable upload's objects from the shared store once its check is done. */
export async function releaseStoredUpload(deps: ServiceDeps, key: string): Promise<void> {
  const blob = `${TUS_BLOB_PREFIX}${key}`
  await Promise.all([blob, `${blob}.info`, `${blob}.part`].map((name) => deps.blobs.delete(name)))
}

/**
 * Keeps this process's file work going across a fleet: renews its leases, takes over checks
 * whose process is gone, and at `stop` hands back the checks still waiting for their turn
 * (those whose bytes are in the shared store) and waits up to `graceMs` for the running ones.
 */
export function startFileWork(deps: ServiceDeps): { stop(graceMs: number): Promise<void> } {
  const renew = setInterval(() => {
    renewLeases(deps).catch((error: unknown) => reportError(error, { msg: 'file lease renewal failure' }))
  }, RENEW_EVERY_MS)
  renew.unref()
  const takeOver = setInterval(() => {
    resumeInterruptedChecks(deps).catch((error: unknown) => reportError(error, { msg: 'file check takeover failure' }))
  }, TAKE_OVER_EVERY_MS)
  takeOver.unref()
  return {
    async stop(graceMs) {
      clearInterval(takeOver)
      const work_ = work(deps)
      work_.stopping.add(deps.db)
      const shared = [...work_.waiting]
        .filter(([, waiting]) => waiting.db === deps.db && 'blob' in waiting.held)
        .map(([key]) => key)
      await releaseLeases(deps, shared).catch((error: unknown) =>
        reportError(error, { msg: 'file lease release failure' }),
      )
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref())
      await Promise.race([pipelineSettled(deps), deadline])
      clearInterval(renew)
    },
  }
}

/** The largest object S3 copies in one request. */
const MAX_COPY_BYTES = 5 * 1024 ** 3

/** How often a process looks for checks another process left. */
const TAKE_OVER_EVERY_MS = 10_000

/** How often `fileChecked` looks at the file again. */
const CHECK_POLL_MS = 100

/**
 * Waits for one file's check to end (available or quarantined), at most `timeoutMs`, and answers
 * its row as it then is: a page without JavaScript sends its message once the file is known clean.
 * It reads the row, so it holds whichever process runs the check.
 */
export async function fileChecked(deps: ServiceDeps, key: string, timeoutMs: number): Promise<FileRow> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const [row] = await deps.db.select().from(files).where(eq(files.key, key))
    if (!row) throw notFound('File')
    if (row.status === 'available' || row.status === 'quarantined' || Date.now() >= deadline) return row
    await new Promise((resolve) => setTimeout(resolve, CHECK_POLL_MS))
  }
}
