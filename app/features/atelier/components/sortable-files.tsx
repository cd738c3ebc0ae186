// Drag to reorder the files of a wizard step (atelier.md §2 "order kept by update_positions";
// docs/decisions/130): rows of the list view and cards of the slide view move by their handle,
// with the pointer or the keyboard (focus the handle, Space, arrows, Space). A folder moves among
// folders and a file among files, so folders stay first. The new order of the whole list is saved
// at once through `update_positions`, as the Move up / Move down forms do without JavaScript.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import {
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { useRevalidator } from '@remix-run/react'
import { createContext, useContext, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react'
import { ApiError, api } from '#app/platform/api-client'
import { showToast } from '#app/ui/live-toasts'
import { dropOrder, positionsOf } from '#app/features/atelier/step-file-order'
import { REFERENCE_TEXTS } from '#app/features/atelier/references'
import type { FileItem } from '../views'
import { useHydrated } from '#app/ui/use-hydrated'

/** The kind being dragged: the other kind's places do not take it (folders stay first). */
const DraggingKind = createContext<'folder' | 'file' | null>(null)
const kindOf = (item: FileItem) => (item.folder ? 'folder' : 'file')

/**
 * Holds the order shown while it is dragged and saved, and draws `children` with it. Without
 * JavaScript, or for a member who cannot change the step, it only draws them.
 */
export function SortableFiles({
  items: loaded,
  styleKey,
  enabled,
  layout,
  children,
}: {
  items: FileItem[]
  styleKey: string
  enabled: boolean
  layout: 'list' | 'grid'
  children: (items: FileItem[], sortable: boolean) => ReactNode
}) {
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const [items, setItems] = useState(loaded)
  const [dragging, setDragging] = useState<'folder' | 'file' | null>(null)
  // The order as the page last read it. A drag and its save hold the order shown: a refresh (a scan
  // settling) does not pull the rows from under them, and the saved order shows until it is read.
  const latest = useRef(loaded)
  const held = useRef(false)
  useEffect(() => {
    latest.current = loaded
    if (!held.current) setItems(loaded)
  }, [loaded])
  const release = (show: FileItem[] = latest.current) => {
    held.current = false
    setItems(show)
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const sortable = hydrated && enabled && items.length > 1
  if (!sortable) return <>{children(items, false)}</>

  const nameOf = (id: UniqueIdentifier) => items.find((item) => item.key === id)?.name ?? 'the item'
  const placeOf = (id: UniqueIdentifier) => {
    const item = items.find((one) => one.key === id)
    const same = items.filter((one) => item && one.folder === item.folder)
    return `${same.findIndex((one) => one.key === id) + 1} of ${same.length}`
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, place ${placeOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over place ${placeOf(over.id)}.` : `${nameOf(active.id)} is not over a place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was dropped at place ${placeOf(over.id)}.` : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }

  const onDragStart = ({ active }: DragStartEvent) => {
    const item = items.find((one) => one.key === active.id)
    held.current = true
    setDragging(item ? kindOf(item) : null)
  }
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(null)
    const next = over ? dropOrder(items, String(active.id), String(over.id)) : null
    if (!next) return release()
    setItems(next)
    try {
      await api('POST', 'reference/method/update_positions', { style: styleKey, positions: positionsOf(next) })
      showToast({ kind: 'success', message: REFERENCE_TEXTS.saved })
      release(next)
      revalidator.revalidate()
    } catch (error) {
      // The order goes back to what was saved before, with the server's message (atelier.md §8).
      release()
      showToast({ kind: 'error', message: error instanceof ApiError ? error.message : 'The order could not be saved.' })
    }
  }

  return (
    <DndContext
      id="step-files"
      sensors={sensors}
      collisionDetection={closestCenter}
      // Rows are measured again as the page scrolls under a keyboard drag, so arrows land next door.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragCancel={() => {
        setDragging(null)
        release()
      }}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a file or folder, press space or enter. Use the arrow keys to move it among its own kind, then press space or enter to drop it, or escape to cancel.',
        },
      }}
    >
      <SortableContext
        items={items.map((item) => item.key)}
        strategy={layout === 'list' ? verticalListSortingStrategy : rectSortingStrategy}
      >
        <DraggingKind.Provider value={dragging}>{children(items, true)}</DraggingKind.Provider>
      </SortableContext>
    </DndContext>
  )
}

/** What a sortable row or card needs: its node, its handle, its style while it moves. */
export function useSortableFile(item: FileItem) {
  const dragging = useContext(DraggingKind)
  const sortable = useSortable({
    id: item.key,
    // While a folder moves, files are no place to drop it (and the other way round).
    disabled: { draggable: false, droppable: dragging !== null && dragging !== kindOf(item) },
  })
  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    position: 'relative',
    zIndex: sortable.isDragging ? 10 : undefined,
  }
  const handle = (
    <button
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={`Reorder ${item.name}`}
      data-testid="reorder-handle"
      className="cursor-grab rounded bg-white/90 p-1 text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-2"
    >
      <span aria-hidden="true" className="grid grid-cols-2 gap-0.5">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <span key={n} className="block h-1 w-1 rounded-full bg-current" />
        ))}
      </span>
    </button>
  )
  return { setNodeRef: sortable.setNodeRef, style, isDragging: sortable.isDragging, handle }
}
