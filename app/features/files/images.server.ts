// Stored images with a crop: brand images (logo, hero, login background, grid) and profile
// pictures. An upload is checked by its content (sharp reads the magic bytes and header, not the
// file name), normalised once into the "original" (upright, bounded size), and the visible image
// is cut from that original, so Reset can always go back to the whole upload
// (docs/decisions/024-image-uploads-and-crop.md).
import { defaultCrop, fitAspect, toPixelRect, type CropRect, type SlotSpec } from '#app/features/files/crop'
import { MAX_IMAGE_BYTES, NOT_AN_IMAGE_MESSAGE, type StoredUpload } from '#app/features/files/upload.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { createQueue } from '#app/platform/queue'
import { hit, isLimited, type RateLimitRule } from '#app/platform/rate-limit.server'
import type { ImageAsset } from '#db/schema'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import sharp, { type Metadata, type Sharp } from 'sharp'

/** Images of more pixels are refused before they are decoded (a small file can be a huge image). */
export const MAX_IMAGE_PIXELS = 40_000_000
/** Longest side of a stored original. */
const ORIGINAL_MAX_SIDE = 4096
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp'])

export { NOT_AN_IMAGE_MESSAGE }
export const TOO_MANY_PIXELS_MESSAGE = 'The image is too large: upload an image of at most 40 megapixels.'
export const NO_IMAGE_MESSAGE = 'Choose an image to upload.'
export const TOO_MANY_UPLOADS_MESSAGE = 'You have uploaded many images in a short time: try again in a few minutes.'

/**
 * Decoding a large image takes a core for a while: at most this many images are worked on at
 * once in a process, the others wait their turn, so uploads never starve page requests.
 */
export const IMAGE_CONCURRENCY = 2
const imageWork = createQueue(IMAGE_CONCURRENCY)

/** Image uploads per account (docs/decisions/033). */
export const UPLOAD_LIMIT: RateLimitRule = { limit: 30, windowMs: 10 * 60_000 }

/**
 * Counts one upload of the account, refusing it (RateLimited) past the limit. Called by the
 * services that take an upload, before any image is decoded.
 */
export async function countImageUpload(deps: ServiceDeps, accountKey: string): Promise<void> {
  const bucket = `upload:account:${accountKey}`
  if (await isLimited(deps, bucket, UPLOAD_LIMIT)) throw new AppError('RateLimited', TOO_MANY_UPLOADS_MESSAGE)
  await hit(deps, bucket, UPLOAD_LIMIT)
}

interface Encoded {
  data: Buffer
  contentType: string
  extension: string
  width: number
  height: number
}

async function encode(pipeline: Sharp, asPng: boolean): Promise<Encoded> {
  const output = asPng
    ? pipeline.png({ compressionLevel: 9 })
    : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 88, mozjpeg: true })
  const { data, info } = await output.toBuffer({ resolveWithObject: true })
  return {
    data,
    contentType: asPng ? 'image/png' : 'image/jpeg',
    extension: asPng ? 'png' : 'jpg',
    width: info.width,
    height: info.height,
  }
}

/** Checks an upload and turns it into the stored original: upright, at most 4096 px a side. */
export async function prepareOriginal(bytes: Buffer, spec: SlotSpec): Promise<Encoded> {
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw new AppError('ValidationError', NOT_AN_IMAGE_MESSAGE)
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) {
    throw new AppError('ValidationError', NOT_AN_IMAGE_MESSAGE)
  }
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw new AppError('ValidationError', TOO_MANY_PIXELS_MESSAGE)
  }
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    return await encode(pipeline, spec.keepTransparency && Boolean(metadata.hasAlpha))
  } catch {
    // A header that reads well over a body that does not (truncated or corrupt file).
    throw new AppError('ValidationError', NOT_AN_IMAGE_MESSAGE)
  }
}

/** Cuts the visible image out of an original. */
export async function cropOriginal(
  original: Buffer,
  rect: CropRect,
  spec: SlotSpec,
): Promise<Encoded & { crop: CropRect }> {
  const metadata = await sharp(original).metadata()
  const width = metadata.width ?? 1
  const height = metadata.height ?? 1
  const crop = fitAspect(rect, width, height, spec.aspect)
  const pipeline = sharp(original)
    .extract(toPixelRect(crop, width, height))
    .resize({ width: spec.maxSide, height: spec.maxSide, fit: 'inside', withoutEnlargement: true })
  const encoded = await encode(pipeline, spec.keepTransparency && metadata.format === 'png')
  return { ...encoded, crop }
}

/**
 * A stored blob's bytes. Only stored images are read this way (uploads at most 10 MB, originals
 * at most 4096 px a side), and only inside the image queue, so at most IMAGE_CONCURRENCY of them
 * are in memory at once: sharp needs a whole file to decode it.
 */
async function readBlob(deps: ServiceDeps, key: string): Promise<Buffer | null> {
  const blob = await deps.blobs.get(key)
  if (!blob) return null
  if (blob.info.size > MAX_IMAGE_BYTES) throw new AppError('ValidationError', NOT_AN_IMAGE_MESSAGE)
  const chunks: Buffer[] = []
  for await (const chunk of blob.stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export interface ImageChange {
  /** A new upload (Replace), as streamed into the blob store; null keeps the current original. */
  file: StoredUpload | null
  /** The crop to apply; null: the whole image (or centred for a fixed aspect) for a new upload or
   * a reset, else the crop saved before. */
  crop: CropRect | null
  /** Reset: back to the whole original. */
  reset?: boolean
}

/**
 * Stores the new original (when one was uploaded) and the cropped image under `keyPrefix`, and
 * returns the asset to save with the keys it replaces; the caller deletes those once the database
 * points at the new ones.
 */
export function storeImage(
  deps: ServiceDeps,
  keyPrefix: string,
  spec: SlotSpec,
  previous: ImageAsset | undefined,
  change: ImageChange,
): Promise<{ asset: ImageAsset & { path: string }; replaced: string[] }> {
  return imageWork.run(() => processImage(deps, keyPrefix, spec, previous, change))
}

async function processImage(
  deps: ServiceDeps,
  keyPrefix: string,
  spec: SlotSpec,
  previous: ImageAsset | undefined,
  change: ImageChange,
): Promise<{ asset: ImageAsset & { path: string }; replaced: string[] }> {
  const replaced: string[] = []
  const suffix = () => randomBytes(6).toString('hex')
  let originalKey = previous?.original ?? previous?.path
  let originalBytes: Buffer | null = null
  if (change.file) {
    const uploaded = await readBlob(deps, change.file.key)
    if (!uploaded) throw new AppError('ValidationError', NO_IMAGE_MESSAGE)
    const prepared = await prepareOriginal(uploaded, spec)
    originalKey = `${keyPrefix}-original-${suffix()}.${prepared.extension}`
    await putImage(deps, originalKey, prepared)
    originalBytes = prepared.data
    for (const key of [previous?.original, previous?.path]) if (key) replaced.push(key)
  } else if (originalKey) {
    originalBytes = await readBlob(deps, originalKey)
    if (previous?.path && previous.path !== originalKey) replaced.push(previous.path)
  }
  if (!originalKey || !originalBytes) throw new AppError('ValidationError', NO_IMAGE_MESSAGE)
  const metadata = await sharp(originalBytes).metadata()
  const keepPrevious = !change.file && !change.reset && previous?.crop
  const rect =
    change.crop ?? (keepPrevious ? previous.crop! : defaultCrop(metadata.width ?? 1, metadata.height ?? 1, spec.aspect))
  const cropped = await cropOriginal(originalBytes, rect, spec)
  const path = `${keyPrefix}-${suffix()}.${cropped.extension}`
  await putImage(deps, path, cropped)
  return { asset: { path, original: originalKey, crop: cropped.crop, progress: 1 }, replaced }
}

/** Stores an image made here (its bytes are already in memory, from sharp). */
function putImage(deps: ServiceDeps, key: string, image: Encoded) {
  return deps.blobs.put(key, Readable.from([image.data]), {
    contentType: image.contentType,
    maxBytes: image.data.length,
  })
}

/** Deletes blobs that nothing points at any more; a failure only leaves a file behind. */
export async function deleteBlobs(deps: ServiceDeps, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => deps.blobs.delete(key).catch(() => undefined)))
}

/** What the crop modal needs: the visible image, the original to crop and the saved crop. */
export function imageView(deps: ServiceDeps, asset: ImageAsset | undefined) {
  if (!asset?.path) return null
  return {
    url: deps.blobs.signedUrl(asset.path),
    originalUrl: deps.blobs.signedUrl(asset.original ?? asset.path),
    crop: asset.crop ?? null,
  }
}
export type ImageView = NonNullable<ReturnType<typeof imageView>>
