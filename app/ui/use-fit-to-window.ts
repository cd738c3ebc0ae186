// The height an element may take so that it ends above the fold, measured in the browser: what
// sits above it (a header that wraps on a tablet, a toolbar in two rows, a notice) varies too much
// for a fixed offset in the stylesheet, which stays as the fallback without JavaScript.
import { useEffect, useState, type RefObject } from 'react'

/** The least height kept, however little room there is (12rem). */
const LEAST = 192
/** The room left under the element, in CSS pixels. */
const BOTTOM_GAP = 16

export function useFitToWindow(element: RefObject<HTMLElement>, again?: unknown): number | null {
  const [maxHeight, setMaxHeight] = useState<number | null>(null)
  useEffect(() => {
    const fit = () => {
      const current = element.current
      if (!current) return
      // From the document's top, so scrolling does not change it.
      const top = current.getBoundingClientRect().top + window.scrollY
      setMaxHeight(Math.max(LEAST, Math.floor(window.innerHeight - top - BOTTOM_GAP)))
    }
    fit()
    window.addEventListener('resize', fit)
    // What is above it changes height (a notice comes or goes, a toolbar wraps): fit again.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit)
    const above = element.current?.closest('section') ?? null
    if (observer && above) observer.observe(above)
    return () => {
      window.removeEventListener('resize', fit)
      observer?.disconnect()
    }
  }, [element, again])
  return maxHeight
}
