// Files still being checked: watched live, listed with their status.
import type { StepFilesData } from '../views'
import { SCAN_MESSAGES } from '#app/features/files'
import { useCsrfToken } from '#app/platform/csrf'
import { showToast } from '#app/ui/live-toasts'
import { CsrfField } from '#app/ui/misc'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { FILE_EVENTS, type FileStatusEvent } from '#app/platform/protocol'
import { Form, useRevalidator } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { RECHECK_MS } from './step-uploads-props'

/** Toasts of §4 for this step's files being scanned, and the page read again when they settle. */
export function ScanWatcher({ brandKey, unsettled }: { brandKey: string; unsettled: StepFilesData['unsettled'] }) {
  const revalidator = useRevalidator()
  const scanning = unsettled.filter((item) => item.status === 'scanning').map((item) => item.file)
  const watched = useRef(new Set<string>())
  for (const key of scanning) watched.current.add(key)
  useRealtimeEvent<FileStatusEvent>(FILE_EVENTS.status, (event) => {
    if (event.brand !== brandKey || !watched.current.has(event.key)) return
    if (event.status === 'available') showToast({ kind: 'success', message: SCAN_MESSAGES.available })
    if (event.status === 'quarantined')
      showToast({ kind: 'error', message: SCAN_MESSAGES.quarantined, persistent: true })
    if (event.status === 'available' || event.status === 'quarantined') {
      watched.current.delete(event.key)
      revalidator.revalidate()
    }
  })
  // Without a socket: read the page again every 2000 ms while a file is being scanned.
  const pending = scanning.length > 0
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => revalidator.revalidate(), RECHECK_MS)
    return () => clearInterval(timer)
  }, [pending, revalidator])
  return null
}

export function Unsettled({ items, action }: { items: StepFilesData['unsettled']; action: string }) {
  const csrf = useCsrfToken()
  return (
    <ul className="flex flex-col gap-2" aria-label="Uploads not listed yet" data-testid="unsettled">
      {items.map((item) => (
        <li
          key={item.key}
          className={`flex flex-wrap items-center justify-between gap-3 rounded-md border px-4 py-2 text-sm ${
            item.status === 'refused' ? 'border-red-200 bg-red-50' : 'border-line bg-white'
          }`}
        >
          <span>
            <span className="font-medium">{item.name}</span>{' '}
            <span className="text-muted">
              {item.status === 'refused' ? `was not accepted. ${item.reason ?? ''}` : SCAN_MESSAGES.scanning}
            </span>
          </span>
          {item.status === 'refused' ? (
            <Form method="post" action={action}>
              <CsrfField token={csrf} />
              <input type="hidden" name="reference" value={item.key} />
              <button type="submit" name="intent" value="dismiss" className="text-xs font-medium underline">
                Remove
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
