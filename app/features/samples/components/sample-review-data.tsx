// What the sample review page receives, its status badge and its links.
import type { MessagePage } from '#app/features/chat'
import type { AnyPin, Shape } from '#app/features/samples/markup/shapes'
import { type SampleStatus } from '#app/features/samples/sample-status'
import type { SampleView, StatusChangeView } from '../views'
import { Badge } from '#app/ui/misc'

export type SampleDialog = 'expand' | 'rename' | 'delete' | 'annotate' | 'version'

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
  /** The lightbox's zoom asked for by the address (`?zoom=`), for the page without JavaScript. */
  zoom: number
  referenceImages: { key: string; name: string; assets: SampleView['assets'] }[]
  history: StatusChangeView[]
  statusOptions: SampleStatus[]
  mayLockAsFinal: boolean
  canEdit: boolean
  canReview: boolean
  thread: MessagePage
  /** The shapes drawn on the sample, as stored. */
  markup: Shape[]
  /** The pin whose comment thread is open (`?pin=`), and that thread. */
  pin: AnyPin | null
  pinThread: MessagePage | null
  /** Earlier versions' comments on the open pin, newest version first. */
  earlierPinComments: { sampleKey: string; version: number; count: number }[]
  selfName: string
  /** The page's own query state. */
  markupMode: boolean
  showReferences: boolean
  listView: boolean
  dialog: SampleDialog | null
}

const STATUS_TONE: Record<SampleStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  'Asset Uploaded': 'neutral',
  'In Progress': 'info',
  'Ready for Review': 'warning',
  Declined: 'danger',
  Approved: 'success',
  Final: 'success',
}

/** The badge tone of a sample status; an unknown one is neutral. */
export function sampleStatusTone(status: string): 'neutral' | 'info' | 'success' | 'warning' | 'danger' {
  return STATUS_TONE[status as SampleStatus] ?? 'neutral'
}

export function StatusBadge({ status }: { status: SampleStatus }) {
  return <Badge tone={STATUS_TONE[status]}>{status}</Badge>
}

export function pageHref(data: SampleReviewData, changes: Record<string, string | null>, sampleKey = data.sample.key) {
  const query = new URLSearchParams()
  if (data.pin && sampleKey === data.sample.key) query.set('pin', data.pin.id)
  if (data.compare && sampleKey === data.sample.key) query.set('compare', data.compare.key)
  if (data.showReferences) query.set('references', 'on')
  if (data.listView) query.set('view', 'list')
  if (data.markupMode) query.set('markup', 'on')
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) query.delete(name)
    else query.set(name, value)
  }
  const text = query.toString()
  return `/brand/${data.brandKey}/style/${data.style.key}/samples/${sampleKey}${text ? `?${text}` : ''}`
}
