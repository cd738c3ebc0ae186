// A row of 3:4 slides (atelier.md §9 Carousel: 4 thumbnails at a time, one slide per step). The row
// scrolls and snaps by itself, so it works without JavaScript; with JavaScript, previous and next
// buttons move it by one slide.
import { useRef, type ReactNode } from 'react'
import { ChevronIcon } from '#app/ui/icons'
import { useHydrated } from '#app/ui/use-hydrated'

export function Slideshow({ label, children, count }: { label: string; children: ReactNode; count: number }) {
  const track = useRef<HTMLUListElement>(null)
  const hydrated = useHydrated()
  const move = (direction: 1 | -1) => {
    const list = track.current
    const slide = list?.querySelector('li')
    if (!list || !slide) return
    list.scrollBy({ left: direction * (slide.getBoundingClientRect().width + 16), behavior: 'smooth' })
  }
  return (
    <div className="relative" role="region" aria-roledescription="carousel" aria-label={label}>
      <ul
        ref={track}
        className="grid snap-x snap-mandatory auto-cols-[calc((100%-3rem)/4)] grid-flow-col gap-4 overflow-x-auto scroll-smooth pb-2 [scrollbar-width:thin]"
      >
        {children}
      </ul>
      {hydrated && count > 4 ? (
        <div className="pointer-events-none absolute inset-y-0 -left-3 -right-3 flex items-center justify-between">
          <button
            type="button"
            onClick={() => move(-1)}
            aria-label={`Previous in ${label}`}
            className="pointer-events-auto rounded-full border border-line bg-white/95 p-1.5 shadow-sm hover:border-ink"
          >
            <ChevronIcon direction="left" />
          </button>
          <button
            type="button"
            onClick={() => move(1)}
            aria-label={`Next in ${label}`}
            className="pointer-events-auto rounded-full border border-line bg-white/95 p-1.5 shadow-sm hover:border-ink"
          >
            <ChevronIcon direction="right" />
          </button>
        </div>
      ) : null}
    </div>
  )
}

export function Slide({ children }: { children: ReactNode }) {
  return <li className="snap-start">{children}</li>
}
