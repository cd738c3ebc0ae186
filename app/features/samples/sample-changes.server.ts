// Changing samples: the status (recorded and told to the other side), Lock as Final, rename, delete.
// A Final sample is locked (sample-lock.server.ts): its status moves only by an owner's reopen.
import { keyField } from '#app/features/atelier/index.server'
import { cloneAsFinal, deleteReference, renameReference } from '#app/features/atelier/index.server'
import { notifyAccounts } from '#app/features/notifications/index.server'
import {
  SAMPLE_TEXTS,
  isLocked,
  isSampleStatus,
  jobTypesToNotify,
  mayChangeStatus,
  mayLockAsFinal,
  type SampleStatus,
} from '#app/features/atelier'
import { requireAbility, type Access } from '#app/platform/access/access.server'
import { API_VERSION } from '#app/platform/access/permissions'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { accounts, files, grants, references, sampleStatusChanges, yjsUpdates } from '#db/schema'
import { and, desc, eq, inArray, ne, or } from 'drizzle-orm'
import { markupDocName } from './markup.server'
import { loadSample, sampleOf, sampleRef, sampleWithAccess, type SampleView } from './sample-reading.server'
import { announceSampleChange } from './sample-live.server'
import { afterLock, closeReviewOnLock } from './sample-lock.server'
import { requireUnlocked, writeStatusChange } from './sample-lock-checks.server'
import type { Actor } from '#app/platform/access/actor'

/** A status change based on a status the sample no longer has; `current` is the one it has. */
export class StaleStatus extends AppError {
  constructor(
    readonly current: SampleStatus,
    who: string,
  ) {
    super('Conflict', SAMPLE_TEXTS.changedMeanwhile(current, who))
  }
}

/**
 * Sets a sample's status if the actor's job type (or owner access) allows it; records who, when,
 * from and to in the same transaction, then tells the other side of the review.
 * `baseValue` is the status the person saw when they picked (decision 168): when it is no longer
 * the sample's status, nothing changes and the refusal (409) names the status now and who set it.
 * A change without a base (a script, an older client) is taken as before.
 */
export async function setSampleStatus(
  deps: ServiceDeps,
  actor: Actor,
  sampleKeyValue: unknown,
  statusValue: unknown,
  baseValue?: unknown,
): Promise<{ sample: SampleView; message: string; changed: boolean }> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  // The picker's "Choose a status" sends nothing: the person has not picked yet.
  if (statusValue === '' || statusValue === undefined || statusValue === null) {
    throw new AppError('ValidationError', 'Choose a status.')
  }
  if (!isSampleStatus(statusValue)) {
    throw new AppError(
      'ValidationError',
      'status: one of Asset Uploaded, In Progress, Ready for Review, Declined, Approved, Final.',
    )
  }
  const base = baseValue === undefined || baseValue === null || baseValue === '' ? null : baseValue
  if (base !== null && !isSampleStatus(base)) {
    throw new AppError('ValidationError', 'base: the status the change was based on, one of the statuses.')
  }
  const { access } = await sampleWithAccess(deps, actor, 'sample.review', sampleKey)
  const person = { jobType: actor.jobType, ownerAccess: access.grant === 'owner', mayReview: true }
  const changed = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(references).where(eq(references.key, sampleKey)).for('update')
    if (!current) throw notFound('Virtual sample')
    const from: SampleStatus = isSampleStatus(current.sampleStatus) ? current.sampleStatus : 'In Progress'
    // Based on a status that is no longer the sample's: the person decided on what they no longer see.
    if (base !== null && base !== from) {
      throw new StaleStatus(from, await whoSetStatus(tx, current))
    }
    // Final means locked: nobody moves it on, nor sets Final again; an owner reopens it (sample-lock.server.ts).
    requireUnlocked(current)
    if (from === statusValue) return { row: current, to: null, pins: [] }
    if (!mayChangeStatus(person, from, statusValue)) {
      throw new AppError('PermissionError', SAMPLE_TEXTS.notAllowed(statusValue))
    }
    const row = await writeStatusChange(tx, actor.key, current, statusValue)
    // However it becomes Final (Lock as Final or the picker), its review closes with it.
    const pins = isLocked(statusValue) ? await closeReviewOnLock(tx, actor, row) : []
    return { row, to: statusValue, pins }
  })
  if (changed.to && isLocked(changed.to)) await afterLock(deps, changed.row, changed.pins)
  if (changed.to && changed.row.styleKey) {
    announceSampleChange(deps, actor, {
      style: changed.row.styleKey,
      sample: sampleKey,
      change: 'status',
      name: changed.row.name,
      status: changed.to,
    })
  }
  if (changed.to) await tellTheOtherSide(deps, actor, access, changed.row, changed.to)
  const [file] = changed.row.fileKey ? await deps.db.select().from(files).where(eq(files.key, changed.row.fileKey)) : []
  return {
    sample: sampleOf(deps, changed.row, file ?? null),
    message: SAMPLE_TEXTS.statusSaved,
    // False when it already had that status (another request set it first).
    changed: changed.to !== null,
  }
}

/** Who set the sample's status: the last recorded change, or whoever added the sample. */
async function whoSetStatus(
  tx: Pick<ServiceDeps['db'], 'select'>,
  row: typeof references.$inferSelect,
): Promise<string> {
  const [last] = await tx
    .select({ name: accounts.name })
    .from(sampleStatusChanges)
    .leftJoin(accounts, eq(accounts.key, sampleStatusChanges.accountKey))
    .where(eq(sampleStatusChanges.referenceKey, row.key))
    .orderBy(desc(sampleStatusChanges.created), desc(sampleStatusChanges.key))
    .limit(1)
  // A recorded change whose account has since gone names nobody rather than someone earlier.
  if (last) return last.name || 'someone'
  const [creator] = row.createdBy
    ? await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.key, row.createdBy))
    : []
  return creator?.name ?? 'someone'
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
  if (current !== 'Approved' && mayChangeStatus(person, current, 'Final')) {
    throw new AppError('ValidationError', SAMPLE_TEXTS.lockNeedsApproval)
  }
  if (!mayLockAsFinal(person, current, API_VERSION))
    throw new AppError('PermissionError', SAMPLE_TEXTS.notAllowed('Final'))
  // The status changes under a row lock: of two locks at the same moment, one makes the change and
  // the clone, the other finds the sample Final (locked) already, or moved on from the status both
  // read; when it moved on to Final, that is the same double press and says so.
  await setSampleStatus(deps, actor, sampleKey, 'Final', current).catch((error: unknown) => {
    const nowFinal =
      (error instanceof AppError && error.message === SAMPLE_TEXTS.locked) ||
      (error instanceof StaleStatus && error.current === 'Final')
    throw nowFinal ? new AppError('ValidationError', SAMPLE_TEXTS.alreadyFinal) : error
  })
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
  if (found.references.styleKey) {
    announceSampleChange(deps, actor, {
      style: found.references.styleKey,
      sample: sampleKey,
      change: 'deleted',
      name: found.references.name,
    })
  }
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
  const found = await loadSample(deps, sampleKey)
  const changed = await renameReference(deps, actor, sampleKey, name)
  const [row] = await deps.db.select({ name: references.name }).from(references).where(eq(references.key, sampleKey))
  if (found.references.styleKey && row) {
    announceSampleChange(deps, actor, {
      style: found.references.styleKey,
      sample: sampleKey,
      change: 'renamed',
      name: row.name,
    })
  }
  return { message: changed.message }
}
