// A picture that zooms and pans (app/ui/zoom-pan.ts): the wheel zooms at the pointer, a drag
// pans, keys + - 0 and the arrows do both from the keyboard. The view is the caller's, so the
// compare view drives two frames with one view. Without JavaScript the zoom buttons are links
// (`?zoom=`) and the server draws the picture at that zoom.
import { Link } from '@remix-run/react'
import { useEffect, useRef, type KeyboardEvent, type ReactNode, type PointerEvent } from 'react'
import { buttonClass } from '#app/ui/button'
import { INITIAL_VIEW, panBy, viewTransform, zoomIn, zoomLabel, zoomOut, type View } from '#app/ui/zoom-pan'

export type ViewUpdate = (update: (view: View) => View) => void

/** One key press pans by this share of the frame. */
const KEY_PAN = 0.05

export function ZoomPanFrame({
  view,
  onView,
  label,
  className = '',
  children,
}: {
  view: View
  onView: ViewUpdate
  label: string
  className?: string
  children: ReactNode
}) {
  const frame = useRef<HTMLDivElement>(null)
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null)
  const onViewRef = useRef(onView)
  onViewRef.current = onView

  // A wheel listener that may prevent the page from scrolling must not be passive, which React's is.
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = element.getBoundingClientRect()
      const at = {
        x: (event.clientX - box.left) / box.width - 0.5,
        y: (event.clientY - box.top) / box.height - 0.5,
      }
      onViewRef.current((current) => (event.deltaY < 0 ? zoomIn(current, at) : zoomOut(current, at)))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [])

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const from = drag.current
    if (!from || from.pointer !== event.pointerId) return
    const box = event.currentTarget.getBoundingClientRect()
    const dx = (event.clientX - from.x) / box.width
    const dy = (event.clientY - from.y) / box.height
    drag.current = { pointer: event.pointerId, x: event.clientX, y: event.clientY }
    onView((current) => panBy(current, dx, dy))
  }
  const endDrag = () => {
    drag.current = null
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, (current: View) => View> = {
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      '0': () => INITIAL_VIEW,
      ArrowLeft: (current) => panBy(current, -KEY_PAN, 0),
      ArrowRight: (current) => panBy(current, KEY_PAN, 0),
      ArrowUp: (current) => panBy(current, 0, -KEY_PAN),
      ArrowDown: (current) => panBy(current, 0, KEY_PAN),
    }
    const move = moves[event.key]
    if (!move) return
    event.preventDefault()
    onView(move)
  }

  return (
    <div
      ref={frame}
      // An application: it takes + − 0 and the arrow keys itself, as a picture viewer does.
      role="application"
      aria-label={`${label}, zoom ${zoomLabel(view.zoom)}`}
      tabIndex={0}
      data-zoom={view.zoom}
      data-pan={`${view.x.toFixed(4)},${view.y.toFixed(4)}`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onView(() => INITIAL_VIEW)}
      className={`relative cursor-grab touch-none select-none overflow-hidden rounded-lg bg-stone-100 active:cursor-grabbing ${className}`}
    >
      <div className="absolute inset-0 flex items-center justify-center" style={{ transform: viewTransform(view) }}>
        {children}
      </div>
    </div>
  )
}

/**
 * Zoom out, the zoom, zoom in and reset. Links to the same page at the next zoom, so they work
 * without JavaScript; with it they change the view in place.
 */
export function ZoomControls({
  view,
  onView,
  hrefFor,
}: {
  view: View
  onView: ViewUpdate
  hrefFor: (zoom: number | null) => string
}) {
  const control = buttonClass('secondary', 'px-3')
  const out = zoomOut(view)
  const into = zoomIn(view)
  return (
    <div role="group" aria-label="Zoom" className="flex items-center gap-1">
      <Link
        to={hrefFor(out.zoom)}
        preventScrollReset
        replace
        className={control}
        aria-label="Zoom out"
        onClick={(event) => {
          event.preventDefault()
          onView(zoomOut)
        }}
      >
        −
      </Link>
      <span className="w-14 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
        {zoomLabel(view.zoom)}
      </span>
      <Link
        to={hrefFor(into.zoom)}
        preventScrollReset
        replace
        className={control}
        aria-label="Zoom in"
        onClick={(event) => {
          event.preventDefault()
          onView(zoomIn)
        }}
      >
        +
      </Link>
      <Link
        to={hrefFor(null)}
        preventScrollReset
        replace
        className={buttonClass('ghost', 'px-3')}
        onClick={(event) => {
          event.preventDefault()
          onView(() => INITIAL_VIEW)
        }}
      >
        Reset
      </Link>
    </div>
  )
}
