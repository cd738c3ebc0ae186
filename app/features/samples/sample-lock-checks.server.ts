// The checks of the lock on a Final sample (decision 167; its effects are in sample-lock.server.ts):
// every service that changes a sample's markup or review asks these first, and again inside its
// transaction, and the sample-markup Yjs document asks markupReadOnly when a connection opens.
import { SAMPLES_STEP } from '#app/features/atelier'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { references, sampleStatusChanges } from '#db/schema'
import { eq, inArray } from 'drizzle-orm'
import { SAMPLE_TEXTS, isLocked, isSampleStatus, type SampleStatus } from '#app/features/atelier'

type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]

export const statusOf = (row: { sampleStatus: string | null }): SampleStatus =>
  isSampleStatus(row.sampleStatus) ? row.sampleStatus : 'In Progress'

export const lockedError = () => new AppError('Conflict', SAMPLE_TEXTS.locked)

/** Whether a sample's row says it is locked. */
export const isLockedRow = (row: { sampleStatus: string | null }) => isLocked(statusOf(row))

/** Refuses a change to the review of a sample whose row, as the caller read it, is locked. */
export function requireUnlocked(row: { sampleStatus: string | null }): void {
  if (isLockedRow(row)) throw lockedError()
}

/**
 * The same check inside a change's transaction: the samples' rows are read under a share lock, so
 * a lock committed meanwhile is seen, and a lock asked for meanwhile waits until this change is
 * in (and then closes what it added).
 */
export async function requireUnlockedIn(tx: Tx, sampleKeys: readonly string[]): Promise<void> {
  const keys = [...new Set(sampleKeys)].sort()
  if (keys.length === 0) return
  const rows = await tx
    .select({ sampleStatus: references.sampleStatus })
    .from(references)
    .where(inArray(references.key, keys))
    .orderBy(references.key)
    .for('share')
  for (const row of rows) requireUnlocked(row)
}

/**
 * Whether a sample-markup document is read-only for everyone now, whatever their grant: its
 * sample is locked, or its reference is no sample at all (a copy in Final Files has no review).
 */
export async function markupReadOnly(deps: ServiceDeps, sampleKey: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ step: references.step, sampleStatus: references.sampleStatus })
    .from(references)
    .where(eq(references.key, sampleKey))
  return !row || row.step !== SAMPLES_STEP || isLockedRow(row)
}

/**
 * A sample's status changed, as every path writes it (the picker, Lock as Final, Reopen): the row
 * and the History line of the change, in the caller's transaction, from the row it read locked.
 */
export async function writeStatusChange(
  tx: Tx,
  actorKey: string,
  current: typeof references.$inferSelect,
  to: SampleStatus,
): Promise<typeof references.$inferSelect> {
  const [row] = await tx
    .update(references)
    .set({ sampleStatus: to, modified: new Date() })
    .where(eq(references.key, current.key))
    .returning()
  await tx.insert(sampleStatusChanges).values({
    key: newKey(),
    brandKey: current.brandKey,
    referenceKey: current.key,
    accountKey: actorKey,
    fromStatus: statusOf(current),
    toStatus: to,
  })
  return row!
}
