// The side panel (status and actions) and the other samples as a rail or a list.
import { Slide, Slideshow } from '#app/features/atelier/components'
import type { SampleView } from '../views'
import { useCsrfToken } from '#app/platform/csrf'
import { formatFileSize, formatWhen } from '#app/platform/format'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import { HangerIcon } from '#app/ui/icons'
import { SAMPLE_TEXTS } from '#app/features/atelier'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { Form, Link, useActionData } from '@remix-run/react'
import { useCallback, useState } from 'react'
import { CommentThread } from '#app/features/chat/components'
import { CommentFeedbackMark, FeedbackTab } from './feedback-tab'
import { HistoryTab } from './history-tab'
import { REVIEW_TABS, StatusBadge, pageHref, type ReviewTab, type SampleReviewData } from './sample-review-data'
import { PinThread } from './sample-stage'
import { useReviewOverSocket } from './use-review-over-socket'
import { VersionList } from './sample-version-panels'

const TAB_LABEL: Record<ReviewTab, string> = {
  feedback: 'Feedback',
  comments: 'Comments',
  details: 'Details',
  history: 'History',
}

/**
 * The right panel beside the picture: the sample's name and status first, then the review's tabs.
 * Each tab is a link (`?tab=`), so the panel works without JavaScript.
 */
export function SidePanel({ data }: { data: SampleReviewData }) {
  const { sample } = data
  const openCount = data.feedback.items.filter((item) => item.state === 'open' || item.state === 'to re-check').length
  return (
    <aside aria-label="Sample details" className="flex min-w-0 flex-col gap-4 text-sm">
      <div className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 break-words text-lg font-medium leading-snug">{sample.name}</h2>
          <div data-testid="sample-status" className="shrink-0 pt-0.5">
            <StatusBadge status={sample.sample_status} />
          </div>
        </div>
        <StatusForm data={data} />
      </div>
      <nav aria-label="Review panel" className="flex border-b border-line">
        {REVIEW_TABS.map((tab) => (
          <Link
            key={tab}
            to={pageHref(data, { tab })}
            preventScrollReset
            aria-current={data.tab === tab ? 'page' : undefined}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-1 pb-2 lg:px-1.5 text-muted hover:text-ink aria-[current=page]:border-ink aria-[current=page]:font-medium aria-[current=page]:text-ink"
          >
            {TAB_LABEL[tab]}
            {tab === 'feedback' && openCount > 0 ? (
              <span className="ml-1 rounded-full bg-amber-100 px-1.5 text-[11px] text-amber-900">{openCount}</span>
            ) : null}
          </Link>
        ))}
      </nav>
      <div id="comments" data-testid={`tab-${data.tab}`}>
        {data.tab === 'feedback' ? <FeedbackTab data={data} /> : null}
        {data.tab === 'comments' ? <CommentsTab data={data} /> : null}
        {data.tab === 'details' ? <DetailsTab data={data} /> : null}
        {data.tab === 'history' ? <HistoryTab data={data} /> : null}
      </div>
    </aside>
  )
}

function StatusForm({ data }: { data: SampleReviewData }) {
  const csrf = useCsrfToken()
  const { sample } = data
  const current = sample.sample_status
  const answer = useActionData<{ refused?: string; current?: string }>()
  // A refusal told over the socket, shown while the sample has the status it named (or had).
  const [told, setTold] = useState<{ on: string; message: string } | null>(null)
  const onRefused = useCallback(
    (message: string, now?: string) => setTold({ on: `${sample.key}:${now ?? current}`, message }),
    [sample.key, current],
  )
  const overSocket = useReviewOverSocket(sample.key, onRefused)
  // A refusal goes once the status moves on: it would name a status the sample no longer has.
  const refused =
    (told?.on === `${sample.key}:${current}` ? told.message : null) ??
    (answer?.refused && answer.current === current ? answer.refused : null)
  return (
    <>
      {refused ? (
        <p role="alert" data-testid="status-refused" className="rounded-md bg-amber-50 px-3 py-2 text-amber-950">
          {refused}
        </p>
      ) : null}
      {data.statusOptions.length > 0 ? (
        // Keyed by the sample and its status: the picker starts again from the status the badge
        // shows whenever either changes (a live update, another sample), never from an older pick.
        <Form
          key={`${sample.key}:${current}`}
          method="post"
          action={pageHref(data, {})}
          className="flex gap-2"
          preventScrollReset
          onSubmit={(event) => {
            setTold(null)
            overSocket(event)
          }}
        >
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="status" />
          {/* The status this pick is based on: a change based on another is refused (decision 168). */}
          <input type="hidden" name="base" value={current} />
          <label htmlFor="sample-status" className="sr-only">
            Status
          </label>
          <select
            id="sample-status"
            name="status"
            defaultValue={data.statusOptions.includes(current) ? current : ''}
            className="min-w-0 flex-1 rounded-md border border-line bg-white px-2 py-1.5"
          >
            {data.statusOptions.includes(current) ? null : (
              <option value="" disabled>
                Choose a status
              </option>
            )}
            {data.statusOptions.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
          <Button type="submit" variant="secondary" className="py-1.5">
            Save
          </Button>
        </Form>
      ) : null}
      {data.locked ? <LockedNotice data={data} /> : null}
      {data.mayLockAsFinal ? (
        <Form method="post" action={pageHref(data, {})} preventScrollReset>
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="lock" />
          <Button type="submit" variant="secondary" className="w-full py-1.5">
            Lock as Final
          </Button>
        </Form>
      ) : null}
    </>
  )
}

/** What a locked sample says beside its status, and an owner's way to reopen it. */
function LockedNotice({ data }: { data: SampleReviewData }) {
  const csrf = useCsrfToken()
  return (
    <div
      role="note"
      aria-label="Locked"
      data-testid="sample-locked"
      className="flex flex-col gap-2 rounded-md border border-line bg-canvas px-3 py-2"
    >
      <p>
        {SAMPLE_TEXTS.lockedNotice} {data.mayReopen ? SAMPLE_TEXTS.lockedNoticeOwner : SAMPLE_TEXTS.lockedNoticeOthers}
      </p>
      {data.mayReopen ? (
        <Form method="post" action={pageHref(data, {})} preventScrollReset>
          <CsrfField token={csrf} />
          <input type="hidden" name="intent" value="reopen" />
          <Button type="submit" variant="secondary" className="w-full py-1.5">
            Reopen
          </Button>
        </Form>
      ) : null}
    </div>
  )
}

function CommentsTab({ data }: { data: SampleReviewData }) {
  return (
    <section aria-labelledby="comments-heading" className="flex flex-col gap-3">
      {data.pin ? (
        <PinThread data={data} pin={data.pin} />
      ) : (
        <>
          <h2 id="comments-heading" className="sr-only">
            Comments
          </h2>
          <CommentThread
            model="Reference"
            modelId={data.sample.key}
            selfKey={data.selfKey}
            initial={data.thread}
            messageAction={(message) => <CommentFeedbackMark data={data} messageKey={message.key} />}
          />
        </>
      )}
    </section>
  )
}

function DetailsTab({ data }: { data: SampleReviewData }) {
  const { sample } = data
  return (
    <div className="flex flex-col gap-5">
      <p className="text-muted">
        {sample.size !== null ? formatFileSize(sample.size) : ''} · added {formatWhen(new Date(sample.created * 1000))}
      </p>
      <div className="flex flex-col gap-1" role="group" aria-label="Sample side actions">
        {sample.download ? (
          <a href={sample.download} download={sample.name} className={buttonClass('ghost', 'justify-start')}>
            Download
          </a>
        ) : null}
        {data.canEdit ? (
          <>
            <ButtonLink
              variant="ghost"
              className="justify-start"
              to={pageHref(data, { dialog: 'rename' })}
              preventScrollReset
            >
              Rename
            </ButtonLink>
            <button type="button" disabled className={buttonClass('ghost', 'justify-start opacity-50')}>
              Move
            </button>
            <ButtonLink
              variant="ghost"
              className="justify-start text-red-700"
              to={pageHref(data, { dialog: 'delete' })}
              preventScrollReset
            >
              Delete
            </ButtonLink>
          </>
        ) : null}
      </div>
      <VersionList data={data} />
    </div>
  )
}

export function OtherSamples({ data }: { data: SampleReviewData }) {
  const toggle = (
    <div className="flex gap-1 text-sm" role="group" aria-label="Show samples as">
      <Link
        to={pageHref(data, { view: null })}
        aria-current={data.listView ? undefined : 'true'}
        preventScrollReset
        className={`rounded px-2 py-1 ${data.listView ? 'text-muted hover:text-ink' : 'bg-black/5 font-medium'}`}
      >
        Rail
      </Link>
      <Link
        to={pageHref(data, { view: 'list' })}
        aria-current={data.listView ? 'true' : undefined}
        preventScrollReset
        className={`rounded px-2 py-1 ${data.listView ? 'bg-black/5 font-medium' : 'text-muted hover:text-ink'}`}
      >
        List
      </Link>
    </div>
  )
  return (
    <section aria-labelledby="samples-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-6">
          <h2 id="samples-heading" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
            Samples of this style
          </h2>
          <div role="tablist" aria-label="Samples" className="flex gap-4 text-sm">
            <span role="tab" aria-selected="true" className="border-b-2 border-ink px-1 pb-1 font-medium">
              Virtual Sample
            </span>
            <span role="tab" aria-selected="false" aria-disabled="true" className="px-1 pb-1 text-muted opacity-50">
              Archived
            </span>
          </div>
        </div>
        <div className="flex items-center gap-3">
          {toggle}
          {data.canEdit ? (
            <ButtonLink variant="secondary" to={`/brand/${data.brandKey}/style/${data.style.key}/samples/add`}>
              Add samples
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {data.samples.length === 0 ? (
        <EmptyState title="No virtual samples yet" />
      ) : data.listView ? (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-muted">
            <tr>
              <th className="py-2 font-medium">Name</th>
              <th className="py-2 font-medium">Status</th>
              <th className="py-2 font-medium">Added</th>
            </tr>
          </thead>
          <tbody>
            {data.samples.map((sample) => (
              <tr key={sample.key} className="border-t border-line">
                <td className="py-2">
                  <Link
                    to={pageHref(data, { dialog: null }, sample.key)}
                    aria-current={sample.key === data.sample.key ? 'page' : undefined}
                    className="underline-offset-2 hover:underline aria-[current=page]:font-medium"
                  >
                    {sample.name}
                  </Link>
                </td>
                <td className="py-2">
                  <StatusBadge status={sample.sample_status} />
                </td>
                <td className="py-2 text-muted">{formatWhen(new Date(sample.created * 1000))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Slideshow label="Carousel of this style’s samples" count={data.samples.length}>
          {data.samples.map((sample) => (
            <Slide key={sample.key}>
              <Link
                to={pageHref(data, { dialog: null }, sample.key)}
                aria-current={sample.key === data.sample.key ? 'page' : undefined}
                className="flex flex-col gap-2 rounded-md p-1 text-sm aria-[current=page]:ring-2 aria-[current=page]:ring-ink"
              >
                <Thumb sample={sample} />
                <span className="truncate">{sample.name}</span>
                <span>
                  <StatusBadge status={sample.sample_status} />
                </span>
              </Link>
            </Slide>
          ))}
        </Slideshow>
      )}
    </section>
  )
}

function Thumb({ sample }: { sample: SampleView }) {
  const src = sample.assets?.thumbnail ?? null
  return src ? (
    <img src={src} alt="" loading="lazy" className="aspect-product w-full rounded-md bg-canvas object-cover" />
  ) : (
    <span className="flex aspect-product w-full items-center justify-center rounded-md bg-stone-100 text-stone-400">
      <HangerIcon className="h-1/3 w-1/2" />
    </span>
  )
}
