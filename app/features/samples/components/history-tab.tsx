// The History tab: status changes and what happened in the review of this version, newest first.
import type { ReviewEventView } from '#app/features/samples/review/review-views'
import { isLocked } from '#app/features/atelier'
import { formatWhen } from '#app/platform/format'
import type { ReactNode } from 'react'
import { dueLabel } from './round-box'
import type { SampleReviewData } from './sample-review-data'

/** One review event as a sentence after the person's name. */
export function reviewSentence(event: ReviewEventView): ReactNode {
  const label = <span className="font-medium">{event.label ?? 'a change request'}</span>
  switch (event.what) {
    case 'raised':
      return (
        <>
          raised {label} as a change request ({event.to} priority)
        </>
      )
    case 'state':
      return (
        <>
          set {label} to <span className="font-medium">{event.to}</span> (was {event.from})
        </>
      )
    case 'assigned':
      return event.to ? (
        <>
          assigned {label} to <span className="font-medium">{event.to}</span>
        </>
      ) : (
        <>unassigned {label}</>
      )
    case 'priority':
      return (
        <>
          set the priority of {label} to {event.to} (was {event.from})
        </>
      )
    case 'closed':
      return (
        <>
          closed {label} as <span className="font-medium">{event.to}</span> when the sample was locked as Final (was{' '}
          {event.from})
        </>
      )
    case 'carried':
      return <>uploaded this version: {label} carried over to re-check</>
    case 'round started':
      return <>started a round, due {event.to ? dueLabel(event.to) : 'soon'}</>
    case 'round ended':
      return <>ended the round: {event.to === 'approved' ? 'approved' : 'changes requested'}</>
    default:
      return <>{event.what}</>
  }
}

export function HistoryTab({ data }: { data: SampleReviewData }) {
  const entries = [
    ...data.history.map((change) => ({
      key: change.key,
      when: change.when,
      who: change.who,
      // Only a reopening moves a sample out of Final, its lock (decision 167).
      body: (isLocked(change.from) ? (
        <>
          reopened it: now <span className="font-medium">{change.to}</span> (was {change.from})
        </>
      ) : (
        <>
          set <span className="font-medium">{change.to}</span> (was {change.from})
        </>
      )) as ReactNode,
    })),
    ...data.reviewEvents.map((event) => ({
      key: event.key,
      when: event.when,
      who: event.who,
      body: reviewSentence(event),
    })),
  ].sort((a, b) => b.when - a.when)
  if (entries.length === 0) return <p className="text-sm text-muted">Nothing has happened in this review yet.</p>
  return (
    <ol aria-label="History" className="flex flex-col gap-2 text-sm">
      {entries.map((entry) => (
        <li key={entry.key} className="leading-snug">
          <span className="font-medium">{entry.who ?? 'Someone'}</span> {entry.body}
          <span className="block text-xs text-muted">{formatWhen(new Date(entry.when * 1000))}</span>
        </li>
      ))}
    </ol>
  )
}
