// Reading samples: a sample and its versions as the pages show them, a style's samples, the review
// page's data, the status history, and the comments of earlier versions' pins.
import { SAMPLES_STEP } from '#app/features/atelier'
import { getWizardStyle, keyField, toReferenceView, type ReferenceView } from '#app/features/atelier/index.server'
import { markupPinThreadKey } from '#app/features/chat'
import { threadMessageCounts } from '#app/features/chat/index.server'
import { isLocked, isSampleStatus, mayLockAsFinal, statusesFor, type SampleStatus } from '#app/features/atelier'
import { newestOfEachSeries } from '#app/features/samples/sample-versions'
import { hasAbility, requireAbility } from '#app/platform/access/access.server'
import { API_VERSION } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { accounts, files, references, sampleStatusChanges } from '#db/schema'
import { and, asc, desc, eq, or } from 'drizzle-orm'
import type { SampleView, StatusChangeView } from './views'
import type { Actor } from '#app/platform/access/actor'
export type { SampleView, StatusChangeView } from './views'

export const sampleRef = (key: string) => ({ model: 'Reference', key })

function asSample(view: ReferenceView, row: typeof references.$inferSelect): SampleView {
  return {
    ...view,
    sample_status: isSampleStatus(row.sampleStatus) ? row.sampleStatus : 'In Progress',
    series: row.sampleSeries ?? row.key,
    version: row.sampleVersion,
  }
}

export const sampleOf = (
  deps: ServiceDeps,
  row: typeof references.$inferSelect,
  file: typeof files.$inferSelect | null,
) => asSample(toReferenceView(deps, row, file), row)

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
export async function loadSample(deps: ServiceDeps, key: string, where: { styleKey?: string; brandKey?: string } = {}) {
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

/**
 * The actor's access to a sample and its row, read side by side (a live decision waits for both,
 * so not one after the other). A refusal of access is told before a missing sample, as if read in
 * turn.
 */
export async function sampleWithAccess(
  deps: ServiceDeps,
  actor: Actor,
  ability: Parameters<typeof requireAbility>[2],
  sampleKey: string,
) {
  const [access, found] = await Promise.allSettled([
    requireAbility(deps, actor, ability, sampleRef(sampleKey)),
    loadSample(deps, sampleKey),
  ])
  if (access.status === 'rejected') throw access.reason
  if (found.status === 'rejected') throw found.reason
  return { access: access.value, found: found.value }
}

/**
 * What a page action checks before anything changes: the address names a sample of this style and
 * brand, and the actor may see it. Far less than the whole review, which only the page needs.
 */
export async function sampleOnPage(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  styleKey: string,
  sampleKeyValue: unknown,
): Promise<string> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  await requireAbility(deps, actor, 'listing.view', { model: 'Style', key: styleKey })
  await loadSample(deps, sampleKey, { styleKey, brandKey })
  return sampleKey
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
  // A locked sample offers no markup, status or review to anyone; an owner may reopen it.
  const locked = isLocked(sample.sample_status)
  const [samples, referenceImages, history, versions, mayReopen] = await Promise.all([
    samplesOf(deps, styleKey),
    referenceImagesOf(deps, styleKey),
    statusHistory(deps, sampleKey),
    versionsOf(deps, styleKey, sample.series),
    locked ? hasAbility(deps, actor, 'sample.reopen', sampleRef(sampleKey)) : false,
  ])
  return {
    style: header.style,
    sample,
    samples,
    versions,
    referenceImages,
    history,
    statusOptions: locked ? [] : statusesFor(person),
    mayLockAsFinal: mayLockAsFinal(person, sample.sample_status, API_VERSION),
    canEdit: header.canEdit,
    canReview: person.mayReview && !locked,
    locked,
    mayReopen,
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
