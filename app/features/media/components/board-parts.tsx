// What the board's parts share: their props, the drag's collision and keyboard rules, a photo's
// thumbnail, icon buttons and the delete link.
import type { ManageListing, ManagePhoto } from '../views'
import { dragId } from '#app/features/media/media-order'
import {
  closestCorners,
  pointerWithin,
  rectIntersection,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core'
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable'
import { type ReactNode } from 'react'

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
export const collisions: CollisionDetection = (args) => {
  const found = args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args)
  const hits = found.length > 0 ? found : rectIntersection(args)
  return [...hits].sort((a, b) => Number(String(b.id).startsWith('slide:')) - Number(String(a.id).startsWith('slide:')))
}

/**
 * The keyboard moves a photo from drop zone to drop zone. Slides use @dnd-kit's sortable
 * coordinates; a photo picked up in the pool (not a drop zone itself) goes to the nearest listing
 * or slide in the arrow's direction, skipping the pool it starts in.
 */
export const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
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

/** `named`: the image names the photo; inside a drag handle the handle's label does. */
export function Thumb({ photo, named = true }: { photo: ManagePhoto; named?: boolean }) {
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

export function IconButton({ label, disabled, children }: { label: string; disabled?: boolean; children: ReactNode }) {
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
