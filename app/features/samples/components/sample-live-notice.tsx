// What changed on a sample while one looks at it, told by whom: a new version (with a link, so one
// opens it when ready and keeps one's place meanwhile), a status set, a rename, a deletion.
// One notice at a time: a newer one replaces it, one about a status the sample no longer has goes,
// and each can be dismissed.
import type { SampleChangedEvent } from '#app/platform/protocol'
import { CloseIcon } from '#app/ui/icons'
import { Link } from '@remix-run/react'
import { useCallback, useState } from 'react'
import type { SampleReviewData } from './sample-review-data'
import { useRefresh, useStyleRoom } from '#app/features/atelier/components'

export interface LiveNotice {
  text: string
  link?: { to: string; label: string }
  /** The status it tells of: it goes once the sample has another. */
  status?: string
}

/** The notice a change calls for on this sample's page, or null (one's own changes, other samples). */
export function noticeFor(
  event: SampleChangedEvent,
  page: { brandKey: string; styleKey: string; sampleKey: string; series: string; selfKey: string },
): LiveNotice | null {
  if (event.byKey === page.selfKey) return null
  const samplePage = (key: string) => `/brand/${page.brandKey}/style/${page.styleKey}/samples/${key}`
  if (event.change === 'version' && event.series === page.series && event.sample !== page.sampleKey) {
    return {
      text: `Version ${event.version} was uploaded by ${event.by}.`,
      link: { to: samplePage(event.sample), label: 'Open it' },
    }
  }
  if (event.sample !== page.sampleKey) return null
  if (event.change === 'status') return { text: `${event.by} set ${event.status}.`, status: event.status }
  if ((event.change === 'feedback' || event.change === 'round' || event.change === 'pin') && event.detail) {
    return { text: `${event.by} ${event.detail}.` }
  }
  if (event.change === 'renamed') return { text: `${event.by} renamed this sample to ${event.name}.` }
  if (event.change === 'deleted') {
    return {
      text: `${event.by} deleted this sample.`,
      link: { to: `/brand/${page.brandKey}/style/${page.styleKey}`, label: 'Back to the style' },
    }
  }
  return null
}

/** Whether a notice still holds on the page as it is: of this sample, and of the status it has. */
export function noticeHolds(
  shown: { notice: LiveNotice; sampleKey: string },
  page: { sampleKey: string; status: string },
): boolean {
  if (shown.sampleKey !== page.sampleKey) return false
  return shown.notice.status === undefined || shown.notice.status === page.status
}

/**
 * Keeps the sample page live: its data is read again on every change to the style's samples.
 * Gives the notice to show (the newest, while it holds) and a way to dismiss it.
 */
export function useSampleLive(data: SampleReviewData): { notice: LiveNotice | null; dismiss: () => void } {
  const refresh = useRefresh()
  const [shown, setShown] = useState<{ notice: LiveNotice; sampleKey: string } | null>(null)
  const [gone, setGone] = useState(false)
  useStyleRoom(data.style.key, {
    onChange: (event) => {
      const page = {
        brandKey: data.brandKey,
        styleKey: data.style.key,
        sampleKey: data.sample.key,
        series: data.sample.series,
        selfKey: data.selfKey,
      }
      const next = noticeFor(event, page)
      if (next) setShown({ notice: next, sampleKey: data.sample.key })
      // One's own status change ends a notice of the status before it.
      else if (event.change === 'status' && event.sample === data.sample.key) setShown(null)
      // A deleted sample has nothing left to read: the page stays as it was, with the notice.
      if (event.change === 'deleted' && event.sample === data.sample.key) setGone(true)
      else if (!gone) refresh()
    },
    onCatchUp: () => {
      if (!gone) refresh()
    },
  })
  const dismiss = useCallback(() => setShown(null), [])
  // Derived from the page's data, so a notice goes as soon as what it tells is no longer so.
  const holds =
    shown !== null && (gone || noticeHolds(shown, { sampleKey: data.sample.key, status: data.sample.sample_status }))
  return { notice: holds ? shown.notice : null, dismiss }
}

export function SampleLiveNotice({ notice, onDismiss }: { notice: LiveNotice | null; onDismiss: () => void }) {
  return (
    <div aria-live="polite" data-testid="live-notice" className="min-w-0">
      {notice ? (
        <p className="inline-flex flex-wrap items-center gap-x-3 rounded-full border border-sky-700/30 bg-sky-50 px-4 py-1 text-sm text-sky-950">
          <span>{notice.text}</span>
          {notice.link ? (
            <Link to={notice.link.to} className="font-medium underline underline-offset-4">
              {notice.link.label}
            </Link>
          ) : null}
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss"
            title="Dismiss"
            className="-mr-2 rounded-full p-1 text-sky-900 hover:bg-sky-100"
          >
            <CloseIcon className="h-3.5 w-3.5" />
          </button>
        </p>
      ) : null}
    </div>
  )
}
