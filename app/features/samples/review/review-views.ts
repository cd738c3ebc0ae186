// What the sample page shows of a review: change requests, rounds, History entries. Shared by
// the reading service and the page's components.
import type { FeedbackPriority, FeedbackState, RoundOutcome } from './feedback-rules'

export interface FeedbackView {
  key: string
  target: 'pin' | 'comment'
  targetId: string
  label: string
  state: FeedbackState
  priority: FeedbackPriority
  assignee: { key: string; name: string } | null
  /** The version it is on now, and its number. */
  sampleKey: string
  version: number
  round: number | null
  createdBy: string | null
  created: number
  /** The states this reader may set, and whether they may assign and prioritise it. */
  states: FeedbackState[]
  mayAssign: boolean
}

export interface RoundView {
  key: string
  number: number
  sampleKey: string
  version: number
  due: string
  startedBy: string | null
  created: number
  endedBy: string | null
  ended: number | null
  outcome: RoundOutcome | null
  summary: string | null
}

export interface ReviewEventView {
  key: string
  who: string | null
  what: string
  label: string | null
  from: string | null
  to: string | null
  when: number
}

export interface SampleReviewState {
  items: FeedbackView[]
  /** The open round of the series, if any. */
  round: RoundView | null
  rounds: RoundView[]
  /** Who a change request may be assigned to. */
  people: { key: string; name: string; jobType: string }[]
  leads: boolean
  mayReview: boolean
  scope: 'version' | 'all'
  /** The messages of the series' threads that are change requests (shown so in the thread). */
  markedComments: string[]
}
