// What a listing's row and tile share: the menu (one, opened on demand), the checkbox, the name's link, progress, colour,
// status badges and the thumbnail.
import { StepsDone } from '#app/features/atelier/components'
import { HangerIcon } from '#app/ui/icons'
import { Badge } from '#app/ui/misc'
import { Link, useLocation } from '@remix-run/react'
import { isPlainClick } from '#app/ui/page-link'
import { useEffect, useState, type MouseEvent } from 'react'
import { statusTone, type ListingRow, type ProductsListProps } from './products-list-props'

/**
 * A row's "⋯": a link that opens the row's menu. Only the open row renders its items (one menu on
 * the page, opened on demand): with JavaScript the list toggles it in place (useRowMenu); without,
 * the link asks for the same list with `menu={key}`, and the server renders that row's menu open.
 */
export function RowMenu({
  row,
  base,
  brandKey,
  suffix,
  open,
}: {
  row: ListingRow
  base: string
  brandKey: string
  suffix: string
  open: boolean
}) {
  const detail = `/brand/${brandKey}/products/listing/${row.key}`
  const item = 'block whitespace-nowrap px-4 py-2 hover:bg-black/5 focus:bg-black/5 focus:outline-none'
  const toggle = open ? `${base}${suffix}` : `${base}${suffix}${suffix ? '&' : '?'}menu=${row.key}#row-${row.key}`
  return (
    <span className="relative inline-block">
      <a
        href={toggle}
        data-row-menu={row.key}
        aria-label={`${row.style_name} menu`}
        aria-expanded={open}
        aria-controls={open ? `menu-${row.key}` : undefined}
        className="flex items-center rounded-md px-2 py-1 hover:bg-black/5"
      >
        <span aria-hidden="true">⋯</span>
      </a>
      {open ? (
        <span
          id={`menu-${row.key}`}
          data-row-menu-items={row.key}
          className="absolute right-0 z-30 mt-2 block min-w-48 rounded-md border border-line bg-white py-1 text-left text-sm shadow-lg"
        >
          <Link to={`${base}/quick/${row.key}${suffix}`} className={item} preventScrollReset>
            Quick View
          </Link>
          <Link to={detail} className={item}>
            View
          </Link>
          {row.editable ? (
            <>
              <Link to={`${detail}?edit=true`} className={item}>
                Edit
              </Link>
              <Link to={`${base}/delete/${row.key}${suffix}`} className={`${item} text-red-700`} preventScrollReset>
                Delete
              </Link>
            </>
          ) : null}
        </span>
      ) : null}
    </span>
  )
}

/**
 * The list's one open row menu. Rows render plain anchors marked `data-nav` (no router hook per
 * link: a 50-row page would otherwise resolve some 250 of them on every render), which the page's
 * one click handler sends through the router (app/ui/page-link.tsx); a click here toggles a menu.
 */
export function useRowMenu(fromAddress: string | null) {
  const [open, setOpen] = useState<string | null>(fromAddress)
  const location = useLocation()
  // A new address (an item followed, a filter applied) closes the menu, as a new page would.
  useEffect(() => setOpen(fromAddress), [location.key, fromAddress])
  useEffect(() => {
    if (!open) return
    const first = document.querySelector<HTMLElement>(`[data-row-menu-items="${open}"] a`)
    first?.focus()
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        document.querySelector<HTMLElement>(`[data-row-menu="${open}"]`)?.focus()
      } else if (
        // Inside the open row a click goes on (its name, its checkbox); the menu closes with the page.
        (event.target as Element | null)?.closest?.(`#row-${open}, [data-row-menu="${open}"], [data-row-menu-items]`)
      ) {
        return
      }
      setOpen(null)
    }
    document.addEventListener('keydown', close)
    document.addEventListener('pointerdown', close)
    return () => {
      document.removeEventListener('keydown', close)
      document.removeEventListener('pointerdown', close)
    }
  }, [open])
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event.nativeEvent)) return
    const toggle = (event.target as Element).closest<HTMLElement>('[data-row-menu]')
    if (toggle) {
      event.preventDefault()
      const key = toggle.dataset.rowMenu!
      setOpen((current) => (current === key ? null : key))
    }
  }
  return { open, onClick }
}

export function nameHref(row: ListingRow, brandKey: string, atelier: boolean): string {
  if (atelier && row.style) return `/brand/${brandKey}/style/${row.style}`
  return `/brand/${brandKey}/products/listing/${row.key}`
}

export function RowCheckbox({ row, checked }: { row: ListingRow; checked: boolean }) {
  return (
    <input
      type="checkbox"
      name="keys"
      value={row.key}
      form="bulk-delete"
      defaultChecked={checked}
      aria-label={`Select ${row.style_name}`}
      className="h-4 w-4"
    />
  )
}

export function SelectAllBox({ checked }: { checked: boolean }) {
  return (
    <input
      type="checkbox"
      aria-label="Select all"
      defaultChecked={checked}
      className="h-4 w-4"
      onChange={(event) => {
        const boxes = document.querySelectorAll<HTMLInputElement>('input[name="keys"][form="bulk-delete"]')
        for (const box of boxes) box.checked = event.currentTarget.checked
      }}
    />
  )
}

/** The style's steps done, for a row that has a style (a listing without one has no progress). */
export function RowProgress({ row, progress }: { row: ListingRow; progress: ProductsListProps['progress'] }) {
  const counted = row.style ? progress?.[row.style] : undefined
  if (!counted) return <span className="text-xs text-muted">No style</span>
  return <StepsDone complete={counted.complete} total={counted.total} />
}

export function Colour({ row }: { row: ListingRow }) {
  if (!row.color.name && !row.color.code) return null
  return (
    <span className="inline-flex items-center gap-2">
      {row.color.hexCode ? (
        <span
          aria-hidden="true"
          className="h-3 w-3 rounded-full border border-black/10"
          style={{ backgroundColor: row.color.hexCode }}
        />
      ) : null}
      {row.color.name ?? row.color.code}
    </span>
  )
}

export function StatusBadges({ row }: { row: Pick<ListingRow, 'addition' | 'status'> }) {
  return (
    <span className="inline-flex items-center gap-1">
      {row.addition ? (
        <span
          title="Addition"
          data-testid="addition-badge"
          className="inline-flex h-5 w-5 items-center justify-center rounded-full bg-accent text-xs font-semibold text-white"
        >
          a
        </span>
      ) : null}
      <Badge tone={statusTone(row.status)}>{row.status}</Badge>
    </span>
  )
}

/** A 3:4 photo, lazy-loaded; without one, a quiet placeholder with a hanger. */
export function Thumbnail({
  row,
  className = '',
}: {
  row: Pick<ListingRow, 'thumbnail' | 'style_name'>
  className?: string
}) {
  if (row.thumbnail) {
    return (
      <img
        src={row.thumbnail}
        alt={row.style_name}
        loading="lazy"
        decoding="async"
        width={300}
        height={400}
        className={`aspect-product rounded-md bg-canvas object-cover ${className}`}
      />
    )
  }
  return (
    <span
      role="img"
      aria-label={`${row.style_name}: no image yet`}
      data-testid="thumbnail-placeholder"
      className={`flex aspect-product items-center justify-center rounded-md bg-gradient-to-b from-stone-100 to-stone-200 text-stone-400 ${className}`}
    >
      <HangerIcon className="h-1/3 w-1/2" />
    </span>
  )
}
