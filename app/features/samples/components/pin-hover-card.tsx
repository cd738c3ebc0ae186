// What the live picture shows of its pins besides drawing them: a card with the pin's number and
// its thread's first comment, on pointer hover or keyboard focus, and a focusable handle on each
// pin so the keyboard reaches them (pointers go through the handles to the canvas below).
import { createPortal } from 'react-dom'
import type { PinShape, Point } from '#app/features/samples/markup/shapes'
import type { PinPreview } from '#app/features/samples/pin-preview'

export const PIN_CARD_ID = 'markup-pin-card'
/** Half the card's widest, and the room kept from the window's edge, in pixels. */
const HALF_CARD = 144
const EDGE = 8

const pinName = (pin: PinShape) => `Pin ${pin.number}${pin.resolved ? ', resolved' : ''}`

/** Transparent buttons over the pins shown in the box, in the tab order: focus shows the card, Enter opens the thread. */
export function PinHandles({
  pins,
  place,
  box,
  carded,
  onFocusPin,
  onBlurPin,
  onOpenPin,
}: {
  pins: PinShape[]
  /** Where a pin shows in the box, in pixels. */
  place: (pin: PinShape) => Point
  box: { width: number; height: number }
  /** The pin whose card is showing. */
  carded: string | null
  onFocusPin(id: string): void
  onBlurPin(id: string): void
  onOpenPin(id: string): void
}) {
  return (
    <>
      {pins.map((pin) => {
        const at = place(pin)
        // A handle outside the box would scroll the clipped picture when focused.
        if (at.x < 0 || at.y < 0 || at.x > box.width || at.y > box.height) return null
        return (
          <button
            key={pin.id}
            type="button"
            data-testid="pin-handle"
            aria-label={pinName(pin)}
            aria-describedby={carded === pin.id ? PIN_CARD_ID : undefined}
            onFocus={() => onFocusPin(pin.id)}
            onBlur={() => onBlurPin(pin.id)}
            onClick={() => onOpenPin(pin.id)}
            className="pointer-events-none absolute h-8 w-8 -translate-x-1/2 -translate-y-1/2 rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ink focus-visible:ring-offset-2"
            style={{ left: at.x, top: at.y }}
          />
        )
      })}
    </>
  )
}

/** The card, laid on the page above the pin (below it near the window's top), kept inside the window. */
export function PinHoverCard({
  pin,
  preview,
  anchor,
}: {
  pin: PinShape
  preview: PinPreview | undefined
  /** The pin's centre in the window, in pixels. */
  anchor: Point
}) {
  const above = anchor.y > 160
  const left = Math.min(
    Math.max(anchor.x, HALF_CARD + EDGE),
    Math.max(HALF_CARD + EDGE, document.documentElement.clientWidth - HALF_CARD - EDGE),
  )
  return createPortal(
    <div
      id={PIN_CARD_ID}
      role="tooltip"
      data-testid="pin-hover-card"
      className="pointer-events-none absolute z-50 w-max max-w-[18rem] rounded-md border border-line bg-white px-3 py-2 text-sm text-ink shadow-lg"
      style={{
        left: left + window.scrollX,
        top: anchor.y + window.scrollY + (above ? -22 : 22),
        transform: `translate(-50%, ${above ? '-100%' : '0'})`,
      }}
    >
      <p className="font-medium">{pinName(pin).replace(', resolved', ' · Resolved')}</p>
      {preview ? (
        <p className="mt-1 break-words">
          <span className="font-medium">{preview.author}</span>: {preview.text}
        </p>
      ) : (
        <p className="mt-1 text-muted">No comments yet</p>
      )}
    </div>,
    document.body,
  )
}
