// The file pipeline (docs/decisions/090–094): every upload of the portal, resumable (tus) or a
// plain form, goes through the same steps. Before any byte is accepted the uploader must hold the
// purpose's ability on the brand; once the bytes are in, the file is "being scanned": its type by
// content, its size and pixels, then the scanner; a clean file is written to the blob store with
// its thumbnail and web size, a file that fails is kept in quarantine and never served. Each
// change of status is pushed to the uploader's socket room; the status call is the fallback.
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import { and, eq, inArray, isNull, lt } from 'drizzle-orm'
import sharp from 'sharp'
import { files, type FileScanResult, type FileStatus } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { createQueue, type Queue } from '#app/platform/queue'
import { DETECT_BYTES, detectType, extensionFor } from '#app/platform/file-type'
import { detectStyleFileType } from '#app/features/atelier/style-file-types'
import { ASPECT_RATIO_MESSAGE, aspectRatioOf } from '#app/features/atelier/references'
import { thumbnailPath, THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH } from '#app/features/files/thumbnail'
import {
  FILE_PURPOSES,
  IMAGE_TYPES_WITH_THUMBNAILS,
  SCAN_MESSAGES,
  isFilePurpose,
  type FilePurpose,
  type FilePurposeName,
} from '#app/features/files/file-purposes'
import { clamdFromEnv, createScanner } from '#app/infra/file-scan.server'
import { reportError } from '#app/infra/error-reporting.server'
import { QUARANTINE_PREFIX } from '#app/infra/blob-store.server'
import { FILE_EVENTS, rooms, type FileStatusEvent } from '#realtime/protocol'
import type { Actor } from '#app/features/identity/accounts.server'
import { hasAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { ImageProcess, type Sizes } from './image-process.server'
import { linkUpload, mediaFileSettled } from '#app/features/media/media.server'
import { hit, isLimited, type RateLimitRule } from '#app/platform/rate-limit.server'

export type FileRow = typeof files.$inferSelect

/** Longest side of the web size made for images. */
export const WEB_SIZE = 1600
/** Files checked at once per process; more wait their turn (docs/decisions/093). */
export const SCAN_CONCURRENCY = 2

const MAX_NAME_LENGTH = 255

/** A ValidationError answered with 413 Payload Too Large. */
export class FileTooLargeError extends AppError {
  override readonly status = 413
  constructor(maxBytes: number) {
    super('ValidationError', `The file is too large: upload a file of at most ${formatBytes(maxBytes)}.`)
  }
}

function formatBytes(bytes: number): string {
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
export function holdingDir(deps: Pick<ServiceDeps, 'env'>, kind: 'tus' | 'form'): string {
  return path.resolve(deps.env.DATA_DIR, 'uploads', kind)
}

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
}
const WORK = Symbol.for('brand-portal.file-work')
function work(deps: Pick<ServiceDeps, 'env'>): Work {
  const holder = globalThis as { [WORK]?: Work }
  holder[WORK] ??= {
    scans: createQueue(SCAN_CONCURRENCY),
    images: createQueue(deps.env.IMAGE_WORKERS),
    imageProcess: new ImageProcess({ nice: deps.env.IMAGE_NICE, idleMs: 60_000, jobTimeoutMs: 120_000 }),
    pending: new Set(),
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

export interface UploadRequest {
  brand: unknown
  purpose: unknown
  /** Bytes announced before the upload (tus Upload-Length); unknown for a plain form. */
  size?: number
}

export interface AuthorizedUpload {
  brandKey: string
  purpose: FilePurposeName
  maxBytes: number
}

/** The name as the uploader's computer called it, without a path or control characters. */
export function uploadName(value: unknown): string {
  const text = typeof value === 'string' ? value : ''
  // eslint-disable-next-line no-control-regex
  const name = (text.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
  if (!name) throw new AppError('ValidationError', 'filename: name the file being uploaded.')
  if (name.length > MAX_NAME_LENGTH) {
    throw new AppError('ValidationError', `filename: at most ${MAX_NAME_LENGTH} characters.`)
  }
  return name
}

/**
 * Decides whether the actor may upload for this brand and purpose, before any byte is read: the
 * purpose must be known, the actor must hold its ability on the brand (an outsider gets
 * NotFound), and an announced size must be within the purpose's limit (413). An empty file does
 * not start an upload (atelier.md §4).
 */
export function authorizeUpload(
  deps: Pick<ServiceDeps, 'env'>,
  actor: Actor,
  request: UploadRequest,
): AuthorizedUpload {
  if (!isFilePurpose(request.purpose)) {
    throw new AppError('ValidationError', `purpose: one of ${Object.keys(FILE_PURPOSES).join(', ')}.`)
  }
  if (typeof request.brand !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(request.brand)) {
    throw new AppError('ValidationError', 'brand: name the brand the file is for.')
  }
  const purpose = FILE_PURPOSES[request.purpose]
  requireBrandAbility(actor, purpose.ability, request.brand)
  const maxBytes = maxBytesFor(deps, purpose)
  if (request.size !== undefined && request.size > maxBytes) throw new FileTooLargeError(maxBytes)
  if (request.size === 0) throw new AppError('ValidationError', EMPTY_FILE_MESSAGE)
  return { brandKey: request.brand, purpose: request.purpose, maxBytes }
}

/** Uploads one account may start in ten minutes: three batches of 200 product photos. */
export const FILE_UPLOAD_LIMIT: RateLimitRule = { limit: 600, windowMs: 10 * 60_000 }
export const TOO_MANY_FILES_MESSAGE = 'You have uploaded many files in a short time: try again in a few minutes.'

export const EMPTY_FILE_MESSAGE = 'The file is empty: choose a file with something in it.'
export const NO_FILE_MESSAGE = 'Choose a file to upload.'

/** Records an upload that is about to start (status `uploading`). */
export async function beginUpload(
  deps: ServiceDeps,
  actor: Actor,
  upload: AuthorizedUpload & { name: string; key?: string; size?: number; media?: unknown },
): Promise<FileRow> {
  if (upload.media !== undefined && upload.purpose !== 'listing-media') {
    throw new AppError('ValidationError', 'media: only product photos carry a media key.')
  }
  // Per account, shared by every process: a studio's batches pass, a runaway script does not.
  const bucket = `files:${actor.key}`
  if (await isLimited(deps, bucket, FILE_UPLOAD_LIMIT)) throw new AppError('RateLimited', TOO_MANY_FILES_MESSAGE)
  await hit(deps, bucket, FILE_UPLOAD_LIMIT)
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(files)
      .values({
        key: upload.key ?? newKey(),
        brandKey: upload.brandKey,
        purpose: upload.purpose,
        originalName: upload.name,
        size: upload.size ?? 0,
        status: 'uploading',
        uploadedBy: actor.key,
      })
      .returning()
    // A product photo reserved by the batch preflight: the upload carries its bytes.
    if (upload.media !== undefined) await linkUpload(tx, actor, upload.media, upload.brandKey, row!.key)
    return row!
  })
}

/**
 * The upload the actor is sending, to go on with it (tus PATCH, HEAD, DELETE): only its uploader,
 * still holding the ability, and only while it is uploading. Anything else reads as not found.
 */
export async function requireOwnUpload(deps: ServiceDeps, actor: Actor, key: string): Promise<FileRow> {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.uploadedBy, actor.key)))
  if (!row || !isFilePurpose(row.purpose)) throw notFound('Upload')
  try {
    requireBrandAbility(actor, FILE_PURPOSES[row.purpose].ability, row.brandKey)
  } catch {
    throw notFound('Upload')
  }
  // An ended upload cannot go on: tus clients start a new one when told it is not there.
  if (row.status !== 'uploading') throw notFound('Upload')
  return row
}

/** An upload abandoned by its uploader (tus DELETE): its record goes, its bytes are gone already. */
export async function abandonUpload(deps: ServiceDeps, key: string): Promise<void> {
  await deps.db.delete(files).where(and(eq(files.key, key), eq(files.status, 'uploading')))
}

export interface FileView {
  key: string
  KIND: 'File'
  brand: string
  purpose: string
  name: string
  size: number
  content_type: string | null
  status: FileStatus
  /** What the uploader is told (atelier.md §4), null while uploading. */
  message: string | null
  scan_result: FileScanResult | null
  width: number | null
  height: number | null
  /** Signed addresses, only once the file is available. */
  urls: { original: string; thumbnail: string | null; web: string | null } | null
  /** The blob keys a listing's media item points at (assets.image.path). */
  path: string | null
  created: number
  modified: number
}

export function statusMessage(status: FileStatus): string | null {
  return status === 'uploading' ? null : SCAN_MESSAGES[status]
}

export function toFileView(deps: Pick<ServiceDeps, 'blobs'>, row: FileRow): FileView {
  const available = row.status === 'available' && row.originalKey
  return {
    key: row.key,
    KIND: 'File',
    brand: row.brandKey,
    purpose: row.purpose,
    name: row.originalName,
    size: row.size,
    content_type: row.contentType,
    status: row.status,
    message: statusMessage(row.status),
    scan_result: row.scanResult,
    width: row.width,
    height: row.height,
    urls: available
      ? {
          original: deps.blobs.signedUrl(row.originalKey!),
          thumbnail: row.thumbnailKey ? deps.blobs.signedUrl(row.thumbnailKey) : null,
          web: row.webKey ? deps.blobs.signedUrl(row.webKey) : null,
        }
      : null,
    path: available ? row.originalKey : null,
    created: Math.floor(row.created.getTime() / 1000),
    modified: Math.floor(row.modified.getTime() / 1000),
  }
}

/**
 * One file and its status (the 2000 ms re-check of atelier.md §4). Its uploader may always read
 * it; other members of the brand only a product photo (with `listing.view`). Others: NotFound.
 */
export async function getFile(deps: ServiceDeps, actor: Actor, key: string): Promise<FileView> {
  const [row] = await deps.db.select().from(files).where(eq(files.key, key))
  if (!row) throw notFound('File')
  const own = row.uploadedBy === actor.key
  const mayView = own
    ? await hasAbility(deps, actor, 'brand.view', { model: 'Brand', key: row.brandKey })
    : row.purpose === 'listing-media' &&
      (await hasAbility(deps, actor, 'listing.view', { model: 'Brand', key: row.brandKey }))
  if (!mayView) throw notFound('File')
  return toFileView(deps, row)
}

/**
 * A file has its final status: a product photo takes its place first (app/features/media/media.server.ts),
 * so whoever hears "available" finds it where it belongs.
 */
async function settle(deps: ServiceDeps, row: FileRow): Promise<void> {
  if (row.purpose === 'listing-media') {
    await mediaFileSettled(deps, row).catch((error: unknown) =>
      reportError(error, { msg: 'media placement failure', file: row.key }),
    )
  }
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

async function update(deps: ServiceDeps, key: string, values: Partial<FileRow>): Promise<FileRow> {
  const [row] = await deps.db
    .update(files)
    .set({ ...values, modified: new Date() })
    .where(eq(files.key, key))
    .returning()
  if (!row) throw notFound('File')
  return row
}

/**
 * The upload's bytes are all in (`file`, on local disk): the file is now being scanned. The checks
 * run in the background, in the bounded queue; `release` removes the local file afterwards.
 * Returns the record as it is now (status `scanning`).
 */
export async function finishUpload(
  deps: ServiceDeps,
  key: string,
  file: string,
  release: () => Promise<void>,
): Promise<FileRow> {
  const { size } = await fs.promises.stat(file)
  const row = await update(deps, key, { status: 'scanning', size })
  publishStatus(deps, row)
  const { scans, pending } = work(deps)
  const job = scans
    .run(() => checkFile(deps, row, file))
    .catch((error: unknown) => reportError(error, { msg: 'file pipeline failure', file: key }))
    .finally(() => release().catch(() => undefined))
  const tracked = job.finally(() => pending.delete(tracked))
  pending.add(tracked)
  return row
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
  const purpose: FilePurpose = FILE_PURPOSES[row.purpose as FilePurposeName]
  const head = await readHead(file)
  const type = purpose.byName ? detectStyleFileType(head, row.originalName) : detectType(head)
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
  if (purpose.aspectRatios && !aspectRatioOf(width, height)) {
    return { type, width, height, result: refused('aspect', ASPECT_RATIO_MESSAGE) }
  }
  return { type, width, height, result: null }
}

async function checkFile(deps: ServiceDeps, row: FileRow, file: string): Promise<void> {
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
    const stored = await storeClean(deps, row, file, checked.type!)
    const done = await update(deps, row.key, {
      ...dimensions,
      ...stored,
      status: 'available',
      scanResult: result,
      scannedAt: new Date(),
    })
    await settle(deps, done)
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
  const done = await update(deps, row.key, {
    ...dimensions,
    status: 'quarantined',
    scanResult: result,
    originalKey: kept,
    thumbnailKey: null,
    webKey: null,
    scannedAt: new Date(),
  })
  await settle(deps, done)
}

/** Writes a clean file to the blob store, with its 300 × 400 thumbnail and web size for images. */
async function storeClean(
  deps: ServiceDeps,
  row: FileRow,
  file: string,
  type: string,
): Promise<Pick<FileRow, 'originalKey' | 'thumbnailKey' | 'webKey'>> {
  const purpose: FilePurpose = FILE_PURPOSES[row.purpose as FilePurposeName]
  const originalKey = `brands/${row.brandKey}/${purpose.folder ?? 'files'}/${row.key}.${extensionFor(type)}`
  let sizes: { thumbnailKey: string; webKey: string } | null = null
  if (purpose.images && IMAGE_TYPES_WITH_THUMBNAILS.includes(type)) {
    sizes = await makeSizes(deps, file, originalKey, type)
  }
  // Last, so a file is never half there: the original is written once its sizes are.
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
const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * A plain multipart form with one `file` field (the path without JavaScript). The target is
 * authorized before the body is read; the file streams to local disk, counted as it arrives (413
 * past the limit, whatever Content-Length said), and then goes through the same pipeline as a
 * resumable upload. Returns the file, now being scanned.
 */
export async function receiveFormUpload(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brand: unknown; purpose: unknown; media?: unknown },
): Promise<FileView> {
  const authorized = authorizeUpload(deps, actor, target)
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('ValidationError', 'Send the file as multipart/form-data with a "file" field.')
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > authorized.maxBytes + FORM_OVERHEAD_BYTES) throw new FileTooLargeError(authorized.maxBytes)
  const dir = holdingDir(deps, 'form')
  await fs.promises.mkdir(dir, { recursive: true })
  let received: { row: FileRow; file: string } | null = null
  let failure: unknown = null
  const textFields = unstable_createMemoryUploadHandler({ maxPartSize: FORM_OVERHEAD_BYTES })
  const handler: UploadHandler = async (part) => {
    if (typeof part.filename !== 'string') return textFields(part)
    // Only the first `file` part is kept; other file parts are read past.
    if (part.name !== 'file' || received || failure) {
      for await (const _chunk of part.data) void _chunk
      return undefined
    }
    try {
      if (part.filename === '') {
        for await (const _chunk of part.data) void _chunk
        return undefined
      }
      const name = uploadName(part.filename)
      const row = await beginUpload(deps, actor, { ...authorized, name, media: target.media })
      const file = path.join(dir, row.key)
      received = { row, file }
      await writeLimitedPart(part.data, file, authorized.maxBytes)
    } catch (error) {
      failure = error
    }
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    failure ??= error
  }
  const got = received as { row: FileRow; file: string } | null
  if (failure || !got) {
    if (got) {
      await fs.promises.rm(got.file, { force: true })
      await abandonUpload(deps, got.row.key)
    }
    if (!failure) throw new AppError('ValidationError', NO_FILE_MESSAGE)
    if (isAppErrorLike(failure)) throw failure
    if (failure instanceof MaxPartSizeExceededError) throw new AppError('ValidationError', 'A form field is too long.')
    throw new AppError('ValidationError', 'The upload could not be read. Try again.')
  }
  const row = await finishUpload(deps, got.row.key, got.file, () => fs.promises.rm(got.file, { force: true }))
  return toFileView(deps, row)
}

/** What a form's file part is to carry, decided before its bytes are read. */
export interface PreparedPart {
  /** The reserved product photo the file carries (as the `media` tus metadata does). */
  media?: string
  /** Undoes the preparation when the file is refused after all (empty, too large, unreadable). */
  release?: () => Promise<void>
}

/** One file of a multi-file form: its upload, now being scanned, or why it was refused. */
export type FormFileOutcome = { name: string; file: FileView } | { name: string; error: string }

/**
 * A plain multipart form with several `file` parts (the media upload page without JavaScript;
 * docs/decisions/097).
 * Authorized once before the body is read, like receiveFormUpload; then each file part in turn:
 * `prepare` sees its name and the text fields sent before it (an AppError refuses that file
 * alone; anything else, such as a refused CSRF token, stops the whole form and is thrown), its
 * bytes stream to local disk counted against the purpose's limit, and it goes through the same
 * pipeline. A file past the limit is read through and refused on its own, so the others still
 * count. Past `maxFiles` file parts, the rest are read through and only counted (`leftOut`).
 */
export async function receiveFormUploads(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brand: unknown; purpose: unknown },
  options: { maxFiles: number; prepare?: (name: string, fields: FormData) => Promise<PreparedPart> },
): Promise<{ files: FormFileOutcome[]; leftOut: number; fields: FormData }> {
  const authorized = authorizeUpload(deps, actor, target)
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('ValidationError', 'Send the files as multipart/form-data with "file" fields.')
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  const bound = options.maxFiles * (authorized.maxBytes + FORM_OVERHEAD_BYTES)
  if (declared > bound) throw new FileTooLargeError(authorized.maxBytes)
  const dir = holdingDir(deps, 'form')
  await fs.promises.mkdir(dir, { recursive: true })
  const fields = new FormData()
  const outcomes: FormFileOutcome[] = []
  const started: { row: FileRow; file: string; release?: () => Promise<void> }[] = []
  let leftOut = 0
  let stop: unknown = null
  let fieldBytes = 0

  const handler: UploadHandler = async (part) => {
    const source = part.data[Symbol.asyncIterator]()
    const drain = async () => {
      for (let next = await source.next(); !next.done; next = await source.next()) void next
    }
    if (typeof part.filename !== 'string') {
      const chunks: Uint8Array[] = []
      for (let next = await source.next(); !next.done; next = await source.next()) {
        fieldBytes += next.value.byteLength
        if (fieldBytes > FORM_OVERHEAD_BYTES) {
          stop ??= new AppError('ValidationError', 'A form field is too long.')
          await drain()
          return undefined
        }
        chunks.push(next.value)
      }
      fields.append(part.name, Buffer.concat(chunks).toString('utf8'))
      return undefined
    }
    // Not a file of ours, an empty file input, or past the point where the form was refused.
    if (part.name !== 'file' || part.filename === '' || stop) {
      await drain()
      return undefined
    }
    if (outcomes.length >= options.maxFiles) {
      leftOut++
      await drain()
      return undefined
    }
    let name = part.filename
    let prepared: PreparedPart = {}
    let row: FileRow | null = null
    const file = () => path.join(dir, row!.key)
    try {
      name = uploadName(part.filename)
      if (options.prepare) prepared = await options.prepare(name, fields)
      row = await beginUpload(deps, actor, { ...authorized, name, media: prepared.media })
      let size = 0
      let tooLarge = false
      // Read by hand so a refused file can still be read through to the next part.
      const counted = Readable.from(
        (async function* () {
          for (let next = await source.next(); !next.done; next = await source.next()) {
            size += next.value.byteLength
            if (size > authorized.maxBytes) tooLarge = true
            if (!tooLarge) yield next.value
          }
        })(),
      )
      await pipeline(counted, fs.createWriteStream(file()))
      if (tooLarge) throw new FileTooLargeError(authorized.maxBytes)
      if (size === 0) throw new AppError('ValidationError', EMPTY_FILE_MESSAGE)
      started.push({ row, file: file(), release: prepared.release })
      outcomes.push({ name, file: toFileView(deps, row) })
    } catch (error) {
      if (row) {
        await fs.promises.rm(file(), { force: true })
        await abandonUpload(deps, row.key)
      }
      await prepared.release?.().catch(() => undefined)
      await drain().catch(() => undefined)
      if (isAppErrorLike(error)) outcomes.push({ name, error: error.message })
      else stop ??= error
    }
    return undefined
  }
  try {
    await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    stop ??= error
  }
  if (stop) {
    // Nothing of a refused form goes on: files read before the refusal are dropped too.
    for (const got of started) {
      await fs.promises.rm(got.file, { force: true })
      await abandonUpload(deps, got.row.key)
      await got.release?.().catch(() => undefined)
    }
    if (stop instanceof Response || isAppErrorLike(stop)) throw stop
    if (stop instanceof MaxPartSizeExceededError) throw new AppError('ValidationError', 'A form field is too long.')
    throw new AppError('ValidationError', 'The upload could not be read. Try again.')
  }
  // Only now: a file is scanned once the whole form has been accepted.
  const byKey = new Map<string, FileView>()
  for (const got of started) {
    const row = await finishUpload(deps, got.row.key, got.file, () => fs.promises.rm(got.file, { force: true }))
    byKey.set(row.key, toFileView(deps, row))
  }
  return {
    files: outcomes.map((outcome) =>
      'file' in outcome ? { name: outcome.name, file: byKey.get(outcome.file.key) ?? outcome.file } : outcome,
    ),
    leftOut,
    fields,
  }
}

/**
 * Streams one form part to `file`, counting as it arrives: past `maxBytes` it stops with 413
 * (whatever Content-Length said), and an empty part is refused.
 */
export async function writeLimitedPart(data: AsyncIterable<Uint8Array>, file: string, maxBytes: number): Promise<void> {
  let size = 0
  const counted = Readable.from(
    (async function* () {
      for await (const chunk of data) {
        size += chunk.byteLength
        if (size > maxBytes) throw new FileTooLargeError(maxBytes)
        yield chunk
      }
    })(),
  )
  await pipeline(counted, fs.createWriteStream(file))
  if (size === 0) throw new AppError('ValidationError', EMPTY_FILE_MESSAGE)
}

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
function isAppErrorLike(error: unknown): error is AppError {
  return error instanceof AppError || (error instanceof Error && 'type' in error && 'status' in error)
}

/**
 * At start: files left `scanning` by a stopped process are checked again from their local copy,
 * or quarantined as not checked when it is gone. Unfinished tus uploads stay resumable.
 */
export async function resumeInterruptedChecks(deps: ServiceDeps): Promise<number> {
  const stuck = await deps.db.select().from(files).where(eq(files.status, 'scanning'))
  for (const row of stuck) {
    const copies = [path.join(holdingDir(deps, 'tus'), row.key), path.join(holdingDir(deps, 'form'), row.key)]
    const file = copies.find((copy) => fs.existsSync(copy))
    if (file) {
      const release = async () => {
        await fs.promises.rm(file, { force: true })
        await fs.promises.rm(`${file}.json`, { force: true })
      }
      await finishUpload(deps, row.key, file, release)
    } else {
      const done = await update(deps, row.key, {
        status: 'quarantined',
        scanResult: {
          verdict: 'error',
          check: 'pipeline',
          detail: 'The check was interrupted: upload the file again.',
        },
        scannedAt: new Date(),
      })
      await settle(deps, done)
    }
  }
  return stuck.length
}

// ---------------------------------------------------------------------------------------------
// Chat attachments: a chat message carries a file its sender uploaded for chat, once available.

/**
 * The file a message is about to carry: the sender's own chat upload, available (scanned clean)
 * and not yet sent with another message. Anything else is refused before the message is stored.
 */
export async function requireAttachable(deps: ServiceDeps, actor: Actor, key: string): Promise<FileRow> {
  const [row] = await deps.db
    .select()
    .from(files)
    .where(and(eq(files.key, key), eq(files.uploadedBy, actor.key)))
  if (!row || row.purpose !== 'chat-attachment') throw notFound('File')
  if (row.status !== 'available') {
    throw new AppError(
      'ValidationError',
      row.status === 'quarantined'
        ? `attachment: ${SCAN_MESSAGES.quarantined}`
        : 'attachment: the file is still being uploaded or scanned.',
    )
  }
  if (row.messageKey) throw new AppError('ValidationError', 'attachment: this file was sent already.')
  return row
}

/** Marks the file as carried by the message; false when another message took it meanwhile. */
export async function attachToMessage(deps: ServiceDeps, fileKey: string, messageKey: string): Promise<FileRow | null> {
  const [row] = await deps.db
    .update(files)
    .set({ messageKey, modified: new Date() })
    .where(and(eq(files.key, fileKey), isNull(files.messageKey)))
    .returning()
  return row ?? null
}

/** The files carried by these messages, by message key. */
export async function attachmentsOf(deps: ServiceDeps, messageKeys: string[]): Promise<Map<string, FileRow>> {
  if (messageKeys.length === 0) return new Map()
  const rows = await deps.db.select().from(files).where(inArray(files.messageKey, messageKeys))
  return new Map(rows.map((row) => [row.messageKey!, row]))
}

/** What a message shows of its attachment (atelier.md §3 Message), with signed addresses. */
export interface AttachmentFields {
  attachment_type: string
  attachment_name: string
  assetMetadata: { size: number }
  assetUrl: string
  assets: { original: string; thumbnail: string | null; web: string | null }
}

export function attachmentFields(deps: Pick<ServiceDeps, 'blobs'>, row: FileRow): AttachmentFields | null {
  // Only a clean file is ever attached; a row that is not (any more) shows nothing.
  const view = toFileView(deps, row)
  if (!view.urls) return null
  return {
    attachment_type: row.contentType ?? 'application/octet-stream',
    attachment_name: row.originalName,
    assetMetadata: { size: row.size },
    assetUrl: view.urls.original,
    assets: view.urls,
  }
}

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
