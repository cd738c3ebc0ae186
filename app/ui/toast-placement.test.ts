import { describe, expect, it } from 'vitest'
import { TOAST_GAP, toastTop, type Box } from './toast-placement'

const box = (top: number, bottom: number, left: number, right: number): Box => ({ top, bottom, left, right })
const header = box(0, 105, 0, 1280)
// A column of toasts 60 px high at the right of a 1280 px window.
const toasts = box(0, 60, 832, 1264)
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
const placed = (top: number) => box(top, top + 60, toasts.left, toasts.right)

describe('toastTop', () => {
  it('puts the toasts just under the header, so they never cover the navigation', () => {
    const top = toastTop({ headers: [header], dialog: null, toasts, viewportHeight: 720 })
    expect(top).toBe(105 + TOAST_GAP)
    expect(overlaps(placed(top), header)).toBe(false)
  })

  it('goes below a page header it would lie on, and ignores one elsewhere', () => {
    const conversationHeader = box(175, 240, 449, 1231)
    const listHeader = box(175, 300, 129, 448)
    const top = toastTop({
      headers: [header, conversationHeader, listHeader],
      dialog: null,
      toasts,
      viewportHeight: 720,
    })
    expect(top).toBe(240 + TOAST_GAP)
  })

  it('starts at the top of a page without a frame', () => {
    expect(toastTop({ headers: [], dialog: null, toasts, viewportHeight: 720 })).toBe(TOAST_GAP)
  })

  it('keeps off an open dialog: beside it, above it, below it, or at the foot of the window', () => {
    for (const dialog of [
      box(172, 548, 416, 864), // a form dialog, centred
      box(88, 632, 140, 1140), // a wide dialog at its tallest (the window less 11rem)
      box(300, 500, 700, 1200), // a dialog low enough to leave room above it
      box(110, 400, 600, 1264), // a dialog high up, with room below it
    ]) {
      const top = toastTop({ headers: [header], dialog, toasts, viewportHeight: 720 })
      expect(overlaps(placed(top), dialog), JSON.stringify(dialog)).toBe(false)
      expect(overlaps(placed(top), header), JSON.stringify(dialog)).toBe(false)
    }
  })

  it('stays where it is when the dialog lies elsewhere', () => {
    expect(toastTop({ headers: [header], dialog: box(172, 548, 100, 500), toasts, viewportHeight: 720 })).toBe(
      105 + TOAST_GAP,
    )
  })
})
