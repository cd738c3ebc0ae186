// Uploading samples: new samples, a new version of one, and the poster of a 3D sample.
import { carryFeedbackOver } from './review/review-changes.server'
import { keyField } from '#app/features/atelier/index.server'
import { SAMPLES_STEP } from '#app/features/atelier'
import { uploadStyleFiles } from '#app/features/atelier/index.server'
import { holdingDir, makeSizes } from '#app/features/files/index.server'
import { NO_IMAGE_MESSAGE } from '#app/features/files/index.server'
import type { StoredUpload } from '#app/features/files/index.server'
import { storedShape } from '#app/features/samples/markup/shapes'
import { sampleFormat } from '#app/features/samples/sample-formats'
import { SAMPLE_ASSET_TYPE, SAMPLE_TEXTS } from '#app/features/atelier'
import { carriedOver } from '#app/features/samples/sample-versions'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { changeDocument } from '#app/platform/yjs-documents.server'
import { files, references } from '#db/schema'
import { and, desc, eq, isNull, ne, or } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { MARKUP_SHAPES, markupDocName, storedMarkup } from './markup.server'
import { loadSample, sampleOf, sampleRef } from './sample-reading.server'
import { announceSampleChange } from './sample-live.server'
import type { Actor } from '#app/platform/access/actor'

/** New samples from a multipart form (the file pipeline, purpose 'style-file'), status In Progress. */
export async function uploadSamples(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brandKey: string; styleKey: string },
  options: Parameters<typeof uploadStyleFiles>[4] = {},
) {
  const result = await uploadStyleFiles(
    deps,
    actor,
    request,
    { style: target.styleKey, brand: target.brandKey, model: 'Style', asset_type: SAMPLE_ASSET_TYPE },
    options,
  )
  // A new version is told as one by uploadSampleVersion.
  if (!options.withinCreate) {
    for (const made of result.references) {
      announceSampleChange(deps, actor, { style: target.styleKey, sample: made.key, change: 'added', name: made.name })
    }
  }
  return result
}

/**
 * A new version of a sample (one file through the file pipeline): the old version stays, the new
 * one takes the next number of the series and starts with the markup of the newest version so far,
 * every mark flagged "needs re-check" (decision 139). Those who may manage the style's files only.
 */
export async function uploadSampleVersion(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brandKey: string; styleKey: string; sampleKey: unknown },
  options: Pick<NonNullable<Parameters<typeof uploadStyleFiles>[4]>, 'prepare'> = {},
) {
  const sampleKey = keyField(target.sampleKey, 'sample')
  await requireAbility(deps, actor, 'asset.manage', sampleRef(sampleKey))
  const found = await loadSample(deps, sampleKey, { styleKey: target.styleKey, brandKey: target.brandKey })
  const seriesKey = found.references.sampleSeries ?? found.references.key
  // Numbered in the transaction that creates the reference: a crash can't leave it outside its series.
  let numbered: { version: number; carriedFrom: string } | null = null
  const result = await uploadSamples(
    deps,
    actor,
    request,
    { brandKey: target.brandKey, styleKey: target.styleKey },
    {
      ...options,
      maxFiles: 1,
      withinCreate: async (tx, row) => {
        // The series' first version is locked so two uploads at once can't take the same number.
        await tx.select({ key: references.key }).from(references).where(eq(references.key, seriesKey)).for('update')
        const [newest] = await tx
          .select({ key: references.key, version: references.sampleVersion })
          .from(references)
          .where(
            and(
              or(eq(references.key, seriesKey), eq(references.sampleSeries, seriesKey)),
              ne(references.key, row.key),
              eq(references.step, SAMPLES_STEP),
            ),
          )
          .orderBy(desc(references.sampleVersion))
          .limit(1)
        const next = (newest?.version ?? 0) + 1
        const [updated] = await tx
          .update(references)
          .set({ sampleSeries: seriesKey, sampleVersion: next })
          .where(eq(references.key, row.key))
          .returning()
        numbered = { version: next, carriedFrom: newest?.key ?? sampleKey }
        return updated!
      },
    },
  )
  // The version is stored: the notice below says so as of now.
  const stored = new Date()
  const made = result.references[0]
  if (!made || !numbered) return { ...result, version: null }
  const { version, carriedFrom } = numbered as { version: number; carriedFrom: string }
  // The people looking are told first: the new version's marks arrive on its page live, as
  // they are written below (a series with thousands of marks takes a while to carry over).
  const recheck = await carryFeedbackOver(deps, actor, seriesKey, made.key)
  announceSampleChange(
    deps,
    actor,
    {
      style: target.styleKey,
      sample: made.key,
      change: 'version',
      name: made.name,
      series: seriesKey,
      version,
    },
    stored,
  )
  const shapes = carriedOver(await storedMarkup(deps, target.brandKey, carriedFrom))
  if (shapes.length > 0) {
    await changeDocument(deps, markupDocName(target.brandKey, made.key), target.brandKey, (doc) => {
      const map = doc.getMap<unknown>(MARKUP_SHAPES)
      doc.transact(() => {
        for (const shape of shapes) map.set(shape.id, storedShape(shape))
      })
      return shapes.length
    })
  }
  return {
    ...result,
    version: {
      key: made.key,
      number: version,
      carried: shapes.length,
      recheck,
      message: SAMPLE_TEXTS.versionAdded(version, shapes.length),
    },
  }
}

export const POSTER_TEXTS = {
  notViewer: 'Only a 3D sample shown in the viewer takes a still.',
  unreadable: 'The still could not be read as an image.',
}

/**
 * A still of a 3D sample, taken by the browser of someone who may manage the style's files when the
 * model first shows (decision 141): it becomes the sample's thumbnail and web size, so the rail,
 * the style page and Expand show the garment instead of a hanger. The first still is kept; a
 * sample that has one answers `saved: false` and changes nothing.
 */
export async function saveSamplePoster(
  deps: ServiceDeps,
  actor: Actor,
  target: { brandKey: string; styleKey: string; sampleKey: unknown },
  upload: StoredUpload | null,
): Promise<{ saved: boolean }> {
  const sampleKey = keyField(target.sampleKey, 'sample')
  await requireAbility(deps, actor, 'asset.manage', sampleRef(sampleKey))
  const found = await loadSample(deps, sampleKey, { styleKey: target.styleKey, brandKey: target.brandKey })
  const file = found.files
  const view = sampleOf(deps, found.references, file)
  if (!file?.originalKey || file.status !== 'available' || sampleFormat(view)?.show !== 'viewer') {
    throw new AppError('ValidationError', POSTER_TEXTS.notViewer)
  }
  if (file.thumbnailKey) return { saved: false }
  if (!upload) throw new AppError('ValidationError', NO_IMAGE_MESSAGE)
  const stored = await deps.blobs.get(upload.key)
  if (!stored) throw new AppError('ValidationError', NO_IMAGE_MESSAGE)
  // The image process reads from disk, as for every uploaded picture.
  const dir = holdingDir(deps, 'form')
  await fs.promises.mkdir(dir, { recursive: true })
  const local = path.join(dir, `poster-${randomBytes(8).toString('hex')}`)
  // Stored beside the model as `…-poster_300x400.webp` and `…-poster_1600.webp`.
  const extension = upload.contentType === 'image/jpeg' ? 'jpg' : upload.contentType.split('/')[1]
  let keys: { thumbnailKey: string; webKey: string }
  try {
    await pipeline(stored.stream, fs.createWriteStream(local))
    keys = await makeSizes(
      deps,
      local,
      `${file.originalKey.replace(/\.[^./]*$/, '')}-poster.${extension}`,
      upload.contentType,
    ).catch(() => {
      throw new AppError('ValidationError', POSTER_TEXTS.unreadable)
    })
  } finally {
    await fs.promises.rm(local, { force: true })
  }
  const { thumbnailKey, webKey } = keys
  // Two browsers may send one at once: the first to be written wins, the other's blobs go.
  const [taken] = await deps.db
    .update(files)
    .set({ thumbnailKey, webKey, modified: new Date() })
    .where(and(eq(files.key, file.key), isNull(files.thumbnailKey)))
    .returning({ key: files.key })
  if (!taken) {
    await Promise.all([thumbnailKey, webKey].map((key) => deps.blobs.delete(key).catch(() => undefined)))
    return { saved: false }
  }
  return { saved: true }
}
