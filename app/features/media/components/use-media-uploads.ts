// The browser's side of a product photo batch (catalogue.md §4 Media upload, atelier.md §4): the
// selection filtered by type, the batch preflight reserving names, then each photo sent with
// tus-js-client, a few at a time, with its progress in whole percent. Status comes live from
// `file:status`; while a photo is being scanned it is also re-checked every 2000 ms, for a page
// without a socket. Each status change toasts once per message at a time, so a batch of 200
// does not bury the page.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { ApiError, api } from '#app/platform/api-client'
import { SCAN_MESSAGES } from '#app/features/files'
import { showToast } from '#app/ui/live-toasts'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import { isAcceptedMedia, mediaBatchFailure, type UploadItemStatus } from '#app/features/media/media-upload-texts'
import type { Toast } from '#app/platform/toast'
import type { ReservedName } from '../views'
import { FILE_EVENTS, type FileStatusEvent } from '#app/platform/protocol'

/** Photos sent at once: enough to keep the line busy, few enough not to starve page requests. */
export const UPLOADS_AT_ONCE = 3
export const RECHECK_MS = 2000

export interface UploadItem {
  id: number
  name: string
  size: number
  /** The reserved media key; absent with a Filename error or before the preflight answers. */
  key: string | null
  /** The Filename error of the preflight. */
  error: string | null
  /** Why the upload itself failed (the server refused it, the connection gave up). */
  failure: string | null
  listing: ReservedName['listing'] | null
  unmatched: string | null
  /** Whole percent; -1 before the upload starts. */
  progress: number
  status: UploadItemStatus
  /** The upload carrying it, once tus has its address. */
  fileKey: string | null
}

interface Tus {
  abort(terminate?: boolean): Promise<void>
}

const TOAST_SPACING_MS = 6000

export function useMediaUploads(brandKey: string, onSettled: () => void) {
  const [items, setItems] = useState<UploadItem[]>([])
  const [phase, setPhase] = useState<'closed' | 'checking' | 'open'>('closed')
  const files = useRef(new Map<number, File>())
  const running = useRef(new Map<number, Tus>())
  const queue = useRef<UploadItem[]>([])
  const nextId = useRef(1)
  const lastToast = useRef(new Map<string, number>())
  const itemsRef = useRef(items)
  itemsRef.current = items
  const settledRef = useRef(onSettled)
  settledRef.current = onSettled

  const toastOnce = useCallback((toast: Toast) => {
    const now = Date.now()
    if (now - (lastToast.current.get(toast.message) ?? 0) < TOAST_SPACING_MS) return
    lastToast.current.set(toast.message, now)
    showToast(toast)
  }, [])

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)))
  }, [])

  /** A status the server reports for an item's upload: badge, toast, and the table refreshed. */
  const reportStatus = useCallback(
    (fileKey: string, status: FileStatusEvent['status']) => {
      const item = itemsRef.current.find((candidate) => candidate.fileKey === fileKey)
      if (!item) return
      const badge: UploadItemStatus =
        status === 'available'
          ? 'available'
          : status === 'quarantined'
            ? 'refused'
            : status === 'scanning'
              ? 'being scanned'
              : 'uploading'
      if (item.status === badge || item.status === 'available' || item.status === 'refused') return
      patch(item.id, { status: badge, ...(status !== 'uploading' && { progress: 100 }) })
      if (status === 'scanning') toastOnce({ kind: 'info', message: SCAN_MESSAGES.scanning })
      if (status === 'available') toastOnce({ kind: 'success', message: SCAN_MESSAGES.available })
      if (status === 'quarantined') toastOnce({ kind: 'error', message: SCAN_MESSAGES.quarantined, persistent: true })
      if (status === 'available' || status === 'quarantined') settledRef.current()
    },
    [patch, toastOnce],
  )

  useRealtimeEvent<FileStatusEvent>(FILE_EVENTS.status, (event) => {
    if (event.brand === brandKey) reportStatus(event.key, event.status)
  })

  // The fallback without a socket: items being scanned are asked about every 2000 ms.
  const scanning = items.filter((item) => item.status === 'being scanned' && item.fileKey).map((item) => item.fileKey!)
  const scanningKey = scanning.join(',')
  useEffect(() => {
    if (!scanningKey) return
    const timer = setInterval(() => {
      for (const fileKey of scanningKey.split(',')) {
        api<{ status: FileStatusEvent['status'] }>('GET', `file/model/${encodeURIComponent(fileKey)}`)
          .then((file) => reportStatus(fileKey, file.status))
          .catch(() => undefined)
      }
    }, RECHECK_MS)
    return () => clearInterval(timer)
  }, [scanningKey, reportStatus])

  const pump = useCallback(() => {
    while (running.current.size < UPLOADS_AT_ONCE && queue.current.length > 0) {
      const item = queue.current.shift()!
      const file = files.current.get(item.id)
      if (!file || !item.key) continue
      running.current.set(item.id, { abort: () => Promise.resolve() })
      void import('tus-js-client').then(({ Upload }) => {
        if (!running.current.has(item.id)) return
        const done = () => {
          running.current.delete(item.id)
          pump()
        }
        const upload = new Upload(file, {
          endpoint: '/uploads/tus',
          metadata: { brand: brandKey, purpose: 'listing-media', filename: item.name, media: item.key! },
          // A dropped connection is resumed where it stopped (retries); across page loads a photo
          // is chosen again and reserved anew, so nothing is kept in the browser's storage.
          retryDelays: [0, 1000, 3000, 5000],
          storeFingerprintForResuming: false,
          onUploadUrlAvailable: () => {
            const fileKey = upload.url?.split('/').filter(Boolean).pop() ?? null
            patch(item.id, { fileKey, status: 'uploading', progress: 0 })
          },
          onProgress: (sent, total) => {
            patch(item.id, { progress: total > 0 ? Math.round((sent / total) * 100) : 0 })
          },
          onSuccess: () => {
            done()
            const fileKey = upload.url?.split('/').filter(Boolean).pop() ?? null
            // The socket may have said more already (scanned); this only moves a row forward.
            setItems((current) =>
              current.map((entry) =>
                entry.id === item.id && (entry.status === 'uploading' || entry.status === 'waiting')
                  ? { ...entry, fileKey, progress: 100, status: 'being scanned' }
                  : entry,
              ),
            )
            toastOnce({ kind: 'info', message: SCAN_MESSAGES.scanning })
          },
          onError: (error) => {
            done()
            // The server's words when it refused the upload (tus answers them as plain text).
            const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody()
            patch(item.id, { status: 'refused', failure: body?.trim() || 'The upload failed. Try again.' })
            settledRef.current()
          },
        })
        running.current.set(item.id, upload)
        upload.start()
      })
    }
  }, [brandKey, patch, toastOnce])

  /** A new selection: filtered by type, reserved by the preflight, then uploaded. */
  const select = useCallback(
    async (chosen: File[]) => {
      const accepted = chosen.filter(isAcceptedMedia)
      if (accepted.length === 0) {
        showToast({ kind: 'error', message: MEDIA_TEXTS.noSupportedFiles })
        return
      }
      const fresh: UploadItem[] = accepted.map((file) => {
        const id = nextId.current++
        files.current.set(id, file)
        return {
          id,
          name: file.name,
          size: file.size,
          key: null,
          error: null,
          failure: null,
          listing: null,
          unmatched: null,
          progress: -1,
          status: 'waiting',
          fileKey: null,
        }
      })
      setItems((current) => [...current, ...fresh])
      setPhase((current) => (current === 'closed' ? 'checking' : current))
      let reserved: ReservedName[]
      try {
        reserved = await api<ReservedName[]>('POST', 'media/method/batch', {
          brand: brandKey,
          names: fresh.map((item) => item.name),
        })
      } catch (error) {
        showToast({
          kind: 'error',
          message: mediaBatchFailure(error instanceof ApiError ? error.type : 'UnexpectedError'),
          persistent: true,
        })
        const ids = new Set(fresh.map((item) => item.id))
        setItems((current) => current.filter((item) => !ids.has(item.id)))
        setPhase((current) => (itemsRef.current.length > ids.size ? current : 'closed'))
        return
      }
      const ready = fresh.map((item, index) => {
        const answer = reserved[index]
        return {
          ...item,
          key: answer?.key ?? null,
          error: answer?.key ? null : (answer?.error ?? MEDIA_TEXTS.batchFailed),
          listing: answer?.listing ?? null,
          unmatched: answer?.unmatched ?? null,
        }
      })
      const byId = new Map(ready.map((item) => [item.id, item]))
      setItems((current) => current.map((item) => byId.get(item.id) ?? item))
      setPhase('open')
      queue.current.push(...ready.filter((item) => item.key))
      pump()
      // Reserved rows show in the table at once, with their place.
      settledRef.current()
    },
    [brandKey, pump],
  )

  /** Takes an item with a Filename error (nothing was sent for it) off the list. */
  const remove = useCallback((id: number) => {
    files.current.delete(id)
    setItems((current) => current.filter((item) => item.id !== id))
  }, [])

  /**
   * Cancel: the modal closes; photos whose bytes never arrived are stopped and their reserved
   * names given back. Photos already sent keep going through their scan.
   */
  const cancel = useCallback(async () => {
    const unsent = itemsRef.current.filter(
      (item) => item.key && (item.status === 'waiting' || item.status === 'uploading'),
    )
    queue.current = []
    await Promise.all(
      unsent.map(async (item) => {
        const upload = running.current.get(item.id)
        running.current.delete(item.id)
        await upload?.abort(true).catch(() => undefined)
        await api('DELETE', `media/model/${encodeURIComponent(item.key!)}`).catch(() => undefined)
      }),
    )
    files.current.clear()
    setItems([])
    setPhase('closed')
    settledRef.current()
  }, [])

  const busy = items.some((item) => item.key && (item.status === 'waiting' || item.status === 'uploading'))
  return { items, phase, select, remove, cancel, busy }
}
