// The shapes this feature's pages and components show, shared by its services and its
// components (which take no types from server modules).
import type { ReferenceView } from '#app/features/atelier'
import type { SampleStatus } from '#app/features/atelier'

export type SampleView = ReferenceView & {
  sample_status: SampleStatus
  /** The key of the series' first version (its own key on a first version), and this one's number. */
  series: string
  version: number
}

export interface StatusChangeView {
  key: string
  who: string | null
  from: SampleStatus
  to: SampleStatus
  when: number
}
