// What changed on a sample while one looks at it, told by whom: a new version (with a link, so one
// opens it when ready and keeps one's place meanwhile), a status set, a rename, a deletion.
import type { SampleChangedEvent } from '#realtime/protocol'
import { Link } from '@remix-run/react'
import { useState } from 'react'
import type { SampleReviewData } from './sample-review-data'
import { useRefresh, useStyleRoom } from './use-style-room'

export interface LiveNotice {
  text: string
  link?: { to: string; label: string }
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
  if (event.change === 'status') return { text: `${event.by} set ${event.status}.` }
  if ((event.change === 'feedback' || event.change === 'round') && event.detail) {
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

/** Keeps the sample page live: its data is read again on every change to the style's samples. */
export function useSampleLive(data: SampleReviewData): LiveNotice | null {
  const refresh = useRefresh()
  const [notice, setNotice] = useState<LiveNotice | null>(null)
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
      if (next) setNotice(next)
      // A deleted sample has nothing left to read: the page stays as it was, with the notice.
      if (event.change === 'deleted' && event.sample === data.sample.key) setGone(true)
      else if (!gone) refresh()
    },
    onCatchUp: () => {
      if (!gone) refresh()
    },
  })
  return notice
}

export function SampleLiveNotice({ notice }: { notice: LiveNotice | null }) {
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
        </p>
      ) : null}
    </div>
  )
}
