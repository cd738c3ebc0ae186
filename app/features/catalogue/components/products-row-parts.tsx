// What a listing's row and tile share: the menu, the checkbox, the name's link, progress, colour,
// status badges and the thumbnail.
import { StepsDone } from '#app/features/atelier/components'
import { HangerIcon } from '#app/ui/icons'
import { Badge, Menu } from '#app/ui/misc'
import { Link } from '@remix-run/react'
import { statusTone, type ListingRow, type ProductsListProps } from './products-list-props'

export function RowMenu({
  row,
  base,
  brandKey,
  canEdit,
  suffix,
}: {
  row: ListingRow
  base: string
  brandKey: string
  canEdit: boolean
  suffix: string
}) {
  const detail = `/brand/${brandKey}/products/listing/${row.key}`
  const item = 'block px-4 py-2 hover:bg-black/5'
  return (
    <Menu label={<span aria-hidden="true">⋯</span>} name={`${row.style_name} menu`}>
      <Link to={`${base}/quick/${row.key}${suffix}`} className={item} preventScrollReset>
        Quick View
      </Link>
      <Link to={detail} className={item}>
        View
      </Link>
      {canEdit ? (
        <>
          <Link to={`${detail}?edit=true`} className={item}>
            Edit
          </Link>
          <Link to={`${base}/delete/${row.key}${suffix}`} className={`${item} text-red-700`} preventScrollReset>
            Delete
          </Link>
        </>
      ) : null}
    </Menu>
  )
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
