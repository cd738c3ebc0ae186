// What the sample review page receives, its status badge and its links.
import type { MessagePage } from '#app/features/chat'
import type { AnyPin, Shape } from '#app/features/samples/markup/shapes'
import { sampleStatusTone, type SampleStatus } from '#app/features/atelier'
import type { PinPreviews } from '#app/features/samples/pin-preview'
import type { SampleView, StatusChangeView } from '../views'
import type { CompareView } from '#app/features/samples/compare-view'
import { Badge } from '#app/ui/misc'

import type { ReviewEventView, SampleReviewState } from '#app/features/samples/review/review-views'

export const SAMPLE_DIALOGS = ['expand', 'rename', 'delete', 'annotate', 'version'] as const
export type SampleDialog = (typeof SAMPLE_DIALOGS)[number]

/** The dialog the address opens, if it names one of the page's. */
export function dialogOf(query: URLSearchParams): SampleDialog | null {
  return SAMPLE_DIALOGS.find((name) => name === query.get('dialog')) ?? null
}

/** The right panel's tabs, in order; each is a query state (`?tab=`), so they work without JavaScript. */
export const REVIEW_TABS = ['feedback', 'comments', 'details', 'history'] as const
export type ReviewTab = (typeof REVIEW_TABS)[number]

export interface SampleReviewData {
  brandKey: string
  selfKey: string
  style: { key: string; name: string; number: string | null }
  sample: SampleView
  samples: SampleView[]
  /** The versions of this sample's series one may see, first version first. */
  versions: SampleView[]
  /** The other version shown beside this one (`?compare=`). */
  compare: SampleView | null
  /** How the two are compared, and the other version's markup; null when not comparing. */
  compareView: CompareView | null
  /** The lightbox's zoom asked for by the address (`?zoom=`), for the page without JavaScript. */
  zoom: number
  referenceImages: { key: string; name: string; assets: SampleView['assets'] }[]
  history: StatusChangeView[]
  statusOptions: SampleStatus[]
  mayLockAsFinal: boolean
  canEdit: boolean
  /** May draw and decide on it: never on a locked sample. */
  canReview: boolean
  /** Final means locked (decision 167): read-only for everyone until an owner reopens it. */
  locked: boolean
  mayReopen: boolean
  thread: MessagePage
  /** The shapes drawn on the sample, as stored. */
  markup: Shape[]
  /** The pin whose comment thread is open (`?pin=`), and that thread. */
  pin: AnyPin | null
  pinThread: MessagePage | null
  /** Earlier versions' comments on the open pin, newest version first. */
  earlierPinComments: { sampleKey: string; version: number; count: number }[]
  /** The first comment of each pin with comments, for the pins' hover cards. */
  pinPreviews: PinPreviews
  selfName: string
  tab: ReviewTab
  /** Change requests, rounds and who may do what (review/review-reading.server.ts). */
  feedback: SampleReviewState
  /** A comment of the thread being marked as a change request (`?comment=`), for the raise form. */
  markedMessage: { key: string; text: string; sender: string | null } | null
  /** The review's History of this version (only when the History tab is open). */
  reviewEvents: ReviewEventView[]
  /** The page's own query state. */
  markupMode: boolean
  showReferences: boolean
  listView: boolean
  dialog: SampleDialog | null
}

export function StatusBadge({ status }: { status: SampleStatus }) {
  return <Badge tone={sampleStatusTone(status)}>{status}</Badge>
}

export function pageHref(data: SampleReviewData, changes: Record<string, string | null>, sampleKey = data.sample.key) {
  const query = new URLSearchParams()
  if (data.pin && sampleKey === data.sample.key) query.set('pin', data.pin.id)
  if (data.compare && sampleKey === data.sample.key) {
    query.set('compare', data.compare.key)
    // The way the two are compared stays while one changes tab or opens a pin.
    if (data.compareView && !data.compareView.showMarkup) query.set('compareMarkup', 'off')
    if (data.compareView?.overlay) {
      query.set('overlay', 'on')
      query.set('opacity', String(data.compareView.opacity))
    }
  }
  if (data.showReferences) query.set('references', 'on')
  if (data.listView) query.set('view', 'list')
  if (data.markupMode) query.set('markup', 'on')
  if (data.tab !== (data.pin ? 'comments' : 'feedback')) query.set('tab', data.tab)
  if (data.feedback.scope === 'all') query.set('feedback', 'all')
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) query.delete(name)
    else query.set(name, value)
  }
  if (!query.has('compare')) for (const name of ['compareMarkup', 'overlay', 'opacity']) query.delete(name)
  const text = query.toString()
  return `/brand/${data.brandKey}/style/${data.style.key}/samples/${sampleKey}${text ? `?${text}` : ''}`
}

export { sampleStatusTone }
