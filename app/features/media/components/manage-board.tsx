// The media management board (catalogue.md §2 Media management, §4 Media association): listings
// as sliders on the left, the Product Media pool on the right. With JavaScript, photos are dragged
// (@dnd-kit, pointer and keyboard): attach and detach are saved at once through the media calls,
// the order being edited lives in the shared Yjs document until Save. Without JavaScript, every
// photo carries small forms posted to the page's action (attach, detach, move, delete).
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Form, Link } from '@remix-run/react'
import { useRef, useState, type ReactNode } from 'react'
import { Badge, CsrfField, EmptyState } from '#app/ui/misc'
import { ChevronIcon, CloseIcon } from '#app/ui/icons'
import { useCsrfToken } from '#app/platform/csrf'
import { dragId, parseDragId } from '#app/features/media/media-order'
import type { ManageListing, ManagePhoto } from '#app/features/media/media-manage.server'

export interface BoardProps {
  brandKey: string
  listings: ManageListing[]
  /** Listing key → the order shown (shared unsaved order, else saved). */
  shown: Record<string, string[]>
  pool: { photos: ManagePhoto[]; more: boolean; shown: number }
  canArrange: boolean
  editOrder: boolean
  /** The page's address with its query, for links back to it. */
  here: string
  /** The same address asking for more pool photos. */
  moreHref: string
  /** Live drag handling (with JavaScript); absent before hydration. */
  onDragEnd?: (event: DragEndEvent) => void
  /** Moves a slide one place while editing the order (JavaScript); without it the form posts. */
  onMove?: (listing: string, media: string, step: -1 | 1) => void
  /** Listings whose shown order is not saved yet. */
  unsaved: Set<string>
}

/** Slides are dropped onto other slides first (reordering), then onto listings and the pool. */
const collisions: CollisionDetection = (args) => {
  const found = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args)
  const hits = found.length > 0 ? found : rectIntersection(args)
  return [...hits].sort((a, b) => Number(String(b.id).startsWith('slide:')) - Number(String(a.id).startsWith('slide:')))
}

/**
 * The keyboard moves a photo from drop zone to drop zone. Slides use @dnd-kit's sortable
 * coordinates; a photo picked up in the pool (not a drop zone itself) goes to the nearest listing
 * or slide in the arrow's direction, skipping the pool it starts in.
 */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { active, collisionRect, droppableRects, droppableContainers, over } = args.context
  if (!active || !String(active.id).startsWith('pool:')) return sortableKeyboardCoordinates(event, args)
  if (!ARROW_KEYS.includes(event.code) || !collisionRect) return undefined
  event.preventDefault()
  const ahead = droppableContainers.getEnabled().filter((entry) => {
    const rect = droppableRects.get(entry.id)
    if (!rect || entry.disabled || entry.id === dragId.poolZone || entry.id === over?.id) return false
    if (event.code === 'ArrowLeft') return rect.left < collisionRect.left
    if (event.code === 'ArrowRight') return rect.left > collisionRect.left
    if (event.code === 'ArrowUp') return rect.top < collisionRect.top
    return rect.top > collisionRect.top
  })
  const [closest] = closestCorners({
    active,
    collisionRect,
    droppableRects,
    droppableContainers: ahead,
    pointerCoordinates: null,
  })
  const rect = closest ? droppableRects.get(closest.id) : undefined
  return rect ? { x: rect.left, y: rect.top } : undefined
}
const ARROW_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']

export function ManageBoard(props: BoardProps) {
  const { listings, pool, onDragEnd } = props
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  )
  const [active, setActive] = useState<ManagePhoto | null>(null)
  const photoByKey = new Map<string, ManagePhoto>()
  for (const listing of listings) for (const photo of listing.photos) photoByKey.set(photo.key, photo)
  for (const photo of pool.photos) photoByKey.set(photo.key, photo)

  const start = (event: DragStartEvent) => {
    const ref = parseDragId(String(event.active.id))
    setActive(ref ? (photoByKey.get(ref.media) ?? null) : null)
  }
  const end = (event: DragEndEvent) => {
    setActive(null)
    onDragEnd?.(event)
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisions}
      onDragStart={start}
      onDragEnd={end}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To pick up a photo, press space or enter. Move it onto a listing or the Product Media pool with the arrow keys, then press space or enter to drop it, or escape to cancel.',
        },
      }}
    >
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_21rem]">
        <section aria-labelledby="listings-heading" className="min-w-0">
          <h2 id="listings-heading" className="sr-only">
            Listings
          </h2>
          {listings.length === 0 ? (
            <EmptyState title="No listings are available" />
          ) : (
            <ul className="flex flex-col gap-4" data-testid="manage-listings">
              {listings.map((listing) => (
                <ListingSlider key={listing.key} listing={listing} {...props} />
              ))}
            </ul>
          )}
        </section>
        <PoolPanel {...props} />
      </div>
      <DragOverlay dropAnimation={null}>
        {active ? (
          <div className="w-[110px] overflow-hidden rounded-md bg-white shadow-2xl ring-1 ring-black/10">
            <Thumb photo={active} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  )
}

/** `named`: the image names the photo; inside a drag handle the handle's label does. */
function Thumb({ photo, named = true }: { photo: ManagePhoto; named?: boolean }) {
  return (
    <div className="aspect-product w-full overflow-hidden bg-canvas">
      {photo.thumbnail ? (
        <img
          src={photo.thumbnail}
          alt={named ? photo.name : ''}
          draggable={false}
          loading="lazy"
          className="h-full w-full object-cover"
        />
      ) : null}
    </div>
  )
}

function ListingSlider(props: BoardProps & { listing: ManageListing }) {
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

function IconButton({ label, disabled, children }: { label: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      aria-label={label}
      title={label}
      disabled={disabled}
      className="flex h-6 w-6 items-center justify-center rounded text-muted hover:bg-black/5 hover:text-ink disabled:opacity-30 disabled:hover:bg-transparent"
    >
      {children}
    </button>
  )
}

/** The Delete Image confirmation, a dialog route over the page that keeps the page's query. */
export function deleteHref(brandKey: string, mediaKey: string, here: string): string {
  const query = here.includes('?') ? here.slice(here.indexOf('?')) : ''
  return `/brand/${brandKey}/products/media/manage/delete/${mediaKey}${query}`
}

function PoolPanel(props: BoardProps) {
  const { pool, canArrange, moreHref } = props
  const { setNodeRef, isOver } = useDroppable({ id: dragId.poolZone, disabled: !canArrange })
  return (
    <section
      ref={setNodeRef}
      aria-labelledby="pool-heading"
      data-testid="media-pool"
      className={`self-start rounded-lg border bg-white p-4 transition-colors xl:sticky xl:top-4 ${isOver ? 'border-ink ring-2 ring-ink/10' : 'border-line'}`}
    >
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id="pool-heading" className="font-medium">
          Product Media
        </h2>
        <span className="text-xs text-muted">Newest first</span>
      </div>
      {pool.photos.length === 0 ? (
        <p className="rounded-md border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
          No product asset has been uploaded.
        </p>
      ) : (
        <ul className="grid max-h-[70vh] grid-cols-2 gap-3 overflow-y-auto pr-1">
          {pool.photos.map((photo) => (
            <PoolItem key={photo.key} {...props} photo={photo} />
          ))}
        </ul>
      )}
      {pool.more ? (
        <Link
          to={moreHref}
          preventScrollReset
          className="mt-3 block rounded-md border border-line py-2 text-center text-sm font-medium hover:border-ink"
        >
          Show more
        </Link>
      ) : null}
    </section>
  )
}

function PoolItem(props: BoardProps & { photo: ManagePhoto }) {
  const { photo, canArrange, listings, here, brandKey } = props
  const csrf = useCsrfToken()
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: dragId.pool(photo.key),
    disabled: !canArrange || !props.onDragEnd,
  })
  return (
    <li data-testid="pool-item" data-media={photo.key} className={isDragging ? 'opacity-40' : ''}>
      <div
        ref={setNodeRef}
        {...(canArrange
          ? {
              ...attributes,
              ...listeners,
              'aria-label': `${photo.name}: drag onto a listing`,
              'aria-roledescription': 'draggable photo',
            }
          : {})}
        className={`overflow-hidden rounded-md ring-1 ring-black/5 focus:outline-none focus-visible:ring-2 focus-visible:ring-ink ${canArrange ? 'cursor-grab touch-none active:cursor-grabbing' : ''}`}
      >
        <Thumb photo={photo} named={!canArrange} />
      </div>
      <p className="mt-1 truncate text-xs" title={photo.name}>
        {photo.name}
      </p>
      {photo.unmatched ? (
        <p className="line-clamp-2 text-[11px] leading-snug text-muted" title={photo.unmatched}>
          {photo.unmatched}
        </p>
      ) : null}
      {canArrange ? (
        // The options menu: in the flow of the grid (not a pop-over), so the pool's scrolling never clips it.
        <details className="group mt-1 text-xs">
          <summary className="cursor-pointer list-none rounded px-1 py-0.5 text-muted hover:bg-black/5 hover:text-ink [&::-webkit-details-marker]:hidden">
            Options <span aria-hidden="true">▾</span>
          </summary>
          <div className="mt-1 flex flex-col gap-2 rounded-md border border-line bg-canvas p-2">
            {listings.length > 0 ? (
              <Form method="post" action={here} preventScrollReset className="flex flex-col gap-1">
                <CsrfField token={csrf} />
                <input type="hidden" name="intent" value="attach" />
                <input type="hidden" name="media" value={photo.key} />
                <label htmlFor={`attach-${photo.key}`} className="text-[11px] text-muted">
                  Attach to
                </label>
                <select
                  id={`attach-${photo.key}`}
                  name="listing"
                  className="w-full rounded border border-line bg-white px-1 py-1 text-xs"
                >
                  {listings.map((listing) => (
                    <option key={listing.key} value={listing.key}>
                      {`${listing.styleName}${listing.sku ? ` · ${listing.sku}` : ''}`}
                    </option>
                  ))}
                </select>
                <button
                  type="submit"
                  className="rounded bg-ink px-2 py-1 text-xs font-medium text-white hover:bg-black"
                >
                  Attach
                </button>
              </Form>
            ) : null}
            <Link
              to={deleteHref(brandKey, photo.key, here)}
              preventScrollReset
              className="rounded px-1 py-0.5 text-red-700 hover:bg-red-50"
            >
              Delete Image
            </Link>
          </div>
        </details>
      ) : null}
    </li>
  )
}
