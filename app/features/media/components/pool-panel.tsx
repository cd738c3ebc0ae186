// The Product Media pool: photos on no listing, dragged onto one or attached by form.
import type { ManagePhoto } from '../views'
import { dragId } from '#app/features/media/media-order'
import { useCsrfToken } from '#app/platform/csrf'
import { CsrfField } from '#app/ui/misc'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import { Form, Link } from '@remix-run/react'
import { deleteHref, Thumb, type BoardProps } from './board-parts'

export function PoolPanel(props: BoardProps) {
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
