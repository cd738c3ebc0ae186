// With JavaScript and a live connection, a review decision (a status, a change request's state,
// assignee or priority) goes over the socket instead of a page round trip: the service checks it
// the same way, and the others hear of it sooner (decision 153). Without either, the form posts.
import { showToast } from '#app/ui/live-toasts'
import { useRealtime } from '#app/ui/realtime-provider'
import { ATELIER_EVENTS, type SampleReviewAck } from '#app/platform/protocol'
import { useCallback, type FormEvent } from 'react'
import { useRefresh } from '#app/features/atelier/components'

/** What a review form holds, as the socket event takes it; null for a form it does not take. */
export function reviewPayload(sample: string, form: FormData): Record<string, string> | null {
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const intent = field('intent')
  if (intent === 'status') {
    // The status it was based on goes with it: the service refuses a change based on another.
    const base = field('base')
    return { sample, intent, status: field('status') ?? '', ...(base === undefined ? {} : { base }) }
  }
  if (intent !== 'feedback') return null
  const payload: Record<string, string> = { sample, intent, feedback: field('feedback') ?? '' }
  for (const name of ['state', 'assignee', 'priority']) {
    const value = field(name)
    if (value !== undefined) payload[name] = value
  }
  return payload
}

/**
 * The form's submit handler. A refused decision reads the page again too (it may have been refused
 * because the page was behind); `onRefused` hears its message.
 */
export function useReviewOverSocket(sample: string, onRefused?: (message: string, current?: string) => void) {
  const { socket, connected } = useRealtime()
  const refresh = useRefresh()
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!socket || !connected) return
      const payload = reviewPayload(sample, new FormData(event.currentTarget))
      if (!payload) return
      event.preventDefault()
      socket.timeout(10_000).emit(ATELIER_EVENTS.review, payload, (error: Error | null, ack?: SampleReviewAck) => {
        if (error || !ack) {
          showToast({ kind: 'error', message: 'Not saved: the connection did not answer. Please try again.' })
          return
        }
        if (ack.ok) showToast({ kind: 'success', message: ack.message })
        else if (onRefused) onRefused(ack.message, ack.current)
        else showToast({ kind: 'error', message: ack.message })
        refresh()
      })
    },
    [socket, connected, sample, refresh, onRefused],
  )
}
