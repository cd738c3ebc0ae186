import { describe, expect, it } from 'vitest'
import { TOAST_GAP, clearToastTop, toastTop, type Box } from './toast-placement'

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

describe('clearToastTop', () => {
  const frame = box(0, 150, 0, 1280)
  // The review page's right column at 1280×720: its name, status picker, tabs, a message's author.
  const actions = box(170, 215, 780, 1232)
  const name = box(228, 252, 912, 1096)
  const picker = box(262, 298, 912, 1232)
  const tabs = box(355, 390, 912, 1232)
  const author = box(470, 490, 960, 1060)
  const composer = box(640, 700, 912, 1232)
  const column = box(0, 50, 1010, 1264)
  const at = (top: number) => box(top, top + 50, column.left, column.right)

  it('moves down past the controls and names it would cover, to the first gap tall enough', () => {
    const top = clearToastTop({
      headers: [frame],
      avoid: [actions, name, picker, tabs, author, composer],
      dialog: null,
      toasts: column,
      viewportHeight: 720,
    })
    for (const item of [actions, name, picker, tabs, author, composer]) expect(overlaps(at(top), item)).toBe(false)
    // Between the picker and the tabs there are 57 px, too few for 50 and the gaps: below the tabs.
    expect(top).toBe(tabs.bottom + TOAST_GAP / 2)
  })

  it('stays where toastTop puts it when nothing is under it, and ignores what is in another column', () => {
    const elsewhere = box(150, 400, 100, 800)
    const start = toastTop({ headers: [frame], dialog: null, toasts: column, viewportHeight: 720 })
    expect(
      clearToastTop({ headers: [frame], avoid: [elsewhere], dialog: null, toasts: column, viewportHeight: 720 }),
    ).toBe(start)
  })

  it('keeps to the window and off a dialog; with no gap anywhere it stays at the start', () => {
    const wall = box(150, 720, 912, 1232)
    const start = toastTop({ headers: [frame], dialog: null, toasts: column, viewportHeight: 720 })
    expect(clearToastTop({ headers: [frame], avoid: [wall], dialog: null, toasts: column, viewportHeight: 720 })).toBe(
      start,
    )
    const dialog = box(300, 600, 900, 1270)
    const top = clearToastTop({ headers: [frame], avoid: [name], dialog, toasts: column, viewportHeight: 720 })
    expect(overlaps(at(top), dialog)).toBe(false)
    expect(overlaps(at(top), name)).toBe(false)
  })
})
