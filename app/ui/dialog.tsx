import { Link, useNavigate } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { CloseIcon } from '#app/ui/icons'

/**
 * A modal that is a route: rendered on the server as an overlay with a close link, so it works
 * without JavaScript; with JavaScript it takes focus, keeps Tab inside and closes on Escape.
 */
export function RouteDialog({
  title,
  closeTo,
  children,
  dismissible = true,
  wide = false,
  onClose,
}: {
  title: string
  closeTo?: string
  children: ReactNode
  dismissible?: boolean
  /** A list to read (the Upload Detail modal): room for a table. */
  wide?: boolean
  /** A dialog of the page's own state (opened by a script) closes by this instead of a link. */
  onClose?: () => void
}) {
  const panel = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  // Read when Escape is pressed, so a new callback each render does not move the focus again.
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  const closesByScript = Boolean(onClose)
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    const focusable = () =>
      Array.from(panel.current?.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea') ?? []).filter(
        (el) => !el.hasAttribute('disabled'),
      )
    ;(panel.current?.querySelector<HTMLElement>('[autofocus], input') ?? focusable()[0])?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && dismissible && closesByScript) closeRef.current?.()
      else if (event.key === 'Escape' && dismissible && closeTo) navigate(closeTo)
      if (event.key === 'Tab') {
        const items = focusable()
        if (items.length === 0) return
        const first = items[0]!
        const last = items[items.length - 1]!
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first.focus()
        }
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus?.()
    }
  }, [closeTo, dismissible, navigate, closesByScript])

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/40 p-4">
      {/* A wide dialog leaves 11rem of the window free, room above or below it for a toast. */}
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="dialog-title"
        className={`w-full rounded-lg bg-white p-6 shadow-xl ${wide ? 'max-h-[calc(100vh-11rem)] max-w-4xl overflow-y-auto' : 'max-w-md'}`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          {dismissible && onClose ? (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="rounded p-1 text-muted hover:text-ink"
            >
              <CloseIcon />
            </button>
          ) : dismissible && closeTo ? (
            <Link to={closeTo} aria-label="Close" className="rounded p-1 text-muted hover:text-ink">
              <CloseIcon />
            </Link>
          ) : null}
        </div>
        {children}
      </div>
    </div>
  )
}
