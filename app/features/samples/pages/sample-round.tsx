// `/brand/{id}/style/{style}/samples/{reference}/rounds/{round}`: one review round, its decision,
// and its items grouped by who holds them (open ones first), each leading to its pin or comment.
import { FeedbackStateBadge } from '#app/features/samples/components/feedback-tab'
import { dueLabel } from '#app/features/samples/components/round-box'
import { OPEN_STATES } from '#app/features/samples/review/feedback-rules'
import type { FeedbackView } from '#app/features/samples/review/review-views'
import { versionLabel } from '#app/features/samples/sample-versions'
import { formatWhen } from '#app/platform/format'
import { BackIcon } from '#app/ui/icons'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './sample-round.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Round ${data?.round.number ?? ''} · Virtual Sample · Brand Portal` },
]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) =>
    `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}/samples/${params.sampleKey ?? ''}`,
}

export default function SampleRound() {
  const data = useLoaderData<typeof loader>()
  const { round } = data
  const samplePage = `/brand/${data.brandKey}/style/${data.styleKey}/samples/${data.sampleKey}`
  const open = data.items.filter((item) => OPEN_STATES.includes(item.state))
  const done = data.items.filter((item) => !OPEN_STATES.includes(item.state))
  const holders = new Map<string, FeedbackView[]>()
  for (const item of open) {
    const holder = item.assignee?.key === data.selfKey ? 'You' : (item.assignee?.name ?? 'Not assigned')
    holders.set(holder, [...(holders.get(holder) ?? []), item])
  }
  const linkOf = (item: FeedbackView) => {
    const page = `/brand/${data.brandKey}/style/${data.styleKey}/samples/${item.sampleKey}`
    return item.target === 'pin' ? `${page}?pin=${item.targetId}#comments` : `${page}?tab=comments#comments`
  }
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <Link to={samplePage} className="inline-flex items-center gap-1 text-sm text-muted hover:text-ink">
          <BackIcon className="h-4 w-4" /> Virtual Sample
        </Link>
        <h1 className="font-display text-2xl">Round {round.number}</h1>
        <p className="text-sm text-muted">
          On {versionLabel(round.version).toLowerCase()} · started by {round.startedBy ?? 'someone'}{' '}
          {formatWhen(new Date(round.created * 1000))} · due {dueLabel(round.due)}
        </p>
      </header>
      {round.outcome ? (
        <section
          aria-label="Decision"
          className={`rounded-md px-4 py-3 text-sm ${round.outcome === 'approved' ? 'bg-emerald-50' : 'bg-amber-50'}`}
        >
          <p className="font-medium">
            {round.outcome === 'approved' ? 'Approved' : 'Changes requested'} by {round.endedBy ?? 'someone'}
            {round.ended ? ` ${formatWhen(new Date(round.ended * 1000))}` : ''}
          </p>
          {round.summary ? <p className="mt-1 whitespace-pre-line break-words">{round.summary}</p> : null}
        </section>
      ) : (
        <p className="text-sm">This round is open: its decision is taken on the sample’s page.</p>
      )}
      <section aria-labelledby="open-items" className="flex flex-col gap-3">
        <h2 id="open-items" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
          {`Open items (${open.length})`}
        </h2>
        {open.length === 0 ? <p className="text-sm text-muted">Nothing is open in this round.</p> : null}
        {[...holders.entries()].map(([holder, items]) => (
          <div key={holder} className="flex flex-col gap-1">
            <h3 className="text-sm font-medium">{holder}</h3>
            <ul
              aria-label={`Held by ${holder}`}
              className="flex flex-col divide-y divide-line rounded-md border border-line bg-white"
            >
              {items.map((item) => (
                <ItemRow key={item.key} item={item} to={linkOf(item)} />
              ))}
            </ul>
          </div>
        ))}
      </section>
      {done.length > 0 ? (
        <section aria-labelledby="done-items" className="flex flex-col gap-2">
          <h2 id="done-items" className="text-xs font-medium uppercase tracking-[0.2em] text-muted">
            {`Done (${done.length})`}
          </h2>
          <ul className="flex flex-col divide-y divide-line rounded-md border border-line bg-white">
            {done.map((item) => (
              <ItemRow key={item.key} item={item} to={linkOf(item)} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}

function ItemRow({ item, to }: { item: FeedbackView; to: string }) {
  return (
    <li className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
      <span className="min-w-0">
        <Link to={to} className="break-words font-medium underline-offset-2 hover:underline">
          {item.label}
        </Link>
        <span className="block text-xs text-muted">
          {item.priority} priority · {versionLabel(item.version).toLowerCase()}
        </span>
      </span>
      <FeedbackStateBadge state={item.state} />
    </li>
  )
}
