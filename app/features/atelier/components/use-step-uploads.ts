// The browser's side of a file step's upload (atelier.md §4 Upload and scan flow; decision 125):
// each chosen file is checked by name (§5 "{file name} is not a supported file type"), sent through
// the resumable pipeline (tus, purpose style-file) a few at a time with its progress in whole
// percent, then made a reference of the step by the step's action (intent attach). The scan's
// toasts and the list's refresh come from the slot's watcher of `file:status`.
import { useCallback, useRef, useState } from 'react'
import { SCAN_MESSAGES } from '#app/features/files'
import { ASPECT_RATIO_MESSAGE, aspectRatioOf } from '#app/features/atelier/references'
import { showToast } from '#app/ui/live-toasts'
import { STYLE_FILE_FORMATS, extensionOf, unsupportedFileMessage } from '#app/features/atelier/style-file-types'

const AT_ONCE = 3

export interface StepUpload {
  id: number
  name: string
  /** Whole percent; -1 before the upload starts (§4). */
  progress: number
  state: 'waiting' | 'uploading' | 'done' | 'failed'
  failure: string | null
}

export function useStepUploads({
  brandKey,
  action,
  csrf,
  onAttached,
}: {
  brandKey: string
  /** The step's action, with its tab and folder. */
  action: string
  csrf: string
  /** A file became a reference; `last` once no other file of the batch is still on its way. */
  onAttached: (last: boolean) => void
}) {
  const [uploads, setUploads] = useState<StepUpload[]>([])
  const queue = useRef<{ id: number; file: File }[]>([])
  const running = useRef(0)
  const attaching = useRef(0)
  const nextId = useRef(1)
  const settings = useRef({ brandKey, action, csrf, onAttached })
  settings.current = { brandKey, action, csrf, onAttached }

  const patch = useCallback((id: number, change: Partial<StepUpload>) => {
    setUploads((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)))
  }, [])

  const attach = useCallback(
    async (id: number, fileKey: string) => {
      const { action, csrf, onAttached } = settings.current
      const body = new URLSearchParams({ csrf, intent: 'attach', file: fileKey })
      attaching.current++
      const answer = await fetch(action, { method: 'POST', body, headers: { accept: 'application/json' } })
        .catch(() => null)
        .finally(() => attaching.current--)
      if (!answer?.ok) {
        const reply = (await answer?.json().catch(() => null)) as { error?: { message?: string } } | null
        const message = reply?.error?.message ?? 'The file could not be added. Try again.'
        patch(id, { state: 'failed', failure: message })
        showToast({ kind: 'error', message, persistent: true })
        return
      }
      patch(id, { state: 'done', progress: 100 })
      showToast({ kind: 'info', message: SCAN_MESSAGES.scanning })
      onAttached(running.current === 0 && queue.current.length === 0 && attaching.current === 0)
    },
    [patch],
  )

  const pump = useCallback(() => {
    while (running.current < AT_ONCE && queue.current.length > 0) {
      const { id, file } = queue.current.shift()!
      running.current++
      const done = () => {
        running.current--
        pump()
      }
      void import('tus-js-client').then(({ Upload }) => {
        const upload = new Upload(file, {
          endpoint: '/uploads/tus',
          metadata: { brand: settings.current.brandKey, purpose: 'style-file', filename: file.name },
          retryDelays: [0, 1000, 3000, 5000],
          storeFingerprintForResuming: false,
          onProgress: (sent, total) =>
            patch(id, { state: 'uploading', progress: total > 0 ? Math.round((sent / total) * 100) : 0 }),
          onSuccess: () => {
            done()
            const fileKey = upload.url?.split('/').filter(Boolean).pop()
            if (fileKey) void attach(id, fileKey)
          },
          onError: (error) => {
            done()
            // The server's words when it refused the upload (tus answers them as plain text).
            const body = (error as { originalResponse?: { getBody(): string } }).originalResponse?.getBody()
            const message = body?.trim() || 'The upload failed. Try again.'
            patch(id, { state: 'failed', failure: message })
            showToast({ kind: 'error', message: `${file.name}: ${message}`, persistent: true })
          },
        })
        upload.start()
      })
    }
  }, [attach, patch])

  const select = useCallback(
    async (chosen: File[]) => {
      const fresh: StepUpload[] = []
      for (const file of chosen) {
        // §4: an empty file does not start an upload; §5: a type the atelier does not take is refused.
        if (file.size === 0) continue
        const format = STYLE_FILE_FORMATS[extensionOf(file.name)]
        if (!format) {
          showToast({ kind: 'error', message: unsupportedFileMessage(file.name), persistent: true })
          continue
        }
        // §5's aspect ratios, told before sending (the server checks them again after the upload).
        if (format.family === 'image' || format.family === 'gif') {
          const size = await imageSize(file)
          if (size && !aspectRatioOf(size.width, size.height)) {
            showToast({ kind: 'error', message: `${file.name}: ${ASPECT_RATIO_MESSAGE}`, persistent: true })
            continue
          }
        }
        const id = nextId.current++
        fresh.push({ id, name: file.name, progress: -1, state: 'waiting', failure: null })
        queue.current.push({ id, file })
      }
      if (fresh.length === 0) return
      setUploads((current) => [...current.filter((item) => item.state !== 'done'), ...fresh])
      pump()
    },
    [pump],
  )

  const busy = uploads.some((item) => item.state === 'waiting' || item.state === 'uploading')
  return { uploads, select, busy }
}

/** An image's pixels as the browser reads them; null when it cannot (the server will say). */
async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  } catch {
    return null
  }
}
