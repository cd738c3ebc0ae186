// One listing's slider of photos, its arrows and each slide with its forms.
import type { ManageListing, ManagePhoto } from '../views'
import { dragId } from '#app/features/media/media-order'
import { useCsrfToken } from '#app/platform/csrf'
import { ChevronIcon, CloseIcon } from '#app/ui/icons'
import { Badge, CsrfField } from '#app/ui/misc'
import { useDroppable } from '@dnd-kit/core'
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Form, Link } from '@remix-run/react'
import { useRef } from 'react'
import { deleteHref, IconButton, Thumb, type BoardProps } from './board-parts'

export function ListingSlider(props: BoardProps & { listing: ManageListing }) {
  const { listing, brandKey, shown, canArrange, editOrder, unsaved } = props
  const { setNodeRef, isOver } = useDroppable({ id: dragId.listing(listing.key), disabled: !canArrange })
  const order = shown[listing.key] ?? listing.photos.map((photo) => photo.key)
  const byKey = new Map(listing.photos.map((photo) => [photo.key, photo]))
  const photos = order.map((key) => byKey.get(key)).filter((photo): photo is ManagePhoto => Boolean(photo))
  const strip = useRef<HTMLOListElement>(null)
  const scroll = (direction: -1 | 1) => strip.current?.scrollBy({ left: direction * 240, behavior: 'smooth' })
  const meta = [
    ['Style No', listing.styleNumber],
    [
      'Colour',
      listing.color.label ? (
        <span className="inline-flex items-center gap-1">
          {listing.color.hex ? (
            <span
              aria-hidden="true"
              className="inline-block h-2.5 w-2.5 rounded-full border border-line"
              style={{ background: listing.color.hex }}
            />
          ) : null}
          {listing.color.label}
        </span>
      ) : null,
    ],
    ['Garment', listing.garment],
    ['SKU', listing.sku],
  ] as const
  return (
    <li
      ref={setNodeRef}
      data-testid="manage-listing"
      data-listing={listing.key}
      aria-label={listing.styleName}
      className={`rounded-lg border bg-white p-4 transition-colors ${isOver ? 'border-ink ring-2 ring-ink/10' : 'border-line'}`}
    >
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          <Link
            to={`/brand/${brandKey}/products/listing/${listing.key}`}
            className="truncate font-medium underline-offset-2 hover:underline"
          >
            {listing.styleName}
          </Link>
          {listing.addition ? <Badge tone="info">Addition</Badge> : null}
          {unsaved.has(listing.key) ? <Badge tone="warning">Unsaved order</Badge> : null}
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
          {meta.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt>{label}</dt>
              <dd className="text-ink">{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </div>
      {photos.length === 0 ? (
        <p className="rounded-md border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          {canArrange ? 'Drop photos here.' : 'No photos yet.'}
        </p>
      ) : (
        <div className="relative">
          <SortableContext
            id={`sort:${listing.key}`}
            items={photos.map((photo) => dragId.slide(listing.key, photo.key))}
            strategy={editOrder ? horizontalListSortingStrategy : () => null}
          >
            <ol
              ref={strip}
              className="flex snap-x gap-3 overflow-x-auto pb-2"
              aria-label={`Photos of ${listing.styleName}`}
            >
              {photos.map((photo, index) => (
                <Slide
                  key={photo.key}
                  {...props}
                  photo={photo}
                  index={index}
                  first={index === 0}
                  last={index === photos.length - 1}
                />
              ))}
            </ol>
          </SortableContext>
          {/* catalogue.md §2, §9: arrows only when there are more than 2 slides. */}
          {photos.length > 2 ? (
            <>
              <SliderArrow
                direction="left"
                label={`Earlier photos of ${listing.styleName}`}
                onClick={() => scroll(-1)}
              />
              <SliderArrow direction="right" label={`Later photos of ${listing.styleName}`} onClick={() => scroll(1)} />
            </>
          ) : null}
        </div>
      )}
    </li>
  )
}

function SliderArrow({ direction, label, onClick }: { direction: 'left' | 'right'; label: string; onClick(): void }) {
  return (
    <button
      type="button"
      aria-label={label}
      data-testid="slider-arrow"
      onClick={onClick}
      className={`absolute top-[40%] -translate-y-1/2 ${direction === 'left' ? '-left-3' : '-right-3'} flex h-8 w-8 items-center justify-center rounded-full border border-line bg-white/95 text-ink shadow-sm hover:border-ink`}
    >
      <ChevronIcon direction={direction} />
    </button>
  )
}

function Slide(
  props: BoardProps & { listing: ManageListing; photo: ManagePhoto; index: number; first: boolean; last: boolean },
) {
  const { listing, photo, index, first, last, canArrange, editOrder, here, onMove, brandKey } = props
  const csrf = useCsrfToken()
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, transform, transition, isDragging } = useSortable({
    id: dragId.slide(listing.key, photo.key),
    disabled: !canArrange || !onMove,
  })
  const style = { transform: CSS.Translate.toString(transform), transition }
  const moveForm = (direction: 'left' | 'right', disabled: boolean) => (
    <Form
      method="post"
      action={here}
      preventScrollReset
      onSubmit={(event) => {
        if (!onMove) return
        event.preventDefault()
        onMove(listing.key, photo.key, direction === 'left' ? -1 : 1)
      }}
    >
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="media" value={photo.key} />
      <input type="hidden" name="direction" value={direction} />
      <IconButton label={`Move ${photo.name} ${direction}`} disabled={disabled}>
        <ChevronIcon direction={direction} width={14} height={14} />
      </IconButton>
    </Form>
  )
  return (
    <li
      ref={setNodeRef}
      style={style}
      data-testid="slide"
      data-media={photo.key}
      className={`w-[110px] min-w-[110px] shrink-0 snap-start ${isDragging ? 'opacity-40' : ''}`}
    >
      <div
        ref={setActivatorNodeRef}
        {...(canArrange
          ? {
              ...attributes,
              ...listeners,
              // The position shown on the slide is part of its name (it is visible text).
              'aria-label': `${editOrder ? `${index + 1} ` : ''}${photo.name}: drag to move`,
              'aria-roledescription': 'draggable photo',
            }
          : {})}
        className={`relative overflow-hidden rounded-md ring-1 ring-black/5 focus:outline-none focus-visible:ring-2 focus-visible:ring-ink ${canArrange ? 'cursor-grab touch-none active:cursor-grabbing' : ''}`}
      >
        <Thumb photo={photo} named={!canArrange} />
        {editOrder ? (
          <span
            data-testid="slide-position"
            className="absolute left-1.5 top-1.5 flex h-6 min-w-6 items-center justify-center rounded-full bg-ink px-1.5 text-xs font-semibold text-white"
          >
            {index + 1}
          </span>
        ) : null}
      </div>
      <p className="mt-1 truncate text-[11px] text-muted" title={photo.name}>
        {photo.name}
      </p>
      {canArrange ? (
        <div className="mt-1 flex items-center gap-1">
          {editOrder ? (
            <>
              {moveForm('left', first)}
              {moveForm('right', last)}
            </>
          ) : null}
          <Form method="post" action={here} preventScrollReset className="ml-auto">
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="detach" />
            <input type="hidden" name="media" value={photo.key} />
            <IconButton label={`Remove ${photo.name} from ${listing.styleName}`}>
              <svg
                aria-hidden="true"
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M9 14 4 9l5-5" />
                <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
              </svg>
            </IconButton>
          </Form>
          <Link
            to={deleteHref(brandKey, photo.key, here)}
            preventScrollReset
            aria-label={`Delete Image ${photo.name}`}
            className="flex h-6 w-6 items-center justify-center rounded text-muted hover:bg-black/5 hover:text-red-700"
          >
            <CloseIcon width={13} height={13} />
          </Link>
        </div>
      ) : null}
    </li>
  )
}
