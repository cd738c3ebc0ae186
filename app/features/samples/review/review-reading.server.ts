// Reading a sample's review: its change requests (this version or all versions), its rounds, the
// people one may assign, and its History. Every read goes through the access module first.
import { allows } from '#app/platform/access/abilities'
import type { Access } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { notFound } from '#app/platform/errors'
import { accounts, grants, references, reviewEvents, reviewRounds, sampleFeedback } from '#db/schema'
import { alias } from 'drizzle-orm/pg-core'
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm'
import { isLockedRow } from '../sample-lock-checks.server'
import { sampleWithAccess } from '../sample-reading.server'
import {
  OPEN_STATES,
  isFeedbackPriority,
  isFeedbackState,
  leadsReview,
  statesFor,
  type Reviewer,
} from './feedback-rules'
import type { FeedbackView, ReviewEventView, RoundView, SampleReviewState } from './review-views'
import type { Actor } from '#app/platform/access/actor'

export type { FeedbackView, ReviewEventView, RoundView, SampleReviewState } from './review-views'

const seconds = (date: Date) => Math.floor(date.getTime() / 1000)

/** The sample, its series and the reader as a reviewer, or NotFound for anyone who may not see it. */
export async function reviewContext(deps: ServiceDeps, actor: Actor, sampleKey: string) {
  const { access, found } = await sampleWithAccess(deps, actor, 'listing.view', sampleKey)
  const row = found.references
  const person: Reviewer = {
    key: actor.key,
    jobType: actor.jobType,
    ownerAccess: access.grant === 'owner',
    mayReview: allows('sample.review', access.grant),
  }
  return { access, row, series: row.sampleSeries ?? row.key, person }
}

/** People of the brand who may review the sample (owner or editor on it), for Assign to. */
export async function assignablePeople(deps: ServiceDeps, access: Access) {
  if (access.chain.length === 0) return []
  const rows = await deps.db
    .selectDistinct({ key: accounts.key, name: accounts.name, jobType: accounts.jobType })
    .from(grants)
    .innerJoin(accounts, eq(accounts.key, grants.accountKey))
    .where(
      and(
        or(...access.chain.map((ref) => and(eq(grants.model, ref.model), eq(grants.modelId, ref.key)))),
        inArray(grants.type, ['owner', 'editor']),
        eq(accounts.active, true),
      ),
    )
    .orderBy(asc(accounts.name), asc(accounts.key))
  return rows
}

function roundView(row: typeof reviewRounds.$inferSelect, version: number, names: Map<string, string>): RoundView {
  return {
    key: row.key,
    number: row.number,
    sampleKey: row.sampleKey,
    version,
    due: row.due,
    startedBy: row.startedBy ? (names.get(row.startedBy) ?? null) : null,
    created: seconds(row.created),
    endedBy: row.endedBy ? (names.get(row.endedBy) ?? null) : null,
    ended: row.ended ? seconds(row.ended) : null,
    outcome: row.outcome === 'approved' || row.outcome === 'changes requested' ? row.outcome : null,
    summary: row.summary,
  }
}

/** The rounds of a series, newest first. */
export async function roundsOf(deps: ServiceDeps, series: string): Promise<RoundView[]> {
  const rows = await deps.db
    .select({ round: reviewRounds, version: references.sampleVersion })
    .from(reviewRounds)
    .innerJoin(references, eq(references.key, reviewRounds.sampleKey))
    .where(eq(reviewRounds.series, series))
    .orderBy(desc(reviewRounds.number))
  const keys = [...new Set(rows.flatMap(({ round }) => [round.startedBy, round.endedBy]).filter(Boolean))] as string[]
  const names = new Map(
    keys.length === 0
      ? []
      : (
          await deps.db
            .select({ key: accounts.key, name: accounts.name })
            .from(accounts)
            .where(inArray(accounts.key, keys))
        ).map((row) => [row.key, row.name] as const),
  )
  return rows.map(({ round, version }) => roundView(round, version, names))
}

/** Change requests of a series (or of one version, or of one round), open ones first. */
export async function feedbackOf(
  deps: ServiceDeps,
  person: Reviewer,
  where: { series: string; sampleKey?: string; roundKey?: string },
): Promise<FeedbackView[]> {
  const assignee = alias(accounts, 'assignee')
  const author = alias(accounts, 'author')
  const rows = await deps.db
    .select({
      item: sampleFeedback,
      version: references.sampleVersion,
      sampleStatus: references.sampleStatus,
      assigneeName: assignee.name,
      authorName: author.name,
      round: reviewRounds.number,
    })
    .from(sampleFeedback)
    .innerJoin(references, eq(references.key, sampleFeedback.sampleKey))
    .leftJoin(assignee, eq(assignee.key, sampleFeedback.assigneeKey))
    .leftJoin(author, eq(author.key, sampleFeedback.createdBy))
    .leftJoin(reviewRounds, eq(reviewRounds.key, sampleFeedback.roundKey))
    .where(
      and(
        eq(sampleFeedback.series, where.series),
        where.sampleKey ? eq(sampleFeedback.sampleKey, where.sampleKey) : undefined,
        where.roundKey ? eq(sampleFeedback.roundKey, where.roundKey) : undefined,
      ),
    )
    .orderBy(asc(sampleFeedback.created), asc(sampleFeedback.key))
    .limit(500)
  const views = rows.map(({ item, version, sampleStatus, assigneeName, authorName, round }): FeedbackView => {
    const state = isFeedbackState(item.state) ? item.state : 'open'
    // A request on a locked version stays as it is, whichever version's page lists it.
    const locked = isLockedRow({ sampleStatus })
    return {
      key: item.key,
      target: item.target === 'pin' ? 'pin' : 'comment',
      targetId: item.targetId,
      label: item.label,
      state,
      priority: isFeedbackPriority(item.priority) ? item.priority : 'normal',
      assignee: item.assigneeKey ? { key: item.assigneeKey, name: assigneeName ?? '' } : null,
      sampleKey: item.sampleKey,
      version,
      round: round ?? null,
      createdBy: authorName,
      created: seconds(item.created),
      states: locked ? [state] : statesFor(person, { state, assigneeKey: item.assigneeKey }),
      mayAssign: !locked && leadsReview(person),
    }
  })
  const rank = (view: FeedbackView) => (OPEN_STATES.includes(view.state) ? 0 : 1)
  return views.sort((a, b) => rank(a) - rank(b))
}

/** The review part of a sample's page. */
export async function getSampleReviewState(
  deps: ServiceDeps,
  actor: Actor,
  sampleKey: string,
  scope: 'version' | 'all',
): Promise<SampleReviewState> {
  const context = await reviewContext(deps, actor, sampleKey)
  const { access, series } = context
  // On a locked sample everyone only looks (decision 167).
  const person = isLockedRow(context.row) ? { ...context.person, mayReview: false } : context.person
  const [items, rounds, people, marked] = await Promise.all([
    feedbackOf(deps, person, scope === 'all' ? { series } : { series, sampleKey }),
    roundsOf(deps, series),
    leadsReview(person) ? assignablePeople(deps, access) : Promise.resolve([]),
    deps.db
      .select({ targetId: sampleFeedback.targetId })
      .from(sampleFeedback)
      .where(and(eq(sampleFeedback.series, series), eq(sampleFeedback.target, 'comment'))),
  ])
  return {
    items,
    round: rounds.find((round) => round.ended === null) ?? null,
    rounds,
    people,
    leads: leadsReview(person),
    mayReview: person.mayReview,
    scope,
    markedComments: marked.map((row) => row.targetId),
  }
}

/** What happened in the review of this version, newest first. */
export async function reviewHistory(deps: ServiceDeps, sampleKey: string): Promise<ReviewEventView[]> {
  const rows = await deps.db
    .select({ event: reviewEvents, who: accounts.name, label: sampleFeedback.label })
    .from(reviewEvents)
    .leftJoin(accounts, eq(accounts.key, reviewEvents.accountKey))
    .leftJoin(sampleFeedback, eq(sampleFeedback.key, reviewEvents.feedbackKey))
    .where(eq(reviewEvents.sampleKey, sampleKey))
    .orderBy(desc(reviewEvents.created), desc(reviewEvents.key))
    .limit(100)
  // An assignment stores account keys: the History names the people.
  const keys = [
    ...new Set(
      rows
        .filter(({ event }) => event.what === 'assigned')
        .flatMap(({ event }) => [event.fromValue, event.toValue])
        .filter((key): key is string => Boolean(key)),
    ),
  ]
  const names = new Map(
    keys.length === 0
      ? []
      : (
          await deps.db
            .select({ key: accounts.key, name: accounts.name })
            .from(accounts)
            .where(inArray(accounts.key, keys))
        ).map((row) => [row.key, row.name] as const),
  )
  const named = (value: string | null, what: string) =>
    what === 'assigned' && value ? (names.get(value) ?? 'someone no longer here') : value
  return rows.map(({ event, who, label }) => ({
    key: event.key,
    who,
    what: event.what,
    label,
    from: named(event.fromValue, event.what),
    to: named(event.toValue, event.what),
    when: seconds(event.created),
  }))
}

/** One round of a sample's series, with its items, for the round's page. */
export async function getRound(deps: ServiceDeps, actor: Actor, sampleKey: string, roundKeyValue: unknown) {
  const { series, person } = await reviewContext(deps, actor, sampleKey)
  const roundKey = typeof roundKeyValue === 'string' ? roundKeyValue : ''
  const round = (await roundsOf(deps, series)).find((candidate) => candidate.key === roundKey)
  if (!round) throw notFound('Review round')
  const items = await feedbackOf(deps, person, { series, roundKey: round.key })
  return { round, items }
}
