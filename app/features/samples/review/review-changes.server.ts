// Changing a sample's review: raise a change request (from a pin or a new comment), change its
// state, assignee or priority, start and end a round, carry open requests to a new version. Each
// change is checked by the rules of feedback-rules.ts, recorded for History in the same
// transaction, and told live to everyone looking at the style. None of it on a sample locked as
// Final (sample-lock-checks.server.ts): checked first, and again in the change's transaction.
import { sendMessage, threadMessage } from '#app/features/chat/index.server'
import { notifyAccounts } from '#app/features/notifications/index.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { AppError, notFound, permissionError } from '#app/platform/errors'
import { newKey } from '#app/platform/ids'
import { isForbiddenText } from '#app/platform/text-rule'
import { reviewEvents, reviewRounds, sampleFeedback, type references } from '#db/schema'
import { and, eq, inArray, isNull, max } from 'drizzle-orm'
import { setPinResolved, storedMarkup } from '../markup.server'
import { isPin } from '../markup/shapes'
import { setSampleStatus } from '../sample-changes.server'
import { announceSampleChange } from '../sample-live.server'
import { requireUnlocked, requireUnlockedIn } from '../sample-lock-checks.server'
import {
  OPEN_STATES,
  REVIEW_TEXTS,
  ROUND_OUTCOMES,
  carriedState,
  commentLabel,
  dueLabel,
  isFeedbackPriority,
  isFeedbackState,
  leadsReview,
  mayChangeFeedbackState,
  parseDueDate,
  requestStateForPin,
  statusAfterRound,
  type FeedbackState,
  type RoundOutcome,
} from './feedback-rules'
import { assignablePeople, reviewContext } from './review-reading.server'
import type { Actor } from '#app/platform/access/actor'

const MAX_SUMMARY = 2000

type Context = Awaited<ReturnType<typeof reviewContext>>

function requireLead(context: Context) {
  if (!leadsReview(context.person)) throw permissionError(REVIEW_TEXTS.notLead)
}

function samplePath(row: typeof references.$inferSelect) {
  return `/brand/${row.brandKey}/style/${row.styleKey}/samples/${row.key}`
}

function announce(
  deps: ServiceDeps,
  actor: Actor,
  context: Context,
  change: 'feedback' | 'round' | 'pin',
  detail: string,
) {
  if (!context.row.styleKey) return
  announceSampleChange(deps, actor, {
    style: context.row.styleKey,
    sample: context.row.key,
    change,
    name: context.row.name,
    series: context.series,
    detail,
  })
}

async function assigneeFrom(deps: ServiceDeps, context: Context, value: unknown): Promise<string | null> {
  if (value === undefined || value === null || value === '') return null
  const people = await assignablePeople(deps, context.access)
  const found = people.find((person) => person.key === value)
  if (!found) throw new AppError('ValidationError', REVIEW_TEXTS.assignee, { assignee: [REVIEW_TEXTS.assignee] })
  return found.key
}

async function tellAssignee(deps: ServiceDeps, actor: Actor, context: Context, assignee: string | null, label: string) {
  if (!assignee || assignee === actor.key) return
  await notifyAccounts(deps, {
    actor,
    accountKeys: [assignee],
    brandKey: context.row.brandKey,
    action: 'assigned you a change request on',
    targetKind: 'Reference',
    targetId: context.row.key,
    segments: [{ text: `${context.row.name} (${label})`, url: `${samplePath(context.row)}?tab=feedback` }],
  })
}

/**
 * Marks a pin of this version, a comment already in this version's thread, or a new comment, as a
 * change request.
 */
export async function raiseFeedback(
  deps: ServiceDeps,
  actor: Actor,
  sampleKey: string,
  input: { pin?: unknown; message?: unknown; comment?: unknown; assignee?: unknown; priority?: unknown },
): Promise<{ key: string; message: string }> {
  const context = await reviewContext(deps, actor, sampleKey)
  requireLead(context)
  // Before the comment a request may be written as is posted.
  requireUnlocked(context.row)
  const priority = input.priority === undefined || input.priority === '' ? 'normal' : input.priority
  if (!isFeedbackPriority(priority)) throw new AppError('ValidationError', REVIEW_TEXTS.priority)
  const assignee = await assigneeFrom(deps, context, input.assignee)
  let target: { target: 'pin' | 'comment'; targetId: string; label: string }
  if (typeof input.pin === 'string' && input.pin !== '') {
    const pin = (await storedMarkup(deps, context.row.brandKey, sampleKey)).find(
      (shape) => isPin(shape) && shape.id === input.pin,
    )
    if (!pin || !isPin(pin)) throw new AppError('ValidationError', REVIEW_TEXTS.noPin)
    target = { target: 'pin', targetId: pin.id, label: `Pin ${pin.number}` }
  } else if (input.message !== undefined && input.message !== null && input.message !== '') {
    // Only a message of this very sample's thread: a key of another thread or brand is refused.
    const message = await threadMessage(deps, actor, 'Reference', sampleKey, input.message)
    if (!message) throw new AppError('ValidationError', REVIEW_TEXTS.noComment)
    target = { target: 'comment', targetId: message.key, label: commentLabel(message.text) }
  } else {
    // A change request written as a comment: it is posted to the sample's thread first.
    const message = await sendMessage(deps, actor, { model: 'Reference', model_id: sampleKey, text: input.comment })
    target = { target: 'comment', targetId: message.key, label: commentLabel(message.text) }
  }
  const key = newKey()
  const inserted = await deps.db.transaction(async (tx) => {
    await requireUnlockedIn(tx, [sampleKey])
    const [open] = await tx
      .select({ key: reviewRounds.key })
      .from(reviewRounds)
      .where(and(eq(reviewRounds.series, context.series), isNull(reviewRounds.ended)))
    const rows = await tx
      .insert(sampleFeedback)
      .values({
        key,
        brandKey: context.row.brandKey,
        series: context.series,
        sampleKey,
        raisedOn: sampleKey,
        ...target,
        assigneeKey: assignee,
        priority,
        roundKey: open?.key ?? null,
        createdBy: actor.key,
      })
      .onConflictDoNothing()
      .returning({ key: sampleFeedback.key })
    if (rows.length === 0) return false
    await tx.insert(reviewEvents).values({
      key: newKey(),
      brandKey: context.row.brandKey,
      series: context.series,
      sampleKey,
      feedbackKey: key,
      accountKey: actor.key,
      what: 'raised',
      toValue: priority,
    })
    return true
  })
  if (!inserted) throw new AppError('Conflict', REVIEW_TEXTS.alreadyRaised)
  announce(deps, actor, context, 'feedback', `raised a change request: ${target.label}`)
  await tellAssignee(deps, actor, context, assignee, target.label)
  return { key, message: REVIEW_TEXTS.raised }
}

/** Changes a change request's state, assignee or priority (any of them; those given). */
export async function updateFeedback(
  deps: ServiceDeps,
  actor: Actor,
  sampleKey: string,
  feedbackKeyValue: unknown,
  changes: { state?: unknown; assignee?: unknown; priority?: unknown },
): Promise<{ message: string; changed: boolean }> {
  const context = await reviewContext(deps, actor, sampleKey)
  const feedbackKey = typeof feedbackKeyValue === 'string' ? feedbackKeyValue : ''
  const [item] = feedbackKey
    ? await deps.db
        .select()
        .from(sampleFeedback)
        .where(and(eq(sampleFeedback.key, feedbackKey), eq(sampleFeedback.series, context.series)))
    : []
  // Another series' request, or a forged key, is not found here whatever the reader may see.
  if (!item || item.brandKey !== context.row.brandKey) throw notFound('Change request')
  // Neither on a locked page nor a request on a locked version, from another version's page.
  requireUnlocked(context.row)
  const current: FeedbackState = isFeedbackState(item.state) ? item.state : 'open'
  const set: Partial<typeof sampleFeedback.$inferInsert> = {}
  const events: { what: string; from: string | null; to: string | null }[] = []
  if (changes.state !== undefined && changes.state !== current) {
    if (!isFeedbackState(changes.state)) throw new AppError('ValidationError', REVIEW_TEXTS.state)
    if (!mayChangeFeedbackState(context.person, { state: current, assigneeKey: item.assigneeKey }, changes.state)) {
      throw permissionError(leadsReview(context.person) ? REVIEW_TEXTS.notLead : REVIEW_TEXTS.notYours)
    }
    set.state = changes.state
    events.push({ what: 'state', from: current, to: changes.state })
  }
  if (changes.assignee !== undefined || changes.priority !== undefined) {
    const assignee =
      changes.assignee === undefined ? item.assigneeKey : await assigneeFrom(deps, context, changes.assignee)
    const priority = changes.priority === undefined ? item.priority : changes.priority
    if (!isFeedbackPriority(priority)) throw new AppError('ValidationError', REVIEW_TEXTS.priority)
    if (assignee !== item.assigneeKey || priority !== item.priority) requireLead(context)
    if (assignee !== item.assigneeKey) {
      set.assigneeKey = assignee
      events.push({ what: 'assigned', from: item.assigneeKey, to: assignee })
    }
    if (priority !== item.priority) {
      set.priority = priority
      events.push({ what: 'priority', from: item.priority, to: priority })
    }
  }
  if (events.length === 0) return { message: REVIEW_TEXTS.updated, changed: false }
  await deps.db.transaction(async (tx) => {
    await requireUnlockedIn(tx, [sampleKey, item.sampleKey])
    await tx
      .update(sampleFeedback)
      .set({ ...set, modified: new Date() })
      .where(eq(sampleFeedback.key, item.key))
    await tx.insert(reviewEvents).values(
      events.map((event) => ({
        key: newKey(),
        brandKey: item.brandKey,
        series: item.series,
        sampleKey: item.sampleKey,
        feedbackKey: item.key,
        accountKey: actor.key,
        what: event.what,
        fromValue: event.from,
        toValue: event.to,
      })),
    )
  })
  // A pin's request and the pin agree: a done request greys the pin out for everyone.
  if (set.state && item.target === 'pin' && item.sampleKey === sampleKey) {
    const done = set.state === 'resolved' || set.state === "won't fix"
    // The pin may have been erased since: the request keeps its state all the same.
    await setPinResolved(deps, actor, context.row.brandKey, sampleKey, item.targetId, String(done)).catch((error) => {
      if (!(error instanceof AppError)) throw error
    })
  }
  announce(deps, actor, context, 'feedback', set.state ? `set ${item.label} to ${set.state}` : `changed ${item.label}`)
  if (set.assigneeKey) await tellAssignee(deps, actor, context, set.assigneeKey, item.label)
  return { message: REVIEW_TEXTS.updated, changed: true }
}

/**
 * Resolve or Reopen on a pin. A pin with a change request is that request (one state): the request
 * changes, by its own rules (who may resolve or reopen it), and the pin follows it. A pin without
 * one changes alone. Either way the style's pages hear of it, so no one's thread says Open with a
 * Resolve button on a resolved pin.
 */
export async function resolvePin(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  sampleKey: string,
  pinValue: unknown,
  resolvedValue: unknown,
): Promise<{ message: string }> {
  const resolved = resolvedValue === true || resolvedValue === 'true'
  const [request] =
    typeof pinValue === 'string' &&
    (resolvedValue === 'true' || resolvedValue === 'false' || typeof resolvedValue === 'boolean')
      ? await deps.db
          .select({ key: sampleFeedback.key, state: sampleFeedback.state, brandKey: sampleFeedback.brandKey })
          .from(sampleFeedback)
          .where(
            and(
              eq(sampleFeedback.sampleKey, sampleKey),
              eq(sampleFeedback.target, 'pin'),
              eq(sampleFeedback.targetId, pinValue),
            ),
          )
      : []
  if (request && request.brandKey === brandKey) {
    const done = isFeedbackState(request.state) && !OPEN_STATES.includes(request.state)
    // The request decides; updateFeedback puts the pin in step and tells everyone.
    if (done !== resolved)
      await updateFeedback(deps, actor, sampleKey, request.key, { state: requestStateForPin(resolved) })
  }
  const changed = await setPinResolved(deps, actor, brandKey, sampleKey, pinValue, resolvedValue)
  if (!request) {
    const context = await reviewContext(deps, actor, sampleKey)
    announce(deps, actor, context, 'pin', `${resolved ? 'resolved' : 'reopened'} Pin ${changed.pin.number}`)
  }
  return { message: changed.message }
}

/** Starts a round on this version, due on a day; the open requests of the series join it. */
export async function startRound(
  deps: ServiceDeps,
  actor: Actor,
  sampleKey: string,
  dueValue: unknown,
  today = new Date(),
): Promise<{ key: string; number: number; message: string }> {
  const context = await reviewContext(deps, actor, sampleKey)
  requireLead(context)
  requireUnlocked(context.row)
  const due = parseDueDate(dueValue, today)
  if (!due) throw new AppError('ValidationError', REVIEW_TEXTS.dueDate, { due: [REVIEW_TEXTS.dueDate] })
  const key = newKey()
  const number = await deps.db.transaction(async (tx) => {
    await requireUnlockedIn(tx, [sampleKey])
    const [open] = await tx
      .select({ key: reviewRounds.key })
      .from(reviewRounds)
      .where(and(eq(reviewRounds.series, context.series), isNull(reviewRounds.ended)))
    if (open) throw new AppError('Conflict', REVIEW_TEXTS.roundOpen)
    const [last] = await tx
      .select({ number: max(reviewRounds.number) })
      .from(reviewRounds)
      .where(eq(reviewRounds.series, context.series))
    const next = (last?.number ?? 0) + 1
    await tx.insert(reviewRounds).values({
      key,
      brandKey: context.row.brandKey,
      series: context.series,
      sampleKey,
      number: next,
      due,
      startedBy: actor.key,
    })
    await tx
      .update(sampleFeedback)
      .set({ roundKey: key })
      .where(and(eq(sampleFeedback.series, context.series), inArray(sampleFeedback.state, [...OPEN_STATES])))
    await tx.insert(reviewEvents).values({
      key: newKey(),
      brandKey: context.row.brandKey,
      series: context.series,
      sampleKey,
      roundKey: key,
      accountKey: actor.key,
      what: 'round started',
      toValue: due,
    })
    return next
  })
  announce(deps, actor, context, 'round', `started round ${number}, due ${dueLabel(due)}`)
  return { key, number, message: REVIEW_TEXTS.roundStarted(number) }
}

/** Ends the open round with a decision and a summary: the sample's status follows the decision. */
export async function endRound(
  deps: ServiceDeps,
  actor: Actor,
  sampleKey: string,
  outcomeValue: unknown,
  summaryValue: unknown,
): Promise<{ message: string }> {
  const context = await reviewContext(deps, actor, sampleKey)
  requireLead(context)
  requireUnlocked(context.row)
  if (!(ROUND_OUTCOMES as readonly unknown[]).includes(outcomeValue)) {
    throw new AppError('ValidationError', REVIEW_TEXTS.outcome)
  }
  const outcome = outcomeValue as RoundOutcome
  const summary = typeof summaryValue === 'string' ? summaryValue.trim() : ''
  if (!summary || summary.length > MAX_SUMMARY || isForbiddenText(summary)) {
    throw new AppError('ValidationError', REVIEW_TEXTS.summary, { summary: [REVIEW_TEXTS.summary] })
  }
  const ended = await deps.db.transaction(async (tx) => {
    await requireUnlockedIn(tx, [sampleKey])
    const [open] = await tx
      .select()
      .from(reviewRounds)
      .where(and(eq(reviewRounds.series, context.series), isNull(reviewRounds.ended)))
      .for('update')
    if (!open) throw new AppError('Conflict', REVIEW_TEXTS.noRound)
    await tx
      .update(reviewRounds)
      .set({ ended: new Date(), endedBy: actor.key, outcome, summary })
      .where(eq(reviewRounds.key, open.key))
    await tx.insert(reviewEvents).values({
      key: newKey(),
      brandKey: context.row.brandKey,
      series: context.series,
      sampleKey,
      roundKey: open.key,
      accountKey: actor.key,
      what: 'round ended',
      toValue: outcome,
    })
    return open
  })
  await setSampleStatus(deps, actor, sampleKey, statusAfterRound(outcome))
  const decision = outcome === 'approved' ? 'Approved' : 'Changes requested'
  await sendMessage(deps, actor, {
    model: 'Reference',
    model_id: sampleKey,
    text: `Round ${ended.number}, ${decision}: ${summary}`.slice(0, MAX_SUMMARY),
  })
  announce(deps, actor, context, 'round', `ended round ${ended.number}: ${decision.toLowerCase()}`)
  return { message: REVIEW_TEXTS.roundEnded(outcome) }
}

/**
 * A new version was uploaded: the series' open change requests move to it as "to re-check", so
 * the reviewer checks each again on the new picture. Returns how many moved.
 */
export async function carryFeedbackOver(
  deps: ServiceDeps,
  actor: Actor,
  series: string,
  toSampleKey: string,
): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const open = await tx
      .select()
      .from(sampleFeedback)
      .where(and(eq(sampleFeedback.series, series), inArray(sampleFeedback.state, [...OPEN_STATES])))
      .for('update')
    if (open.length === 0) return 0
    await tx
      .update(sampleFeedback)
      .set({ sampleKey: toSampleKey, state: carriedState('open')!, modified: new Date() })
      .where(
        inArray(
          sampleFeedback.key,
          open.map((item) => item.key),
        ),
      )
    await tx.insert(reviewEvents).values(
      open.map((item) => ({
        key: newKey(),
        brandKey: item.brandKey,
        series,
        sampleKey: toSampleKey,
        feedbackKey: item.key,
        accountKey: actor.key,
        what: 'carried',
        fromValue: item.state,
        toValue: 'to re-check',
      })),
    )
    return open.length
  })
}
