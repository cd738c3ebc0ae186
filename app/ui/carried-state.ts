// Markup written as text (app/ui/html-text.ts) is replaced whole when its text changes: a row whose
// menu opens or closes, a row updated by a revalidation, a dropdown whose choices move. What the
// person did inside it is carried over to the new elements: which boxes are ticked and where the
// focus was. It is read during the render (before the commit replaces anything; nothing is
// written then) and put back right after the commit.
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'

// The server has no layout to wait for (and React warns about useLayoutEffect there).
const useCommitEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect

interface Carried {
  ticked: Set<string>
  /** A selector for the focused element, when the focus was inside. */
  focus: string | null
  /** The ticks are the person's (not a "select all" just asked for). */
  keepTicks: boolean
}

/**
 * Carries the ticks of `boxes` (a selector of checkboxes, told apart by their value) and the
 * focus inside `container` across a commit. `ticksFrom` changes when the ticks are decided anew
 * (select all, deselect all): then the new markup's ticks stand.
 */
export function useCarriedState(container: RefObject<HTMLElement | null>, boxes: string, ticksFrom: unknown) {
  const carried = useRef<Carried | null>(null)
  const lastTicksFrom = useRef(ticksFrom)
  const element = typeof document === 'undefined' ? null : container.current
  if (element) {
    const ticked = new Set<string>()
    for (const box of element.querySelectorAll<HTMLInputElement>(boxes)) if (box.checked) ticked.add(box.value)
    carried.current = {
      ticked,
      focus: focusSelector(element, boxes),
      keepTicks: lastTicksFrom.current === ticksFrom,
    }
  }
  useCommitEffect(() => {
    lastTicksFrom.current = ticksFrom
    const state = carried.current
    const current = container.current
    carried.current = null
    if (!state || !current) return
    if (state.keepTicks) {
      for (const box of current.querySelectorAll<HTMLInputElement>(boxes)) box.checked = state.ticked.has(box.value)
    }
    if (state.focus && !current.contains(document.activeElement)) {
      current.querySelector<HTMLElement>(state.focus)?.focus()
    }
  })
}

/** How to find the focused element again among new elements: a box by its value, a row's menu by its key. */
function focusSelector(container: HTMLElement, boxes: string): string | null {
  const active = document.activeElement
  if (!(active instanceof HTMLElement) || !container.contains(active)) return null
  if (active instanceof HTMLInputElement && active.matches(boxes)) {
    return `${boxes}[value="${CSS.escape(active.value)}"]`
  }
  const menu = active.closest<HTMLElement>('[data-row-menu]')
  if (menu) return `[data-row-menu="${CSS.escape(menu.dataset.rowMenu!)}"]`
  return null
}
