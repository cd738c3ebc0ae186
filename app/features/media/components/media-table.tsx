// The media table of the upload page (catalogue.md §2 step 2): Name, Uploaded Date, Metadata
// (status, and where the photo went). Rows of photos on a listing can be dragged to reorder
// (@dnd-kit, with its keyboard sensor: focus the handle, Space, arrows, Space); each such row also
// has move up / move down forms, the way without JavaScript. What the order means is in
// app/features/media/media-order.ts (docs/decisions/096).
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { Form } from '@remix-run/react'
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react'
import { ApiError, api } from '#app/platform/api-client'
import { CsrfField, EmptyState } from '#app/ui/misc'
import { formatWhen } from '#app/platform/format'
import { showToast } from '#app/ui/live-toasts'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import { moveItem, positionsAfterMove, tableOrder } from '#app/features/media/media-table-order'
import { badgeOf } from '#app/features/media/media-upload-texts'
import { useHydrated } from '#app/ui/use-hydrated'
import type { MediaRowView } from '../views'
import { MediaPlace, MediaStatusBadge } from './media-status'

type Row = Omit<MediaRowView, 'created'> & { created: number }

/** The rows as app/features/media/media-order.ts reads them. */
const plain = (rows: Row[]) =>
  rows.map((row) => ({ key: row.key, name: row.name, listing: row.listing?.key ?? null, position: row.position }))

export function MediaTable({
  rows: initial,
  canArrange,
  csrf,
  onSaved,
}: {
  rows: Row[]
  canArrange: boolean
  csrf: string
  onSaved: () => void
}) {
  const hydrated = useHydrated()
  const [rows, setRows] = useState(initial)
  // A refresh of the page (an upload settling) does not pull the rows from under a drag.
  const [dragging, setDragging] = useState(false)
  useEffect(() => {
    if (!dragging) setRows(initial)
  }, [initial, dragging])
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )

  if (rows.length === 0) {
    return <EmptyState title={MEDIA_TEXTS.empty}>Photos you upload are listed here, newest first.</EmptyState>
  }

  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    setDragging(false)
    if (!over || active.id === over.id) return
    const from = rows.findIndex((row) => row.key === active.id)
    const to = rows.findIndex((row) => row.key === over.id)
    const dropped = moveItem(rows, from, to)
    const change = positionsAfterMove(plain(dropped), String(active.id))
    if (change.keys.length === 0) return
    const saved = new Map(change.keys.map((key, index) => [key, change.positions[index]!]))
    const before = rows
    // The rows snap to what the saved order shows: each listing's photos in its rows, in order.
    const moved = new Map(rows.map((row) => [row.key, { ...row, position: saved.get(row.key) ?? row.position }]))
    setRows(tableOrder(plain([...moved.values()])).map((row) => moved.get(row.key)!))
    try {
      await api('POST', 'media/method/positions', change)
      showToast({ kind: 'success', message: MEDIA_TEXTS.positionsSaved })
      onSaved()
    } catch (error) {
      setRows(before)
      showToast({ kind: 'error', message: error instanceof ApiError ? error.message : 'The order could not be saved.' })
    }
  }

  // Only photos on a listing take part (their rows register with the sortable context).
  const draggable = canArrange ? rows.filter((row) => row.listing).map((row) => row.key) : []
  const body = rows.map((row, index) => {
    const siblings = row.listing ? rows.filter((other) => other.listing?.key === row.listing!.key) : []
    const place = siblings.findIndex((other) => other.key === row.key)
    return (
      <MediaRow
        key={row.key}
        row={row}
        index={index}
        sortable={hydrated && canArrange && Boolean(row.listing)}
        moves={
          canArrange && row.listing ? (
            <MoveForms
              name={row.name}
              mediaKey={row.key}
              csrf={csrf}
              first={place === 0}
              last={place === siblings.length - 1}
            />
          ) : null
        }
      />
    )
  })

  const table = (
    <table className="w-full text-left text-sm" data-testid="media-table">
      <thead className="border-b border-line bg-stone-50 text-xs uppercase tracking-wide text-muted">
        <tr>
          <th scope="col" className="w-10 px-3 py-3">
            <span className="sr-only">Order</span>
          </th>
          <th scope="col" className="px-3 py-3 font-medium">
            Name
          </th>
          <th scope="col" className="whitespace-nowrap px-3 py-3 font-medium">
            Uploaded Date
          </th>
          <th scope="col" className="px-3 py-3 font-medium">
            Metadata
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">{body}</tbody>
    </table>
  )

  return (
    <div className="overflow-hidden rounded-xl border border-line bg-white">
      {hydrated ? (
        <DndContext
          id="media-table"
          sensors={sensors}
          collisionDetection={closestCenter}
          // Rows are measured again as the page scrolls under a keyboard drag (the sensor scrolls
          // the row into view after the drag starts), so the arrows land on the next row.
          measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
          onDragStart={() => setDragging(true)}
          onDragCancel={() => setDragging(false)}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={draggable} strategy={verticalListSortingStrategy}>
            {table}
          </SortableContext>
        </DndContext>
      ) : (
        table
      )}
    </div>
  )
}

function MediaRow({ row, sortable, moves }: { row: Row; index: number; sortable: boolean; moves: ReactNode }) {
  const cells = (handle: ReactNode) => (
    <>
      <td className="px-3 py-3 align-middle">{handle}</td>
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <span className="block h-12 w-9 shrink-0 overflow-hidden rounded-sm bg-stone-100">
            {row.thumbnail ? <img src={row.thumbnail} alt="" className="h-full w-full object-cover" /> : null}
          </span>
          <span className="min-w-0 max-w-[16rem] truncate font-medium" title={row.name}>
            {row.name}
          </span>
        </div>
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-muted">{formatWhen(new Date(row.created * 1000))}</td>
      <td className="px-3 py-3">
        <div className="flex items-center gap-3">
          <MediaStatusBadge status={badgeOf(row.status)} />
          <div className="min-w-0 flex-1">
            <MediaPlace listing={row.listing} unmatched={row.unmatched} refused={row.status === 'quarantined'} />
          </div>
          {moves ? <div className="shrink-0">{moves}</div> : null}
        </div>
      </td>
    </>
  )
  if (!sortable) {
    return (
      <tr data-testid="media-row" data-key={row.key}>
        {cells(null)}
      </tr>
    )
  }
  return <SortableRow row={row} cells={cells} />
}

function SortableRow({ row, cells }: { row: Row; cells: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
  })
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 10 : undefined,
  }
  return (
    <tr
      ref={setNodeRef}
      style={style}
      data-testid="media-row"
      data-key={row.key}
      className={isDragging ? 'bg-stone-50 shadow-lg' : undefined}
    >
      {cells(
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${row.name}`}
          className="cursor-grab rounded p-1 text-muted hover:bg-black/5 hover:text-ink focus-visible:outline focus-visible:outline-2"
        >
          <span aria-hidden="true" className="grid grid-cols-2 gap-0.5">
            {[0, 1, 2, 3, 4, 5].map((n) => (
              <span key={n} className="block h-1 w-1 rounded-full bg-current" />
            ))}
          </span>
        </button>,
      )}
    </tr>
  )
}

function MoveForms({
  name,
  mediaKey,
  csrf,
  first,
  last,
}: {
  name: string
  mediaKey: string
  csrf: string
  first: boolean
  last: boolean
}) {
  const button = (direction: 'up' | 'down', disabled: boolean) => (
    <Form method="post" preventScrollReset>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="media" value={mediaKey} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={`Move ${name} ${direction}`}
        className="rounded border border-line px-2 py-0.5 text-xs text-muted hover:border-ink hover:text-ink disabled:opacity-30"
      >
        {direction === 'up' ? '↑' : '↓'}
      </button>
    </Form>
  )
  return (
    <div className="flex gap-1">
      {button('up', first)}
      {button('down', last)}
    </div>
  )
}
