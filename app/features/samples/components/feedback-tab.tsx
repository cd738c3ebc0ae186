// The Feedback tab: the open round (or a form to start one), the change requests of this version
// or of all versions, each with its state, priority and assignee, and a form to raise one. Every
// action is a plain form posting to the sample's page, so it works before JavaScript loads.
import type { Shape } from '#app/features/samples/markup/shapes'
import {
  FEEDBACK_PRIORITIES,
  OPEN_STATES,
  type FeedbackPriority,
  type FeedbackState,
} from '#app/features/samples/review/feedback-rules'
import type { FeedbackView } from '#app/features/samples/review/review-views'
import { versionLabel } from '#app/features/samples/sample-versions'
import { useCsrfToken } from '#app/platform/csrf'
import { Button } from '#app/ui/button'
import { Badge, CsrfField, type BadgeTone } from '#app/ui/misc'
import { Form, Link } from '@remix-run/react'
import { RoundBox } from './round-box'
import { useReviewOverSocket } from './use-review-over-socket'
import { pageHref, type SampleReviewData } from './sample-review-data'

export const STATE_LABEL: Record<FeedbackState, string> = {
  open: 'Open',
  'to re-check': 'To re-check',
  resolved: 'Resolved',
  "won't fix": 'Won’t fix',
}
const STATE_TONE: Record<FeedbackState, BadgeTone> = {
  open: 'warning',
  'to re-check': 'info',
  resolved: 'success',
  "won't fix": 'muted',
}
const PRIORITY_LABEL: Record<FeedbackPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
}

export function FeedbackStateBadge({ state }: { state: FeedbackState }) {
  return <Badge tone={STATE_TONE[state]}>{STATE_LABEL[state]}</Badge>
}

const field = 'min-w-0 rounded-md border border-line bg-white px-2 py-1.5 text-sm'

export function FeedbackTab({ data }: { data: SampleReviewData }) {
  const { feedback } = data
  const open = feedback.items.filter((item) => OPEN_STATES.includes(item.state))
  return (
    <div className="flex flex-col gap-4">
      {/* A comment chosen in the thread comes first, beside the picture, not below the list. */}
      {feedback.leads && data.markedMessage ? <RaiseForm data={data} /> : null}
      <RoundBox data={data} />
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
        <h3 className="whitespace-nowrap text-sm font-medium">
          Change requests <span className="font-normal text-muted">· {open.length} open</span>
        </h3>
        <div className="flex gap-1 text-xs" role="group" aria-label="Show change requests of">
          {(['version', 'all'] as const).map((scope) => (
            <Link
              key={scope}
              to={pageHref(data, { feedback: scope === 'all' ? 'all' : null, tab: 'feedback' })}
              preventScrollReset
              aria-current={feedback.scope === scope ? 'true' : undefined}
              className="whitespace-nowrap rounded px-2 py-1 text-muted hover:text-ink aria-[current=true]:bg-black/5 aria-[current=true]:font-medium aria-[current=true]:text-ink"
            >
              {scope === 'all' ? 'All versions' : 'This version'}
            </Link>
          ))}
        </div>
      </div>
      {feedback.items.length === 0 ? (
        <p className="text-sm text-muted">
          No change requests {feedback.scope === 'all' ? 'on any version' : 'on this version'} yet.
        </p>
      ) : (
        <ol aria-label="Change requests" className="flex flex-col gap-2">
          {feedback.items.map((item) => (
            <FeedbackItem key={item.key} data={data} item={item} />
          ))}
        </ol>
      )}
      {feedback.leads && !data.markedMessage ? <RaiseForm data={data} /> : null}
    </div>
  )
}

function FeedbackItem({ data, item }: { data: SampleReviewData; item: FeedbackView }) {
  const csrf = useCsrfToken()
  const overSocket = useReviewOverSocket(data.sample.key)
  const mine = item.assignee?.key === data.selfKey
  const onThisVersion = item.sampleKey === data.sample.key
  const to =
    item.target === 'pin'
      ? `${pageHref(data, { pin: item.targetId, tab: null }, item.sampleKey)}#comments`
      : `${pageHref(data, { pin: null, tab: 'comments' }, item.sampleKey)}#comments`
  const editable = item.states.length > 1 || item.mayAssign
  return (
    <li
      className="flex flex-col gap-1.5 rounded-md border border-line bg-white px-3 py-2 text-sm"
      data-testid="feedback-item"
      data-state={item.state}
    >
      <div className="flex items-start justify-between gap-2">
        <Link to={to} preventScrollReset className="min-w-0 break-words font-medium underline-offset-2 hover:underline">
          {item.label}
        </Link>
        <FeedbackStateBadge state={item.state} />
      </div>
      <p className="flex flex-wrap gap-x-1.5 text-xs text-muted">
        <span className="whitespace-nowrap">
          {item.assignee ? (
            <>
              Assigned to{' '}
              <span className={mine ? 'font-medium text-ink' : undefined}>{mine ? 'you' : item.assignee.name}</span>
            </>
          ) : (
            'Not assigned'
          )}
        </span>
        <span className="whitespace-nowrap">· {PRIORITY_LABEL[item.priority]} priority</span>
        {onThisVersion ? null : <span className="whitespace-nowrap">· {versionLabel(item.version).toLowerCase()}</span>}
        {item.round ? <span className="whitespace-nowrap">· round {item.round}</span> : null}
      </p>
      {editable ? (
        <details className="group">
          <summary className="cursor-pointer text-xs text-muted hover:text-ink">Change</summary>
          <Form
            method="post"
            action={pageHref(data, {})}
            preventScrollReset
            className="mt-2 grid grid-cols-2 gap-2"
            onSubmit={overSocket}
          >
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="feedback" />
            <input type="hidden" name="feedback" value={item.key} />
            <label className="flex flex-col gap-1 text-xs text-muted">
              State
              <select name="state" defaultValue={item.state} className={field}>
                {item.states.map((state) => (
                  <option key={state} value={state}>
                    {STATE_LABEL[state]}
                  </option>
                ))}
              </select>
            </label>
            {item.mayAssign ? (
              <>
                <label className="flex flex-col gap-1 text-xs text-muted">
                  Priority
                  <select name="priority" defaultValue={item.priority} className={field}>
                    {FEEDBACK_PRIORITIES.map((priority) => (
                      <option key={priority} value={priority}>
                        {PRIORITY_LABEL[priority]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="col-span-2 flex flex-col gap-1 text-xs text-muted">
                  Assign to
                  <AssigneeSelect data={data} value={item.assignee?.key ?? ''} />
                </label>
              </>
            ) : null}
            <Button type="submit" variant="secondary" className="col-span-2 py-1.5">
              Save
            </Button>
          </Form>
        </details>
      ) : null}
    </li>
  )
}

function AssigneeSelect({ data, value }: { data: SampleReviewData; value: string }) {
  return (
    <select name="assignee" defaultValue={value} className={field}>
      <option value="">Nobody</option>
      {data.feedback.people.map((person) => (
        <option key={person.key} value={person.key}>
          {person.name}
          {person.jobType ? ` (${person.jobType})` : ''}
        </option>
      ))}
    </select>
  )
}

/** Raise a change request: on a pin of this version, a comment of its thread, or as a new comment. */
function RaiseForm({ data, pin }: { data: SampleReviewData; pin?: string }) {
  const csrf = useCsrfToken()
  const raised = new Set(data.feedback.items.filter((item) => item.target === 'pin').map((item) => item.targetId))
  const pins = data.markup
    .filter((shape): shape is Extract<Shape, { kind: 'pin' }> => shape.kind === 'pin' && !raised.has(shape.id))
    .sort((a, b) => a.number - b.number)
  const message = pin === undefined ? data.markedMessage : null
  const title =
    pin !== undefined
      ? 'Mark this pin as a change request'
      : message
        ? 'Mark this comment as a change request'
        : 'Raise a change request'
  return (
    <details
      className="rounded-md border border-dashed border-line px-3 py-2"
      open={pin !== undefined || message !== null}
      id={message ? 'mark-comment' : undefined}
    >
      <summary className="cursor-pointer text-sm font-medium">{title}</summary>
      <Form method="post" action={pageHref(data, {})} preventScrollReset className="mt-3 flex flex-col gap-2 text-sm">
        <CsrfField token={csrf} />
        <input type="hidden" name="intent" value="raise" />
        {pin !== undefined ? (
          <input type="hidden" name="pin" value={pin} />
        ) : message ? (
          <>
            <input type="hidden" name="message" value={message.key} />
            <blockquote className="rounded-md bg-canvas px-3 py-2 text-sm" data-testid="marked-comment">
              <span className="block text-xs text-muted">{message.sender ?? 'Someone no longer here'} wrote</span>
              <span className="line-clamp-3 whitespace-pre-wrap break-words">{message.text}</span>
            </blockquote>
            <Link to={pageHref(data, { tab: 'feedback' })} className="self-start text-xs text-muted underline">
              Cancel
            </Link>
          </>
        ) : (
          <>
            <label className="flex flex-col gap-1 text-xs text-muted">
              On
              <select name="pin" defaultValue="" className={field}>
                <option value="">A new comment (below)</option>
                {pins.map((shape) => (
                  <option key={shape.id} value={shape.id}>
                    Pin {shape.number}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-xs text-muted">
              Comment
              <textarea name="comment" rows={2} maxLength={2000} className={field} placeholder="What should change?" />
            </label>
          </>
        )}
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col gap-1 text-xs text-muted">
            Assign to
            <AssigneeSelect data={data} value="" />
          </label>
          <label className="flex flex-col gap-1 text-xs text-muted">
            Priority
            <select name="priority" defaultValue="normal" className={field}>
              {FEEDBACK_PRIORITIES.map((priority) => (
                <option key={priority} value={priority}>
                  {PRIORITY_LABEL[priority]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <Button type="submit" variant="secondary">
          Mark as change request
        </Button>
      </Form>
    </details>
  )
}

/** On a pin's thread: the pin's change request, or a way to make it one. */
export function PinFeedback({ data, pinId }: { data: SampleReviewData; pinId: string }) {
  const item = data.feedback.items.find((candidate) => candidate.target === 'pin' && candidate.targetId === pinId)
  if (item) {
    return (
      <ol aria-label="Change request of this pin" className="flex flex-col">
        <FeedbackItem data={data} item={item} />
      </ol>
    )
  }
  return data.feedback.leads ? <RaiseForm data={data} pin={pinId} /> : null
}

/**
 * Beside a comment of the sample's thread: "Change request" when it is one (to the Feedback tab),
 * else, for those who lead the review, a link that opens the Feedback tab's form with it.
 */
export function CommentFeedbackMark({ data, messageKey }: { data: SampleReviewData; messageKey: string }) {
  if (data.feedback.markedComments.includes(messageKey)) {
    return (
      <Link
        to={pageHref(data, { tab: 'feedback', feedback: 'all' })}
        className="whitespace-nowrap rounded bg-amber-50 px-1.5 text-xs text-amber-800 hover:underline"
      >
        Change request
      </Link>
    )
  }
  if (!data.feedback.leads) return null
  return (
    <Link
      to={pageHref(data, { tab: 'feedback', comment: messageKey })}
      className="whitespace-nowrap text-xs text-muted underline-offset-4 opacity-0 transition-opacity hover:text-ink hover:underline focus:opacity-100 group-hover:opacity-100 group-focus-within:opacity-100 [@media(hover:none)]:opacity-100"
    >
      Mark as change request
    </Link>
  )
}
