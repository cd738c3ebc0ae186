// The board: the listings' sliders and the pool in one drag context.
import type { ManagePhoto } from '../views'
import { parseDragId } from '#app/features/media/media-order'
import { EmptyState } from '#app/ui/misc'
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core'
import { useState } from 'react'
import { collisions, keyboardCoordinates, Thumb, type BoardProps } from './board-parts'
import { ListingSlider } from './listing-slider'
import { PoolPanel } from './pool-panel'

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
