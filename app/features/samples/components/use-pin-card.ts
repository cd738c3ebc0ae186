// Which pin's card shows on the markup surface: the pin a hovering pointer is over, or the pin
// handle that has the keyboard's focus. A drawing gesture, a pinch or the text field closes it.
import { useState } from 'react'

export type PinCard = ReturnType<typeof usePinCard>

export function usePinCard() {
  const [card, setCard] = useState<{ id: string; via: 'pointer' | 'focus' } | null>(null)
  return {
    /** The pin whose card is open. */
    id: card?.id ?? null,
    /** Opened by a hovering pointer (so the pointer shows it can click). */
    byPointer: card?.via === 'pointer',
    close: () => setCard(null),
    /** The pin under a hovering pointer, or none: its card opens, or the pointer's card closes. */
    hover(id: string | null) {
      if (id && card?.id !== id) setCard({ id, via: 'pointer' })
      if (!id && card?.via === 'pointer') setCard(null)
    },
    /** The pointer left the surface: a card it opened closes. */
    leave() {
      if (card?.via === 'pointer') setCard(null)
    },
    focus: (id: string) => setCard({ id, via: 'focus' }),
    blur: (id: string) => setCard((current) => (current?.via === 'focus' && current.id === id ? null : current)),
  }
}
