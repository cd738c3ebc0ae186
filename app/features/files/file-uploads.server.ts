// Before and around the bytes: who may upload for which purpose, starting and abandoning an upload,
// the file as the uploader sees it.
import {
  FILE_PURPOSE_NAMES,
  SCAN_MESSAGES,
  filePurpose,
  isFilePurpose,
  type FilePurposeName,
} from '#app/features/files/file-purposes'
import { reservationLinkOf } from './purpose-hooks.server'
import { hasAbility, requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { hit, isLimited, type RateLimitRule } from '#app/platform/rate-limit.server'
import { cleanFileName } from '#app/platform/text-rule'
import { files, type FileScanResult, type FileStatus } from '#db/schema'
import { and, eq } from 'drizzle-orm'
import { FileTooLargeError, MAX_NAME_LENGTH, maxBytesFor, type FileRow } from './file-work.server'
import type { Actor } from '#app/platform/access/actor'

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

/** What a file is called when every character of the name it came with had to go. */
export const UNNAMED_FILE = 'file'

/**
 * The name as the uploader's computer called it, without a path, and without the characters the
 * text rule keeps out of names (controls, bidirectional controls, lone surrogate halves;
 * docs/decisions/165): the rest of the name stays, so `x\u202Efdp.exe` is kept as `xfdp.exe`.
 */
export function uploadName(value: unknown): string {
  const text = typeof value === 'string' ? value : ''
  const given = (text.split(/[\\/]/).pop() ?? '').trim()
  if (!given) throw new AppError('ValidationError', 'filename: name the file being uploaded.')
  const name = cleanFileName(given).trim() || UNNAMED_FILE
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
    throw new AppError('ValidationError', `purpose: one of ${FILE_PURPOSE_NAMES.join(', ')}.`)
  }
  if (typeof request.brand !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(request.brand)) {
    throw new AppError('ValidationError', 'brand: name the brand the file is for.')
  }
  const purpose = filePurpose(request.purpose)
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
  const linkReservation = upload.media !== undefined ? reservationLinkOf(upload.purpose) : undefined
  if (upload.media !== undefined && !linkReservation) {
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
    if (linkReservation) await linkReservation(tx, actor, upload.media, upload.brandKey, row!.key)
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
    requireBrandAbility(actor, filePurpose(row.purpose).ability, row.brandKey)
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
