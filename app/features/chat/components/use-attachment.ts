// The file being attached in a composer: uploaded resumably over tus (/uploads/tus) with its
// progress in whole percent, then scanned by the file pipeline. Its status comes live from the
// `file:status` socket event; the 2000 ms re-check of GET /api/file/model/{key} is the fallback
// (atelier.md §4, docs/decisions/094). Each status shows its toast once.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { showToast } from '#app/ui/live-toasts'
import { SCAN_MESSAGES } from '#app/features/files'
import { CHAT_ATTACHMENT_TYPES } from '../attachment-types'
import { FILE_EVENTS, type FileStatusEvent } from '#app/platform/protocol'

/** What the picker offers: the types chat accepts by content, and their usual extensions. */
export const CHAT_ATTACHMENT_ACCEPT = [
  ...CHAT_ATTACHMENT_TYPES,
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.gif',
  '.pdf',
  '.zip',
  '.mp4',
  '.mov',
].join(',')

const RECHECK_MS = 2000
export const UPLOAD_FAILED = 'The file could not be uploaded. Try again.'
/** The server's words for an empty file (app/features/files/files.server.ts). */
export const EMPTY_FILE = 'The file is empty: choose a file with something in it.'

export type AttachmentStatus = 'uploading' | 'scanning' | 'available' | 'quarantined' | 'failed'

export interface Attachment {
  name: string
  size: number
  /** Whole percent sent; -1 before the first byte (atelier.md §4). */
  progress: number
  status: AttachmentStatus
  /** The file's key once the server has made the upload. */
  key: string | null
  /** Why the file cannot be sent (quarantined or failed). */
  error: string | null
  /** A local preview of an image, for the composer. */
  preview: string | null
}

interface Running {
  abort: () => void
  timer: ReturnType<typeof setTimeout> | undefined
  toasted: Set<string>
}

export function useAttachment(brand: string | null) {
  const [attachment, setAttachment] = useState<Attachment | null>(null)
  const current = useRef<Attachment | null>(null)
  const running = useRef<Running | null>(null)

  const update = useCallback((change: Partial<Attachment>) => {
    if (!current.current) return
    current.current = { ...current.current, ...change }
    setAttachment(current.current)
  }, [])

  /** A status heard (socket) or read (re-check) for the file on screen. */
  const apply = useCallback(
    (key: string, status: string) => {
      const run = running.current
      if (!run || current.current?.key !== key) return
      if (status !== 'scanning' && status !== 'available' && status !== 'quarantined') return
      const was = current.current.status
      if (was === 'available' || was === 'quarantined') return
      update({
        status,
        progress: 100,
        error: status === 'quarantined' ? SCAN_MESSAGES.quarantined : null,
      })
      if (!run.toasted.has(status)) {
        run.toasted.add(status)
        showToast({
          kind: status === 'quarantined' ? 'error' : status === 'available' ? 'success' : 'info',
          message: SCAN_MESSAGES[status],
        })
      }
      if (status !== 'scanning') clearTimeout(run.timer)
    },
    [update],
  )

  useRealtimeEvent<FileStatusEvent>(FILE_EVENTS.status, (event) => apply(event.key, event.status))

  /** The fallback without a socket: read the file's status every 2000 ms until it is known. */
  const recheck = useCallback(
    (key: string) => {
      const run = running.current
      if (!run) return
      clearTimeout(run.timer)
      run.timer = setTimeout(async () => {
        if (running.current !== run || current.current?.key !== key) return
        try {
          const response = await fetch(`/api/file/model/${encodeURIComponent(key)}`, {
            headers: { accept: 'application/json' },
          })
          const body = (await response.json()) as { data?: { status: string } }
          if (body.data) apply(key, body.data.status)
        } catch {
          // Offline for a moment: the next re-check (or the socket) tells.
        }
        const status = current.current?.status
        if (running.current === run && (status === 'uploading' || status === 'scanning')) recheck(key)
      }, RECHECK_MS)
    },
    [apply],
  )

  const stop = useCallback(() => {
    const run = running.current
    running.current = null
    if (run) {
      clearTimeout(run.timer)
      run.abort()
    }
  }, [])

  const clear = useCallback(() => {
    stop()
    if (current.current?.preview) URL.revokeObjectURL(current.current.preview)
    current.current = null
    setAttachment(null)
  }, [stop])

  /** Removes the file from the composer; an upload still under way is abandoned. */
  const remove = clear

  const start = useCallback(
    (file: File) => {
      clear()
      current.current = {
        name: file.name,
        size: file.size,
        progress: -1,
        status: 'uploading',
        key: null,
        error: null,
        preview: file.type.startsWith('image/') && file.size > 0 ? URL.createObjectURL(file) : null,
      }
      setAttachment(current.current)
      // An empty file does not start an upload (atelier.md §4).
      if (file.size === 0 || !brand) {
        update({ status: 'failed', error: file.size === 0 ? EMPTY_FILE : UPLOAD_FAILED })
        return
      }
      const run: Running = { abort: () => {}, timer: undefined, toasted: new Set() }
      running.current = run
      void import('tus-js-client').then(({ Upload }) => {
        if (running.current !== run) return
        const upload = new Upload(file, {
          endpoint: '/uploads/tus',
          metadata: { brand, purpose: 'chat-attachment', filename: file.name },
          retryDelays: [0, 1000, 3000, 5000],
          removeFingerprintOnSuccess: true,
          onUploadUrlAvailable() {
            const key = upload.url?.split('/').filter(Boolean).pop() ?? null
            if (running.current === run) update({ key })
          },
          onProgress(sent, total) {
            if (running.current !== run || current.current?.status !== 'uploading') return
            update({ progress: total > 0 ? Math.floor((sent / total) * 100) : 0 })
          },
          onSuccess() {
            // Its bytes are in: removing it now leaves the upload alone.
            run.abort = () => {}
            if (running.current !== run || !current.current?.key) return
            const key = current.current.key
            // The socket usually said "scanning" already; without it, this is the moment.
            apply(key, 'scanning')
            recheck(key)
          },
          onError(error) {
            if (running.current !== run) return
            const response = 'originalResponse' in error ? error.originalResponse : null
            const text = response?.getBody()?.trim()
            // The server's own words when it refused (too large, not allowed); ours otherwise.
            const said = response && response.getStatus() >= 400 && response.getStatus() < 500 && text
            update({ status: 'failed', error: said || UPLOAD_FAILED })
          },
        })
        run.abort = () => void upload.abort(true).catch(() => undefined)
        upload.start()
      })
    },
    [brand, clear, update, apply, recheck],
  )

  useEffect(() => clear, [clear])

  return { attachment, start, remove, clear }
}
