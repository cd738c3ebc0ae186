// The image gallery of the listing and product pages (catalogue.md §2): thumbnails and a main
// photo at 3:4 with previous and next arrows that wrap around, and View Larger. Every control is a
// link with ?image=n, so the gallery works without JavaScript. With no photos a set of three
// placeholders stands in.
import { Link } from '@remix-run/react'
import { ChevronIcon } from '#app/ui/icons'
import type { ReactNode } from 'react'

export interface GalleryImage {
  key: string
  name: string
  /** Null for a placeholder. */
  src: string | null
}

/** Three placeholders: front, back and detail, as a shoot would have them. */
export const PLACEHOLDER_IMAGES: GalleryImage[] = [
  { key: 'placeholder-front', name: 'Front', src: null },
  { key: 'placeholder-back', name: 'Back', src: null },
  { key: 'placeholder-detail', name: 'Detail', src: null },
]

export function galleryImages(images: readonly { key: string; name: string; src: string }[]): GalleryImage[] {
  return images.length > 0 ? [...images] : PLACEHOLDER_IMAGES
}

/** The 0-based image a `?image=n` (1-based) asks for, clamped into the list. */
export function imageIndex(search: URLSearchParams | string, count: number): number {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search
  const n = Number(params.get('image'))
  if (!Number.isInteger(n) || n < 1 || count === 0) return 0
  return Math.min(n, count) - 1
}

/** 1-based `n` of the image before and after `index`, wrapping around. */
export function neighbours(index: number, count: number) {
  return { previous: ((index - 1 + count) % count) + 1, next: ((index + 1) % count) + 1 }
}

/**
 * Previous and next as links (they work without JavaScript), laid over a photo: the gallery's and
 * the lightbox's arrows differ only in their look.
 */
export function PhotoArrows({
  previousHref,
  nextHref,
  className,
  inset,
}: {
  previousHref: string
  nextHref: string
  className: string
  inset: { left: string; right: string }
}) {
  return (
    <>
      <Link
        to={previousHref}
        preventScrollReset
        replace
        aria-label="Previous image"
        className={`absolute ${inset.left} rounded-full ${className}`}
      >
        <ChevronIcon direction="left" />
      </Link>
      <Link
        to={nextHref}
        preventScrollReset
        replace
        aria-label="Next image"
        className={`absolute ${inset.right} rounded-full ${className}`}
      >
        <ChevronIcon direction="right" />
      </Link>
    </>
  )
}

export function Photo({ image, className = '', sizes }: { image: GalleryImage; className?: string; sizes?: string }) {
  if (image.src) {
    return (
      <img
        src={image.src}
        alt={image.name}
        sizes={sizes}
        loading="lazy"
        className={`h-full w-full object-cover ${className}`}
      />
    )
  }
  return (
    <div
      role="img"
      aria-label={`${image.name} (no photo yet)`}
      data-testid="placeholder-image"
      className={`flex h-full w-full flex-col items-center justify-center gap-2 bg-gradient-to-b from-stone-100 to-stone-200 text-stone-400 ${className}`}
    >
      <svg
        viewBox="0 0 64 64"
        width={56}
        height={56}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        aria-hidden="true"
      >
        <path d="M24 8c2 4 5 6 8 6s6-2 8-6l12 6 6 14-8 4-4-6v30H18V26l-4 6-8-4 6-14z" strokeLinejoin="round" />
      </svg>
      <span className="text-xs uppercase tracking-widest">{image.name}</span>
    </div>
  )
}

export function Gallery({
  images,
  index,
  hrefFor,
  largerHref,
  aside,
}: {
  images: GalleryImage[]
  index: number
  /** The page's address showing image n (1-based). */
  hrefFor: (n: number) => string
  largerHref: string
  aside?: ReactNode
}) {
  const current = images[index] ?? images[0]!
  const { previous, next } = neighbours(index, images.length)
  return (
    <div className="flex gap-4" data-testid="gallery">
      <ul className="flex w-16 shrink-0 flex-col gap-2 sm:w-20" aria-label="Thumbnails">
        {images.map((image, i) => (
          <li key={image.key}>
            <Link
              to={hrefFor(i + 1)}
              preventScrollReset
              replace
              aria-label={`Show image ${i + 1}: ${image.name}`}
              aria-current={i === index ? 'true' : undefined}
              className={`block aspect-product overflow-hidden rounded border ${
                i === index ? 'border-ink' : 'border-line opacity-70 hover:opacity-100'
              }`}
            >
              <Photo image={image} />
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="relative aspect-product overflow-hidden rounded-lg bg-white">
          <Photo image={current} />
          {images.length > 1 ? (
            <PhotoArrows
              previousHref={hrefFor(previous)}
              nextHref={hrefFor(next)}
              className="top-1/2 -translate-y-1/2 bg-white/90 p-2 shadow hover:bg-white"
              inset={{ left: 'left-3', right: 'right-3' }}
            />
          ) : null}
          <span className="absolute bottom-3 left-3 rounded-full bg-white/90 px-2 py-0.5 text-xs text-muted">
            {index + 1} / {images.length}
          </span>
        </div>
        <div className="flex items-center justify-between text-sm">
          <Link to={largerHref} preventScrollReset className="underline-offset-4 hover:underline">
            View Larger
          </Link>
          {aside}
        </div>
      </div>
    </div>
  )
}
