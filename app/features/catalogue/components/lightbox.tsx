// View Larger (catalogue.md §2): one photo as large as the screen allows, with previous and next
// links that wrap around. A route of its own under the page it opens from, so it works without
// JavaScript; with JavaScript Escape closes it.
import { Link, useNavigate } from '@remix-run/react'
import { useEffect } from 'react'
import { CloseIcon } from '#app/ui/icons'
import { neighbours, Photo, PhotoArrows, type GalleryImage } from './gallery'

export function Lightbox({
  title,
  images,
  index,
  hrefFor,
  closeTo,
}: {
  title: string
  images: GalleryImage[]
  index: number
  hrefFor: (n: number) => string
  closeTo: string
}) {
  const navigate = useNavigate()
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(closeTo, { preventScrollReset: true })
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [closeTo, navigate])
  const current = images[index] ?? images[0]!
  const { previous, next } = neighbours(index, images.length)
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${title}: ${current.name}`}
      className="fixed inset-0 z-40 flex flex-col bg-black/90 p-4 text-white"
    >
      <div className="flex items-center justify-between gap-4 pb-3">
        <p className="text-sm">
          {title} · {current.name} · {index + 1} / {images.length}
        </p>
        <Link to={closeTo} preventScrollReset aria-label="Close" className="rounded p-1 hover:bg-white/10" autoFocus>
          <CloseIcon />
        </Link>
      </div>
      <div className="relative flex min-h-0 flex-1 items-center justify-center">
        <div className="aspect-product h-full max-h-full max-w-full overflow-hidden rounded">
          <Photo image={current} />
        </div>
        {images.length > 1 ? (
          <PhotoArrows
            previousHref={hrefFor(previous)}
            nextHref={hrefFor(next)}
            className="bg-white/15 p-3 hover:bg-white/30"
            inset={{ left: 'left-2', right: 'right-2' }}
          />
        ) : null}
      </div>
    </div>
  )
}
