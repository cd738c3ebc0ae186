// Virtual sample review (atelier.md §2 Virtual sample review, §4 Virtual sample status, §8): a
// style's virtual samples are its references with asset_type 'virtual-sample' (decision 134).
// Members of the brand (read included) look; 'sample.review' (owner, editor) changes, and the
// status a person may pick follows their job type (app/features/samples/sample-status.ts). Every status change
// is recorded and told to the other side of the review.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { and, asc, desc, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { accounts, files, grants, references, sampleStatusChanges, yjsUpdates } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { SAMPLES_STEP } from '#app/features/atelier/references'
import {
  SAMPLE_ASSET_TYPE,
  SAMPLE_TEXTS,
  isSampleStatus,
  jobTypesToNotify,
  mayChangeStatus,
  mayLockAsFinal,
  statusesFor,
  type SampleStatus,
} from '#app/features/samples/sample-status'
import { carriedOver, newestOfEachSeries } from '#app/features/samples/sample-versions'
import { storedShape } from '#app/features/samples/markup/shapes'
import { sampleFormat } from '#app/features/samples/sample-formats'
import type { StoredUpload } from '#app/features/files/upload.server'
import { API_VERSION } from '#app/platform/access/permissions'
import type { Actor } from '#app/features/identity/accounts.server'
import { hasAbility, requireAbility, type Access } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { keyField } from '#app/features/atelier/atelier-records.server'
import { notifyAccounts } from '#app/features/notifications/notifications.server'
import { MARKUP_SHAPES, markupDocName, storedMarkup } from './markup.server'
import { changeDocument } from '#app/platform/yjs-documents.server'
import { threadMessageCounts } from '#app/features/chat/chat.server'
import { markupPinThreadKey } from '#app/features/chat/schemas'
import { holdingDir, makeSizes } from '#app/features/files/files.server'
import { NO_IMAGE_MESSAGE } from '#app/features/files/images.server'
import {
  cloneAsFinal,
  deleteReference,
  renameReference,
  toReferenceView,
  uploadStyleFiles,
  type ReferenceView,
} from '#app/features/atelier/references.server'
import { getWizardStyle } from '#app/features/atelier/styles.server'

export type SampleView = ReferenceView & {
  sample_status: SampleStatus
  /** The key of the series' first version (its own key on a first version), and this one's number. */
  series: string
  version: number
}

export interface StatusChangeView {
  key: string
  who: string | null
  from: SampleStatus
  to: SampleStatus
  when: number
}

const sampleRef = (key: string) => ({ model: 'Reference', key })

function asSample(view: ReferenceView, row: typeof references.$inferSelect): SampleView {
  return {
    ...view,
    sample_status: isSampleStatus(row.sampleStatus) ? row.sampleStatus : 'In Progress',
    series: row.sampleSeries ?? row.key,
    version: row.sampleVersion,
  }
}

const sampleOf = (deps: ServiceDeps, row: typeof references.$inferSelect, file: typeof files.$inferSelect | null) =>
  asSample(toReferenceView(deps, row, file), row)

/**
 * The style's samples one may see (files available, not archived), newest first; `series` narrows
 * them to the versions of one series.
 */
async function availableSamples(deps: ServiceDeps, styleKey: string, series?: string): Promise<SampleView[]> {
  const rows = await deps.db
    .select()
    .from(references)
    .innerJoin(files, eq(files.key, references.fileKey))
    .where(
      and(
        eq(references.styleKey, styleKey),
        eq(references.step, SAMPLES_STEP),
        series === undefined ? undefined : or(eq(references.key, series), eq(references.sampleSeries, series)),
        eq(references.archived, false),
        eq(files.status, 'available'),
      ),
    )
    .orderBy(desc(references.created), asc(references.key))
  return rows.map((row) => sampleOf(deps, row.references, row.files))
}

/** The style's samples, each series by its newest version. */
async function samplesOf(deps: ServiceDeps, styleKey: string): Promise<SampleView[]> {
  return newestOfEachSeries(await availableSamples(deps, styleKey))
}

/** Every version of a sample's series one may see, first version first. */
async function versionsOf(deps: ServiceDeps, styleKey: string, seriesKey: string): Promise<SampleView[]> {
  const versions = await availableSamples(deps, styleKey, seriesKey)
  return versions.sort((a, b) => a.version - b.version || a.created - b.created)
}

/** The style's reference images (Additional References and Final Files), for the carousel. */
async function referenceImagesOf(deps: ServiceDeps, styleKey: string): Promise<ReferenceView[]> {
  const rows = await deps.db
    .select()
    .from(references)
    .innerJoin(files, eq(files.key, references.fileKey))
    .where(
      and(
        eq(references.styleKey, styleKey),
        or(eq(references.step, 'references'), eq(references.step, 'final')),
        eq(references.type, 'image'),
        eq(references.archived, false),
        eq(files.status, 'available'),
      ),
    )
    .orderBy(asc(references.position), desc(references.created), asc(references.key))
  return rows.map((row) => toReferenceView(deps, row.references, row.files))
}

/** A sample of this style and brand, or NotFound (another style's key, a plain reference, another brand). */
async function loadSample(deps: ServiceDeps, key: string, where: { styleKey?: string; brandKey?: string } = {}) {
  const [row] = await deps.db
    .select()
    .from(references)
    .leftJoin(files, eq(files.key, references.fileKey))
    .where(and(eq(references.key, key), eq(references.step, SAMPLES_STEP)))
  if (
    !row ||
    // A file refused by the scan is never shown (as for every reference).
    row.files?.status === 'quarantined' ||
    (where.styleKey !== undefined && row.references.styleKey !== where.styleKey) ||
    (where.brandKey !== undefined && row.references.brandKey !== where.brandKey)
  ) {
    throw notFound('Virtual sample')
  }
  return row
}

/** The style summary's slideshow: its samples. */
export async function listSamples(deps: ServiceDeps, actor: Actor, styleKey: string): Promise<SampleView[]> {
  await requireAbility(deps, actor, 'listing.view', { model: 'Style', key: styleKey })
  return samplesOf(deps, styleKey)
}

async function reviewer(deps: ServiceDeps, actor: Actor, sampleKey: string) {
  const mayReview = await hasAbility(deps, actor, 'sample.review', sampleRef(sampleKey))
  const access = await requireAbility(deps, actor, 'listing.view', sampleRef(sampleKey))
  return { jobType: actor.jobType, ownerAccess: access.grant === 'owner', mayReview, access }
}

/** Everything the review page shows for one sample of a style. */
export async function getSampleReview(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  styleKey: string,
  sampleKeyValue: unknown,
) {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  const header = await getWizardStyle(deps, actor, brandKey, styleKey)
  const found = await loadSample(deps, sampleKey, { styleKey, brandKey })
  const person = await reviewer(deps, actor, sampleKey)
  const sample = sampleOf(deps, found.references, found.files)
  const [samples, referenceImages, history, versions] = await Promise.all([
    samplesOf(deps, styleKey),
    referenceImagesOf(deps, styleKey),
    statusHistory(deps, sampleKey),
    versionsOf(deps, styleKey, sample.series),
  ])
  return {
    style: header.style,
    sample,
    samples,
    versions,
    referenceImages,
    history,
    statusOptions: statusesFor(person),
    mayLockAsFinal: mayLockAsFinal(person, sample.sample_status, API_VERSION),
    canEdit: header.canEdit,
    canReview: person.mayReview,
  }
}

async function statusHistory(deps: ServiceDeps, sampleKey: string): Promise<StatusChangeView[]> {
  const rows = await deps.db
    .select({ change: sampleStatusChanges, who: accounts.name })
    .from(sampleStatusChanges)
    .leftJoin(accounts, eq(accounts.key, sampleStatusChanges.accountKey))
    .where(eq(sampleStatusChanges.referenceKey, sampleKey))
    .orderBy(desc(sampleStatusChanges.created), desc(sampleStatusChanges.key))
    .limit(50)
  return rows.map(({ change, who }) => ({
    key: change.key,
    who,
    from: change.fromStatus as SampleStatus,
    to: change.toStatus as SampleStatus,
    when: Math.floor(change.created.getTime() / 1000),
  }))
}

/**
 * Sets a sample's status if the actor's job type (or owner access) allows it; records who, when,
 * from and to in the same transaction, then tells the other side of the review.
 */
export async function setSampleStatus(
  deps: ServiceDeps,
  actor: Actor,
  sampleKeyValue: unknown,
  statusValue: unknown,
): Promise<{ sample: SampleView; message: string; changed: boolean }> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  if (!isSampleStatus(statusValue)) {
    throw new AppError(
      'ValidationError',
      'status: one of Asset Uploaded, In Progress, Ready for Review, Declined, Approved, Final.',
    )
  }
  const access = await requireAbility(deps, actor, 'sample.review', sampleRef(sampleKey))
  await loadSample(deps, sampleKey)
  const person = { jobType: actor.jobType, ownerAccess: access.grant === 'owner', mayReview: true }
  const changed = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(references).where(eq(references.key, sampleKey)).for('update')
    if (!current) throw notFound('Virtual sample')
    const from: SampleStatus = isSampleStatus(current.sampleStatus) ? current.sampleStatus : 'In Progress'
    if (from === statusValue) return { row: current, to: null }
    if (!mayChangeStatus(person, from, statusValue)) {
      throw new AppError('PermissionError', SAMPLE_TEXTS.notAllowed(statusValue))
    }
    const [row] = await tx
      .update(references)
      .set({ sampleStatus: statusValue, modified: new Date() })
      .where(eq(references.key, sampleKey))
      .returning()
    await tx.insert(sampleStatusChanges).values({
      key: newKey(),
      brandKey: current.brandKey,
      referenceKey: sampleKey,
      accountKey: actor.key,
      fromStatus: from,
      toStatus: statusValue,
    })
    return { row: row!, to: statusValue }
  })
  if (changed.to) await tellTheOtherSide(deps, actor, access, changed.row, changed.to)
  const [file] = changed.row.fileKey ? await deps.db.select().from(files).where(eq(files.key, changed.row.fileKey)) : []
  return {
    sample: sampleOf(deps, changed.row, file ?? null),
    message: SAMPLE_TEXTS.statusSaved,
    // False when it already had that status (another request set it first).
    changed: changed.to !== null,
  }
}

/** Accounts of the other job type holding a grant on the sample's brand, line, collection or style. */
async function tellTheOtherSide(
  deps: ServiceDeps,
  actor: Actor,
  access: Access,
  row: typeof references.$inferSelect,
  status: SampleStatus,
): Promise<void> {
  const chain = access.chain
  if (chain.length === 0 || !row.styleKey) return
  const found = await deps.db
    .selectDistinct({ key: accounts.key })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(
        or(...chain.map((ref) => and(eq(grants.model, ref.model), eq(grants.modelId, ref.key)))),
        inArray(accounts.jobType, jobTypesToNotify(actor.jobType)),
        eq(accounts.active, true),
        ne(accounts.key, actor.key),
      ),
    )
  await notifyAccounts(deps, {
    actor,
    accountKeys: found.map((account) => account.key),
    brandKey: row.brandKey,
    action: `set ${status} on the virtual sample`,
    targetKind: 'Reference',
    targetId: row.key,
    segments: [{ text: row.name, url: `/brand/${row.brandKey}/style/${row.styleKey}/samples/${row.key}` }],
  })
}

/** Lock as Final (style version 3, not Final yet): status Final, and a clone in Final Files. */
export async function lockSampleAsFinal(
  deps: ServiceDeps,
  actor: Actor,
  sampleKeyValue: unknown,
): Promise<{ message: string }> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  const access = await requireAbility(deps, actor, 'sample.review', sampleRef(sampleKey))
  const found = await loadSample(deps, sampleKey)
  const current: SampleStatus = isSampleStatus(found.references.sampleStatus)
    ? found.references.sampleStatus
    : 'In Progress'
  const person = { jobType: actor.jobType, ownerAccess: access.grant === 'owner', mayReview: true }
  if (current === 'Final') throw new AppError('ValidationError', SAMPLE_TEXTS.alreadyFinal)
  // Checked before the status changes: the clone needs the file, and a half-done lock would leave
  // a Final sample with nothing in Final Files.
  if (found.files?.status !== 'available') {
    throw new AppError('ValidationError', 'The file is not available yet: it is still being uploaded or scanned.')
  }
  if (!mayLockAsFinal(person, current, API_VERSION))
    throw new AppError('PermissionError', SAMPLE_TEXTS.notAllowed('Final'))
  // The status changes under a row lock: of two locks at the same moment, one makes the change and
  // the clone, the other finds the sample Final already.
  const { changed } = await setSampleStatus(deps, actor, sampleKey, 'Final')
  if (!changed) throw new AppError('ValidationError', SAMPLE_TEXTS.alreadyFinal)
  await cloneAsFinal(deps, actor, { reference: sampleKey })
  return { message: SAMPLE_TEXTS.final(found.references.name) }
}

export async function deleteSample(
  deps: ServiceDeps,
  actor: Actor,
  sampleKeyValue: unknown,
): Promise<{ message: string }> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  await requireAbility(deps, actor, 'asset.manage', sampleRef(sampleKey))
  const found = await loadSample(deps, sampleKey)
  await deleteReference(deps, actor, sampleKey)
  // Its markup goes with it.
  await deps.db.delete(yjsUpdates).where(eq(yjsUpdates.docName, markupDocName(found.references.brandKey, sampleKey)))
  return { message: SAMPLE_TEXTS.deleted(found.references.name) }
}

export async function renameSample(
  deps: ServiceDeps,
  actor: Actor,
  sampleKeyValue: unknown,
  name: unknown,
): Promise<{ message: string }> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  await requireAbility(deps, actor, 'asset.manage', sampleRef(sampleKey))
  await loadSample(deps, sampleKey)
  const changed = await renameReference(deps, actor, sampleKey, name)
  return { message: changed.message }
}

/** New samples from a multipart form (the file pipeline, purpose 'style-file'), status In Progress. */
export function uploadSamples(
  deps: ServiceDeps,
  actor: Actor,
  request: Request,
  target: { brandKey: string; styleKey: string },
  options: Parameters<typeof uploadStyleFiles>[4] = {},
) {
  return uploadStyleFiles(
    deps,
    actor,
    request,
    { style: target.styleKey, brand: target.brandKey, model: 'Style', asset_type: SAMPLE_ASSET_TYPE },
    options,
  )
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
  const made = result.references[0]
  if (!made || !numbered) return { ...result, version: null }
  const { version, carriedFrom } = numbered as { version: number; carriedFrom: string }
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

/**
 * A pin carried to a new version keeps its id (decision 139), but each version's pin has a thread
 * of its own. These are the earlier versions' threads of the same pin that hold comments, newest
 * version first, so the page can lead to what was said before. For a caller that has the review
 * (the versions are the same style's, so the same people may see them).
 */
export async function earlierPinComments(
  deps: ServiceDeps,
  brandKey: string,
  review: { sample: SampleView; versions: SampleView[] },
  pinId: string,
): Promise<{ sampleKey: string; version: number; count: number }[]> {
  const earlier = review.versions
    .filter((version) => version.version < review.sample.version)
    .sort((a, b) => b.version - a.version)
  const counts = await threadMessageCounts(
    deps,
    brandKey,
    'MarkupPin',
    earlier.map((version) => markupPinThreadKey(version.key, pinId)),
  )
  return earlier.flatMap((version) => {
    const count = counts.get(markupPinThreadKey(version.key, pinId))
    return count ? [{ sampleKey: version.key, version: version.version, count }] : []
  })
}
