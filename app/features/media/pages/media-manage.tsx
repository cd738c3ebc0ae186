// `/brand/{id}/products/media/manage`: step 3 of the product upload, Product Image Management
// (catalogue.md §2 Media management and Stepper, §4 Media association, §8). A page of the brand's
// listings (20 at a time, with the products list's search and filters in the address) and the
// Product Media pool. Live: the order being edited is the shared Yjs document of the brand, and
// attach, detach and saves of others arrive as `media:changed` (docs/decisions/100). Without
// JavaScript every change is a form posted here, answered by a redirect with its toast.
import { filterSearchParams } from '#app/features/catalogue'
import { StepperFrame } from '#app/features/imports/components'
import { ManageBoard } from '#app/features/media/components/manage-board'
import { useMediaOrderDoc } from '#app/features/media/components/use-media-order'
import { MEDIA_TEXTS } from '#app/features/media/media-names'
import {
  dropOutcome,
  effectiveOrder,
  MANAGE_PAGE_SIZE,
  moveByOne,
  moveOnto,
  orderChanged,
  parseDragId,
  parseDropId,
  POOL_STEP,
  positionsFor,
} from '#app/features/media/media-order'
import { api, isSessionExpired } from '#app/platform/api-client'
import { useCsrfToken } from '#app/platform/csrf'
import type { FrameHandle } from '#app/ui/frame-handle'
import { showToast } from '#app/ui/live-toasts'
import { Avatar, CsrfField } from '#app/ui/misc'
import { useRealtimeEvent } from '#app/ui/realtime-provider'
import { useHydrated } from '#app/ui/use-hydrated'
import { MEDIA_EVENTS, type MediaChangedEvent } from '#app/platform/protocol'
import type { DragEndEvent } from '@dnd-kit/core'
import { type MetaFunction } from '@remix-run/node'
import {
  Form,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useRevalidator,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { loader } from './media-manage.server'

export const meta: MetaFunction = () => [{ title: 'Product Image Management · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Product Data',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

/** Turning the edit-order switch changes only how the page shows: nothing to load again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const without = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('order')
    params.sort()
    return params.toString()
  }
  if (currentUrl.search !== nextUrl.search && without(currentUrl) === without(nextUrl)) return false
  return defaultShouldRevalidate
}

export default function MediaManagePage() {
  const data = useLoaderData<typeof loader>()
  const { brandKey, listings, canArrange, filter, page } = data
  const location = useLocation()
  // Read from the address, not the loader: turning the switch loads nothing again.
  const editOrder = new URLSearchParams(location.search).get('order') === '1'
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const csrf = useCsrfToken()
  const refresh = useCallback(() => {
    if (revalidator.state === 'idle') revalidator.revalidate()
  }, [revalidator])
  const doc = useMediaOrderDoc(brandKey, data.me, refresh)
  useRealtimeEvent<MediaChangedEvent>(MEDIA_EVENTS.changed, (event) => {
    if (event.brand === brandKey) refresh()
  })

  const saved = useMemo(
    () => Object.fromEntries(listings.map((listing) => [listing.key, listing.photos.map((photo) => photo.key)])),
    [listings],
  )
  // A listing just saved (its shared entry cleared) keeps showing that order until the saved
  // order arrives from the server, so nobody sees the old order flash back in between.
  const [held, setHeld] = useState<Record<string, string[]>>({})
  const previous = useRef(doc.orders)
  useEffect(() => {
    const cleared = Object.keys(previous.current).filter((key) => !(key in doc.orders))
    if (cleared.length > 0) {
      const last = previous.current
      setHeld((current) => ({ ...current, ...Object.fromEntries(cleared.map((key) => [key, last[key]!])) }))
    }
    previous.current = doc.orders
  }, [doc.orders])
  useEffect(() => setHeld({}), [listings])
  const shown = useMemo(
    () =>
      Object.fromEntries(
        listings.map((listing) => [
          listing.key,
          effectiveOrder(saved[listing.key]!, doc.orders[listing.key] ?? held[listing.key]),
        ]),
      ),
    [listings, saved, doc.orders, held],
  )
  const unsaved = useMemo(
    () =>
      new Set(listings.filter((listing) => orderChanged(saved[listing.key]!, shown[listing.key]!)).map((l) => l.key)),
    [listings, saved, shown],
  )
  const styleOf = (key: string) => listings.find((listing) => listing.key === key)?.styleName ?? ''

  const live = hydrated && canArrange
  const onDragEnd = async (event: DragEndEvent) => {
    const drag = parseDragId(String(event.active.id))
    if (!drag) return
    const outcome = dropOutcome(drag, event.over ? parseDropId(String(event.over.id)) : null, editOrder)
    if (outcome.kind === 'reorder') {
      doc.setOrder(outcome.listing, moveOnto(shown[outcome.listing]!, outcome.media, outcome.over))
    } else if (outcome.kind === 'attach') {
      const style = styleOf(outcome.listing)
      try {
        await api('POST', 'media/method/attach', { brand: brandKey, media: outcome.media, listing: outcome.listing })
        showToast({ kind: 'success', message: MEDIA_TEXTS.associated(style) })
      } catch (error) {
        // An ended session gets its dialog (api-client.ts), not this toast.
        if (!isSessionExpired(error)) showToast({ kind: 'error', message: MEDIA_TEXTS.associateFailed(style) })
      }
      refresh()
    } else if (outcome.kind === 'detach') {
      try {
        await api('POST', 'media/method/detach', { brand: brandKey, media: outcome.media })
        showToast({ kind: 'success', message: MEDIA_TEXTS.detached })
      } catch (error) {
        if (!isSessionExpired(error)) showToast({ kind: 'error', message: MEDIA_TEXTS.detachFailed })
      }
      refresh()
    }
  }
  const onMove = (listing: string, media: string, step: -1 | 1) =>
    doc.setOrder(listing, moveByOne(shown[listing]!, media, step))

  // Save: the agreed order of each changed listing on this page, then its shared entry is cleared.
  const save = async () => {
    const changed = [...unsaved]
    if (changed.length === 0) {
      showToast({ kind: 'info', message: 'No order changes to save.' })
      return
    }
    const orders = changed.map((listing) => positionsFor(shown[listing]!))
    try {
      await api('POST', 'media/method/positions/', {
        keys: orders.flatMap((order) => order.keys),
        positions: orders.flatMap((order) => order.positions),
      })
      doc.clear(changed)
      showToast({ kind: 'success', message: MEDIA_TEXTS.positionsSaved })
    } catch (error) {
      showToast({ kind: 'error', message: error instanceof Error ? error.message : String(error) })
    }
    refresh()
  }

  const here = `${location.pathname}${location.search}`
  const withQuery = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(location.search)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name)
      else params.set(name, value)
    }
    const text = params.toString()
    return `${location.pathname}${text ? `?${text}` : ''}`
  }
  // Without JavaScript, Save writes the order every listing on the page shows (each move was saved already).
  const allOrders = listings.map((listing) => positionsFor(shown[listing.key]!)).filter((o) => o.keys.length > 0)
  const filterParams = filterSearchParams(filter)
  filterParams.delete('search')
  const lastShown = (page - 1) * MANAGE_PAGE_SIZE + listings.length

  return (
    <div className="mx-auto max-w-[1400px]">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Product Image Management</h1>
          <p className="mt-1 text-sm text-muted">
            {canArrange
              ? 'Drag photos from Product Media onto a listing, between listings, or back to the pool.'
              : 'You can look at the arrangement; owners and editors of the brand change it.'}
          </p>
        </div>
        <Presence others={doc.others} />
      </div>
      <StepperFrame
        actions={{
          brandKey,
          current: 'manage',
          saveForm: canArrange && allOrders.length > 0 ? 'media-positions' : null,
          saveLabel: 'Save',
          nextTo: `/brand/${brandKey}/products`,
          linkSteps: true,
        }}
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <Form method="get" role="search" className="flex items-center gap-2" preventScrollReset>
            {[...filterParams].map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <label htmlFor="manage-search" className="sr-only">
              Search listings
            </label>
            <input
              id="manage-search"
              type="search"
              name="search"
              defaultValue={filter.search}
              placeholder="Search style, number, material…"
              className="w-72 rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink"
            />
            <button type="submit" className="rounded-md border border-line bg-white px-3 py-2 text-sm hover:border-ink">
              Search
            </button>
          </Form>
          <Link
            to={withQuery({ order: editOrder ? null : '1' })}
            preventScrollReset
            replace
            role="switch"
            aria-checked={editOrder}
            data-testid="edit-order"
            className="flex items-center gap-2 text-sm"
          >
            <span
              aria-hidden="true"
              className={`relative inline-flex h-5 w-9 rounded-full transition-colors ${editOrder ? 'bg-ink' : 'bg-zinc-300'}`}
            >
              <span
                className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all ${editOrder ? 'left-[18px]' : 'left-0.5'}`}
              />
            </span>
            Edit order
          </Link>
        </div>
        <ManageBoard
          brandKey={brandKey}
          listings={listings}
          shown={shown}
          pool={data.pool}
          canArrange={canArrange}
          editOrder={editOrder}
          here={here}
          moreHref={withQuery({ pool: String(data.pool.shown + POOL_STEP) })}
          onDragEnd={live ? (event) => void onDragEnd(event) : undefined}
          onMove={live ? onMove : undefined}
          unsaved={unsaved}
        />
        <nav aria-label="Listing pages" className="mt-4 flex items-center justify-between text-sm text-muted">
          <span>
            {listings.length > 0
              ? `${(page - 1) * MANAGE_PAGE_SIZE + 1}–${lastShown} of ${data.totalExact ? data.total : `${data.total}+`}`
              : null}
          </span>
          <span className="flex gap-2">
            {page > 1 ? (
              <Link
                className="rounded-md border border-line px-3 py-1.5 hover:border-ink"
                to={withQuery({ page: page > 2 ? String(page - 1) : null })}
              >
                Previous
              </Link>
            ) : null}
            {data.more ? (
              <Link
                className="rounded-md border border-line px-3 py-1.5 hover:border-ink"
                to={withQuery({ page: String(page + 1) })}
              >
                Next page
              </Link>
            ) : null}
          </span>
        </nav>
        {canArrange && allOrders.length > 0 ? (
          <Form
            id="media-positions"
            method="post"
            action={here}
            preventScrollReset
            onSubmit={(event) => {
              if (!live) return
              event.preventDefault()
              void save()
            }}
          >
            <CsrfField token={csrf} />
            <input type="hidden" name="intent" value="positions" />
            <input type="hidden" name="keys" value={allOrders.flatMap((o) => o.keys).join(',')} />
            <input type="hidden" name="positions" value={allOrders.flatMap((o) => o.positions).join(',')} />
          </Form>
        ) : null}
      </StepperFrame>
      <Outlet />
    </div>
  )
}

function Presence({ others }: { others: string[] }) {
  if (others.length === 0) return null
  return (
    <div className="flex items-center gap-2 text-sm" data-testid="presence" aria-live="polite">
      <span className="flex -space-x-2">
        {others.slice(0, 4).map((name) => (
          <span key={name} className="rounded-full ring-2 ring-white">
            <Avatar name={name} size={28} />
          </span>
        ))}
      </span>
      <span className="text-muted">Also here: {others.join(', ')}</span>
    </div>
  )
}
