import { useEffect, useState } from 'react'
import type { Toast } from '#app/lib/toast'
import { CloseIcon } from './icons'

const KIND_CLASS: Record<Toast['kind'], string> = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-sky-700 bg-sky-50 text-sky-900',
}

/** Shows a flash toast. Auto-dismiss after 6 s is a CSS animation, so it needs no JavaScript. */
export function Toasts({ toast }: { toast: Toast | null }) {
  const [dismissed, setDismissed] = useState<Toast | null>(null)
  useEffect(() => setDismissed(null), [toast])
  if (!toast || dismissed === toast) return null
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4">
      <div
        role="status"
        data-testid="toast"
        className={`pointer-events-auto flex max-w-xl items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg ${
          KIND_CLASS[toast.kind]
        } ${toast.persistent ? '' : 'toast-auto'}`}
      >
        <span>{toast.message}</span>
        <button
          type="button"
          aria-label="Dismiss"
          className="ml-auto opacity-60 hover:opacity-100"
          onClick={() => setDismissed(toast)}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  )
}
