// Review rounds and assignable feedback on a virtual sample (issue 28, decision 153): the states,
// the priorities and who may do what. Pure, so the page, the service and the tests share one rule.
//
// Who: anyone who may review the sample (sample.review: owner or editor grant) and is a designer,
// or has owner access, raises change requests, assigns them, sets their priority, starts and ends
// rounds. A vsm resolves (or sends back to re-check) what is assigned to them. Read members and
// everyone else only look.

export const FEEDBACK_STATES = ['open', 'to re-check', 'resolved', "won't fix"] as const
export type FeedbackState = (typeof FEEDBACK_STATES)[number]

export const FEEDBACK_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const
export type FeedbackPriority = (typeof FEEDBACK_PRIORITIES)[number]

export const ROUND_OUTCOMES = ['changes requested', 'approved'] as const
export type RoundOutcome = (typeof ROUND_OUTCOMES)[number]

/** States that still need someone's work. */
export const OPEN_STATES: readonly FeedbackState[] = ['open', 'to re-check']

export interface Reviewer {
  key: string
  jobType: string
  ownerAccess: boolean
  /** Holds sample.review on the sample. */
  mayReview: boolean
}

export function isFeedbackState(value: unknown): value is FeedbackState {
  return typeof value === 'string' && (FEEDBACK_STATES as readonly string[]).includes(value)
}

export function isFeedbackPriority(value: unknown): value is FeedbackPriority {
  return typeof value === 'string' && (FEEDBACK_PRIORITIES as readonly string[]).includes(value)
}

/** Designers and owners lead a review: they raise, assign, prioritise, start and end rounds. */
export function leadsReview(person: Reviewer): boolean {
  return person.mayReview && (person.ownerAccess || person.jobType === 'designer')
}

/** Whether this person may move a change request from its state to `next`. */
export function mayChangeFeedbackState(
  person: Reviewer,
  item: { state: FeedbackState; assigneeKey: string | null },
  next: FeedbackState,
): boolean {
  if (!person.mayReview || item.state === next) return false
  if (leadsReview(person)) return true
  // The one it is assigned to marks it done, or back to re-check; only a lead reopens or declines it.
  return item.assigneeKey === person.key && (next === 'resolved' || next === 'to re-check')
}

/** The states offered to this person for an item: its own first, then those they may set. */
export function statesFor(person: Reviewer, item: { state: FeedbackState; assigneeKey: string | null }) {
  return FEEDBACK_STATES.filter((state) => state === item.state || mayChangeFeedbackState(person, item, state))
}

/** A state carried to a new version: what was still open is to be checked again on it. */
export function carriedState(state: FeedbackState): FeedbackState | null {
  return OPEN_STATES.includes(state) ? 'to re-check' : null
}

/** A due date as the form sends it: YYYY-MM-DD, a real day, not before today (in UTC). */
export function parseDueDate(value: unknown, today: Date): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const day = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) return null
  const start = today.toISOString().slice(0, 10)
  if (value < start) return null
  // A round longer than a year is a typo more often than a plan.
  const limit = new Date(today.getTime() + 366 * 86_400_000).toISOString().slice(0, 10)
  return value > limit ? null : value
}

/** A YYYY-MM-DD day as "Tue 1 Dec", in UTC like the day it was chosen as. */
export function dueLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return date.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** The status a round's decision gives the sample (the designer's statuses, atelier.md §4). */
export function statusAfterRound(outcome: RoundOutcome): 'Declined' | 'Approved' {
  return outcome === 'approved' ? 'Approved' : 'Declined'
}

/** A comment's label in feedback lists: its first words, on one line. */
export function commentLabel(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > 80 ? `${line.slice(0, 79)}…` : line
}

export const REVIEW_TEXTS = {
  raised: 'Marked as a change request',
  updated: 'Change saved successfully',
  roundStarted: (number: number) => `Round ${number} started`,
  roundEnded: (outcome: RoundOutcome) =>
    outcome === 'approved' ? 'Approved: the round is closed' : 'Changes requested: the round is closed',
  notLead: 'Only a designer or an owner can do this in a review.',
  notYours: 'You can change only what is assigned to you, to resolved or to re-check.',
  alreadyRaised: 'This is already a change request.',
  roundOpen: 'A round is already open on this sample: end it first.',
  noRound: 'There is no open round on this sample.',
  dueDate: 'Due date: choose a day from today to a year ahead.',
  summary: 'Summary: write what the decision is about (at most 2,000 characters).',
  assignee: 'Assign to: choose a person of this brand who works on samples.',
  priority: 'Priority: one of low, normal, high, urgent.',
  state: "State: one of open, to re-check, resolved, won't fix.",
  outcome: 'Choose Request changes or Approve.',
  noPin: 'That pin is not on this sample any more.',
  noComment: 'That comment is not in this sample’s thread.',
} as const

/**
 * A pin and its change request are one thing with one state (issue 44): the request's. A pin is
 * resolved exactly when its request is done (resolved or won't fix); a pin without a request keeps
 * its own. Gives, for each pin of `sampleKey` that has a request, whether it shows resolved.
 */
export function pinStatesFromRequests(
  items: readonly { target: 'pin' | 'comment'; targetId: string; sampleKey: string; state: FeedbackState }[],
  sampleKey: string,
): Map<string, boolean> {
  const states = new Map<string, boolean>()
  for (const item of items) {
    if (item.target === 'pin' && item.sampleKey === sampleKey)
      states.set(item.targetId, !OPEN_STATES.includes(item.state))
  }
  return states
}

/** The request's state that a pin's Resolve or Reopen stands for. */
export function requestStateForPin(resolved: boolean): FeedbackState {
  return resolved ? 'resolved' : 'open'
}
