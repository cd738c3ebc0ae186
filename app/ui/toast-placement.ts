// Where the toasts go: at the right, under the page frame's header and any header a page marks
// (`data-toast-avoid`, such as a conversation's), and never over an open dialog or the navigation
// (ui.md). Measured in the browser; without JavaScript the stylesheet's place holds.

export interface Box {
  top: number
  bottom: number
  left: number
  right: number
}

/** The space kept between a toast and the edges, the header or a dialog, in CSS pixels. */
export const TOAST_GAP = 12

/**
 * The top of the toast column: below the headers it would lie on. If a dialog is open where the
 * column would lie: above the dialog when it fits there, else below it, else at the window's foot.
 */
export function toastTop(place: { headers: Box[]; dialog: Box | null; toasts: Box; viewportHeight: number }): number {
  const { headers, dialog, toasts, viewportHeight } = place
  const height = toasts.bottom - toasts.top
  const inColumn = headers.filter((header) => header.left < toasts.right && toasts.left < header.right)
  // A header scrolled out of sight leaves the top of the window free.
  const start = Math.max(0, ...inColumn.map((header) => header.bottom)) + TOAST_GAP
  if (!dialog) return start
  const beside = toasts.right <= dialog.left - TOAST_GAP || toasts.left >= dialog.right + TOAST_GAP
  if (beside || start + height + TOAST_GAP <= dialog.top) return start
  const below = dialog.bottom + TOAST_GAP
  if (below + height + TOAST_GAP <= viewportHeight) return below
  return Math.max(start, viewportHeight - height - TOAST_GAP)
}

/**
 * The top of the toast column, also clear of the controls and names under it (`avoid`: buttons,
 * links, fields, headings, a message's author). From where `toastTop` puts it, it moves down to
 * the first gap tall enough below one of them; with no such gap in the window it stays there.
 */
export function clearToastTop(place: {
  headers: Box[]
  avoid: Box[]
  dialog: Box | null
  toasts: Box
  viewportHeight: number
}): number {
  const { avoid, dialog, toasts, viewportHeight } = place
  const start = toastTop(place)
  const height = toasts.bottom - toasts.top
  const inColumn = avoid.filter((item) => item.left < toasts.right && toasts.left < item.right)
  const clearAt = (top: number) => {
    const bottom = top + height
    if (bottom + TOAST_GAP > viewportHeight) return false
    if (
      dialog &&
      dialog.left < toasts.right &&
      toasts.left < dialog.right &&
      dialog.top < bottom &&
      top < dialog.bottom
    ) {
      return false
    }
    return inColumn.every((item) => item.bottom + TOAST_GAP / 2 <= top || bottom + TOAST_GAP / 2 <= item.top)
  }
  if (clearAt(start)) return start
  const candidates = inColumn
    .map((item) => item.bottom + TOAST_GAP / 2)
    .filter((top) => top > start)
    .sort((a, b) => a - b)
  return candidates.find(clearAt) ?? start
}
