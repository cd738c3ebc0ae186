import { useEffect, useRef, useState } from 'react'
import type { Toast } from '#app/platform/toast'
import { CloseIcon } from '#app/ui/icons'
import { clearToastTop } from '#app/ui/toast-placement'

/** What a toast must never cover: controls, headings, marked headers and the names a page marks (`data-toast-clear`). */
const AVOID =
  'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], h1, h2, h3, [data-toast-avoid], [data-toast-clear]'

const KIND_CLASS: Record<Toast['kind'], string> = {
  success: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-sky-700 bg-sky-50 text-sky-900',
}

/**
 * Shows the flash toasts of the last redirect, one below the other. Auto-dismiss after 6 s is a
 * CSS animation, so it needs no JavaScript; with JavaScript each can also be dismissed by hand.
 * They sit at the right: under the page frame's header (and a page's marked headers), off any open dialog and clear
 * of the controls and names under them once the browser has measured them (toast-placement.ts), at the foot of the
 * window until then.
 */
export function Toasts({ toasts }: { toasts: readonly Toast[] }) {
  // Positions dismissed by hand; a new list of toasts (a new redirect) shows them all again.
  const [dismissed, setDismissed] = useState<ReadonlySet<number>>(new Set())
  useEffect(() => setDismissed(new Set()), [toasts])
  const shown = toasts.map((toast, index) => ({ toast, index })).filter(({ index }) => !dismissed.has(index))
  const column = useRef<HTMLDivElement>(null)
  const [top, setTop] = useState<number | null>(null)
  useEffect(() => {
    if (shown.length === 0) return
    const place = () => {
      const toastsBox = column.current?.getBoundingClientRect()
      if (!toastsBox) return
      const headers = [...document.querySelectorAll('[data-frame-header], [data-toast-avoid]')].map((element) =>
        element.getBoundingClientRect(),
      )
      const dialog = [...document.querySelectorAll('[role="dialog"][aria-modal="true"]')].at(-1)
      // Only what shows in the window, and not the toasts' own Dismiss buttons.
      const avoid = [...document.querySelectorAll(AVOID)]
        .filter((element) => !column.current?.contains(element))
        .map((element) => element.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight)
      setTop(
        clearToastTop({
          headers,
          avoid,
          dialog: dialog?.getBoundingClientRect() ?? null,
          toasts: toastsBox,
          viewportHeight: window.innerHeight,
        }),
      )
    }
    place()
    // A dialog may open or close, or the header wrap, while a toast is up: look again now and then.
    const timer = setInterval(place, 250)
    window.addEventListener('resize', place)
    return () => {
      clearInterval(timer)
      window.removeEventListener('resize', place)
    }
  }, [shown.length])
  if (shown.length === 0) return null
  return (
    <div
      ref={column}
      data-testid="toasts"
      className={`pointer-events-none fixed right-4 z-50 flex max-w-[calc(100vw-2rem)] justify-end ${top === null ? 'bottom-4' : ''}`}
      style={top === null ? undefined : { top }}
    >
      {/* A grid column as wide as the widest toast, so stacked toasts line up. */}
      <div className="grid max-w-xl gap-2">
        {shown.map(({ toast, index }) => (
          <div
            key={`${index}:${toast.message}`}
            role="status"
            data-testid="toast"
            // Only the Dismiss button takes a click: one aimed at what lies under the text reaches it.
            className={`flex items-start gap-3 rounded-md border-l-4 px-4 py-3 text-sm shadow-lg ${
              KIND_CLASS[toast.kind]
            } ${toast.persistent ? '' : 'toast-auto'}`}
          >
            <span>{toast.message}</span>
            <button
              type="button"
              aria-label="Dismiss"
              className="pointer-events-auto ml-auto opacity-60 hover:opacity-100"
              onClick={() => setDismissed((current) => new Set(current).add(index))}
            >
              <CloseIcon />
            </button>
          </div>
        ))}
      </div>
    </div>
  )
}
