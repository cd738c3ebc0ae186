// Final means locked (decision 167). A virtual sample whose status is Final, whether by Lock as
// Final or by the status picker, takes no markup or pins, no status change, no change request and
// no round, from any entry: the page's forms, the socket's review event and its Yjs document, which
// opens read-only for everyone. Locking closes its open change requests (as won't fix) and the
// series' open round with it, and cuts the live connections that could still draw on it. Only an
// owner reopens it; History shows that as the status change out of Final.
import { SAMPLES_STEP } from '#app/features/atelier'
import { keyField } from '#app/features/atelier/index.server'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { changeDocument } from '#app/platform/yjs-documents.server'
import { references, reviewEvents, reviewRounds, sampleFeedback, sampleStatusChanges } from '#db/schema'
import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import { MARKUP_SHAPES, markupDocName } from './markup.server'
import { isPin, parseStoredShape, storedShape } from './markup/shapes'
import { OPEN_STATES } from './review/feedback-rules'
import { announceSampleChange } from './sample-live.server'
import { sampleRef } from './sample-reading.server'
import { isLockedRow, writeStatusChange } from './sample-lock-checks.server'
import { SAMPLE_TEXTS, statusOnReopen, type SampleStatus } from '#app/features/atelier'
import type { Actor } from '#app/platform/access/actor'

type Tx = Parameters<Parameters<ServiceDeps['db']['transaction']>[0]>[0]
type ReferenceRow = typeof references.$inferSelect

/** What a locked sample's open change requests become: the Final sample goes out without them. */
const CLOSED_STATE = "won't fix"
/** The summary of a round the lock ends. */
export const ROUND_ENDED_BY_LOCK = 'Ended when the sample was locked as Final.'

/**
 * Closes the review of a sample being locked, in the transaction that makes it Final: its open
 * change requests become won't fix and the series' open round ends (approved: Final is past
 * approval), each recorded for History. Returns the pins whose requests it closed.
 */
export async function closeReviewOnLock(tx: Tx, actor: Actor, row: ReferenceRow): Promise<string[]> {
  const series = row.sampleSeries ?? row.key
  const open = await tx
    .select()
    .from(sampleFeedback)
    .where(and(eq(sampleFeedback.sampleKey, row.key), inArray(sampleFeedback.state, [...OPEN_STATES])))
    .for('update')
  if (open.length > 0) {
    await tx
      .update(sampleFeedback)
      .set({ state: CLOSED_STATE, modified: new Date() })
      .where(
        inArray(
          sampleFeedback.key,
          open.map((item) => item.key),
        ),
      )
    await tx.insert(reviewEvents).values(
      open.map((item) => ({
        key: newKey(),
        brandKey: row.brandKey,
        series,
        sampleKey: row.key,
        feedbackKey: item.key,
        accountKey: actor.key,
        what: 'closed',
        fromValue: item.state,
        toValue: CLOSED_STATE,
      })),
    )
  }
  const [round] = await tx
    .select()
    .from(reviewRounds)
    .where(and(eq(reviewRounds.series, series), isNull(reviewRounds.ended)))
    .for('update')
  if (round) {
    await tx
      .update(reviewRounds)
      .set({ ended: new Date(), endedBy: actor.key, outcome: 'approved', summary: ROUND_ENDED_BY_LOCK })
      .where(eq(reviewRounds.key, round.key))
    await tx.insert(reviewEvents).values({
      key: newKey(),
      brandKey: row.brandKey,
      series,
      sampleKey: row.key,
      roundKey: round.key,
      accountKey: actor.key,
      what: 'round ended',
      toValue: 'approved',
    })
  }
  return open.filter((item) => item.target === 'pin').map((item) => item.targetId)
}

/**
 * After a lock is stored: the pins of the closed requests grey out (a request and its pin agree),
 * then every live connection to the markup is closed, so it opens again read-only.
 */
export async function afterLock(deps: ServiceDeps, row: ReferenceRow, pins: readonly string[]): Promise<void> {
  const docName = markupDocName(row.brandKey, row.key)
  if (pins.length > 0) {
    await changeDocument(deps, docName, row.brandKey, (doc) => {
      const shapes = doc.getMap<unknown>(MARKUP_SHAPES)
      for (const id of pins) {
        const shape = parseStoredShape(shapes.get(id))
        if (shape && isPin(shape) && !shape.resolved) shapes.set(id, storedShape({ ...shape, resolved: true }))
      }
    })
  }
  deps.events.closeDocument(docName)
}

/**
 * Reopens a locked sample: owner access only. It returns to the status it had before it became
 * Final (recorded like any status change, which History shows as the reopening); the change
 * requests closed by the lock stay closed, a lead reopens those that still matter.
 */
export async function reopenSample(
  deps: ServiceDeps,
  actor: Actor,
  sampleKeyValue: unknown,
): Promise<{ message: string; status: SampleStatus }> {
  const sampleKey = keyField(sampleKeyValue, 'sample')
  await requireAbility(deps, actor, 'sample.reopen', sampleRef(sampleKey))
  const reopened = await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(references)
      .where(and(eq(references.key, sampleKey), eq(references.step, SAMPLES_STEP)))
      .for('update')
    if (!current) throw notFound('Virtual sample')
    if (!isLockedRow(current)) throw new AppError('ValidationError', SAMPLE_TEXTS.notLocked)
    const [before] = await tx
      .select({ fromStatus: sampleStatusChanges.fromStatus })
      .from(sampleStatusChanges)
      .where(and(eq(sampleStatusChanges.referenceKey, sampleKey), eq(sampleStatusChanges.toStatus, 'Final')))
      .orderBy(desc(sampleStatusChanges.created), desc(sampleStatusChanges.key))
      .limit(1)
    const to = statusOnReopen(before?.fromStatus)
    const row = await writeStatusChange(tx, actor.key, current, to)
    return { row, to }
  })
  // Connections opened while it was locked are read-only: they open again and may draw.
  deps.events.closeDocument(markupDocName(reopened.row.brandKey, sampleKey))
  if (reopened.row.styleKey) {
    announceSampleChange(deps, actor, {
      style: reopened.row.styleKey,
      sample: sampleKey,
      change: 'status',
      name: reopened.row.name,
      status: reopened.to,
    })
  }
  return { message: SAMPLE_TEXTS.reopened(reopened.row.name), status: reopened.to }
}
