// The products list (catalogue.md §2): filter bar, table, card and large views, row menus,
// selection for bulk delete and pagination. Everything is a link or a GET form, so it all works
// without JavaScript; with JavaScript the filter form submits itself as the user types or ticks.
import { Form, Link, useSubmit } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { buttonClass } from '#app/ui/button'
import { HangerIcon, InfoIcon, ViewModeIcon } from '#app/ui/icons'
import { Badge, EmptyState, Menu, type BadgeTone } from '#app/ui/misc'
import { StepsDone } from '#app/features/atelier/components/style-progress'
import {
  FILTER_LISTS,
  PER_PAGE_OPTIONS,
  VIEW_MODES,
  filterSearchParams,
  type FilterList,
  type ListingFilter,
  type ViewMode,
} from '#app/features/catalogue/listing-filter'

export interface ListingRow {
  key: string
  style: string | null
  style_name: string
  style_number: string
  sku: string | null
  category_names: string[]
  line_name: string | null
  collection_name: string | null
  size: { name?: string; number: number }
  size_description: string | null
  color: { name?: string; code?: string; hexCode?: string }
  status: string
  addition: boolean
  thumbnail: string | null
}

/**
 * What a row of the list shows, cut from the Listing entity: the page sends fifty of these, and
 * the entity's photos, prices and descriptions would double its weight (docs/decisions/079).
 */
export function toListingRow(listing: ListingRow): ListingRow {
  return {
    key: listing.key,
    style: listing.style,
    style_name: listing.style_name,
    style_number: listing.style_number,
    sku: listing.sku,
    category_names: listing.category_names,
    line_name: listing.line_name,
    collection_name: listing.collection_name,
    size: listing.size,
    size_description: listing.size_description,
    color: listing.color,
    status: listing.status,
    addition: listing.addition,
    thumbnail: listing.thumbnail,
  }
}

export interface Choice {
  key: string
  name: string
}

export interface ProductsListProps {
  base: string
  brandKey: string
  atelier: boolean
  filter: ListingFilter
  page: number
  per: number
  view: ViewMode
  rows: ListingRow[]
  total: number
  /** False when `total` is a lower bound: a search with very many hits shows "1,000+". */
  totalExact: boolean
  /** Another page follows this one. */
  more: boolean
  choices: Record<FilterList, Choice[]> & { moreStyles: boolean }
  /** What was typed in the styles dropdown's own search (it narrows the choices, not the list). */
  styleSearch: string
  canEdit: boolean
  showTeamInfo: boolean
  selectAll: boolean
  /** In the atelier: each listed style's progress, by style key (atelier.md §4). */
  progress?: Record<string, { complete: number; total: number }>
}

const FILTER_LABELS: Record<FilterList, string> = {
  lines: 'Lines',
  collections: 'Collections',
  categories: 'Categories',
  styles: 'Styles',
}

/** The address of this list with some of its query changed. */
export function listHref(props: Pick<ProductsListProps, 'base' | 'filter' | 'page' | 'per' | 'view'>, change = {}) {
  const next = { page: props.page, per: props.per, view: props.view, ...change }
  const query = filterSearchParams(props.filter, next).toString()
  return `${props.base}${query ? `?${query}` : ''}`
}

export function statusTone(status: string): BadgeTone {
  if (status === 'active') return 'success'
  if (status === 'draft') return 'muted'
  if (status === 'discontinued' || status === 'archived') return 'warning'
  return 'info'
}

/** The total as the search line shows it: "1,000+" when only a lower bound is known. */
export function totalLabel(total: number, exact: boolean): string {
  return exact ? String(total) : `${total.toLocaleString('en-US')}+`
}

function sizing(row: ListingRow): string {
  return row.size.name ?? row.size_description ?? ''
}

export function ProductsList(props: ProductsListProps) {
  const { rows, total, filter, view, canEdit, selectAll, base } = props
  const query = filterSearchParams(filter, { page: props.page, per: props.per, view }).toString()
  const suffix = query ? `?${query}` : ''
  return (
    <div className="flex flex-col gap-4">
      <FilterBar {...props} />
      {filter.search ? (
        <p className="text-sm text-muted" role="status" data-testid="search-count">
          {`Showing ${rows.length} of ${totalLabel(total, props.totalExact)} items.`}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title="No listings are available" />
      ) : (
        <>
          {canEdit ? (
            <form
              id="bulk-delete"
              method="get"
              action={`${base}/remove`}
              className="flex flex-wrap items-center gap-3 text-sm"
              aria-label="Selected products"
            >
              {[...filterSearchParams(filter, { page: props.page, per: props.per, view })].map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <Link
                to={selectAll ? listHref(props) : `${listHref(props)}${query ? '&' : '?'}select=all`}
                className="text-muted underline-offset-2 hover:text-ink hover:underline"
                preventScrollReset
              >
                {selectAll ? 'Deselect all' : 'Select all'}
              </Link>
              <button type="submit" className={buttonClass('secondary', 'py-1.5')}>
                Delete selected
              </button>
            </form>
          ) : null}
          {view === 'table' ? <ListingTable {...props} suffix={suffix} /> : <ListingGrid {...props} suffix={suffix} />}
        </>
      )}
      <Pagination {...props} />
    </div>
  )
}

function FilterBar(props: ProductsListProps) {
  const { base, brandKey, filter, choices, view, per, showTeamInfo, styleSearch } = props
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  // With JavaScript the list follows the form: ticks at once, typing after a short pause; the
  // address changes with it (replace, so Back leaves the list rather than undoing keystrokes).
  const follow = (delay: number) => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (form.current) submit(form.current, { replace: true, preventScrollReset: true })
    }, delay)
  }
  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-white p-3"
      data-testid="filter-bar"
    >
      <Form
        ref={form}
        method="get"
        action={base}
        role="search"
        className="flex flex-1 flex-wrap items-center gap-2"
        onChange={(event) => follow((event.target as HTMLElement).getAttribute('type') === 'search' ? 250 : 0)}
      >
        <label className="relative min-w-56 flex-1">
          <span className="sr-only">Search products</span>
          <input
            type="search"
            name="search"
            defaultValue={filter.search}
            placeholder="Search style, number, material, line or collection"
            maxLength={100}
            className="w-full rounded-md border border-line px-3 py-2 text-sm focus:border-ink focus:outline-none"
          />
        </label>
        {FILTER_LISTS.map((name) =>
          choices[name].length > 0 || (name === 'styles' && styleSearch) ? (
            <CheckboxDropdown
              key={name}
              name={name}
              label={FILTER_LABELS[name]}
              choices={choices[name]}
              selected={filter[name]}
              finder={
                name === 'styles' && (choices.moreStyles || styleSearch)
                  ? { name: 'styleSearch', value: styleSearch, more: choices.moreStyles }
                  : undefined
              }
            />
          ) : null,
        )}
        {view !== 'table' ? <input type="hidden" name="view" value={view} /> : null}
        {per !== 50 ? <input type="hidden" name="per" value={per} /> : null}
        <button type="submit" className={buttonClass('primary', 'py-2')}>
          Apply
        </button>
      </Form>
      <nav aria-label="View" className="flex items-center gap-1">
        {VIEW_MODES.map((mode) => (
          <Link
            key={mode}
            to={listHref(props, { view: mode, page: props.page })}
            aria-label={`${mode[0]!.toUpperCase()}${mode.slice(1)} view`}
            aria-current={mode === view ? 'page' : undefined}
            className={`rounded-md p-2 ${mode === view ? 'bg-ink text-white' : 'text-muted hover:bg-black/5 hover:text-ink'}`}
            preventScrollReset
          >
            <ViewModeIcon mode={mode} />
          </Link>
        ))}
      </nav>
      <Link
        to={`/brand/${brandKey}/products/upload${uploadScopeQuery(props.filter)}`}
        className={buttonClass('secondary', 'py-2')}
      >
        Product Upload
      </Link>
      {showTeamInfo ? (
        <Link
          to={`${base}/team${listQuery(props)}`}
          aria-label="Team"
          className="rounded-full p-2 text-muted hover:bg-black/5 hover:text-ink"
          preventScrollReset
        >
          <InfoIcon />
        </Link>
      ) : null}
    </div>
  )
}

/** The list's query string, to carry through a modal and back. */
/**
 * The upload's scope from the list's filter: a list narrowed to one collection uploads into that
 * collection, one line into that line; anything wider uploads to the brand.
 */
export function uploadScopeQuery(filter: Pick<ListingFilter, 'lines' | 'collections'>): string {
  if (filter.collections.length === 1) return `?collection=${encodeURIComponent(filter.collections[0]!)}`
  if (filter.collections.length === 0 && filter.lines.length === 1) {
    return `?line=${encodeURIComponent(filter.lines[0]!)}`
  }
  return ''
}

export function listQuery(props: Pick<ProductsListProps, 'filter' | 'page' | 'per' | 'view'>): string {
  const query = filterSearchParams(props.filter, { page: props.page, per: props.per, view: props.view }).toString()
  return query ? `?${query}` : ''
}

function CheckboxDropdown({
  name,
  label,
  choices,
  selected,
  finder,
}: {
  name: string
  label: string
  choices: Choice[]
  selected: string[]
  /** A search field narrowing a long list of choices on the server (styles). */
  finder?: { name: string; value: string; more: boolean }
}) {
  const count = selected.length
  return (
    <details className="relative" data-testid={`filter-${name}`} open={finder?.value ? true : undefined}>
      <summary
        className={`flex cursor-pointer list-none items-center gap-2 rounded-md border px-3 py-2 text-sm [&::-webkit-details-marker]:hidden ${
          count > 0 ? 'border-ink' : 'border-line'
        }`}
      >
        {label}
        {count > 0 ? <span className="rounded-full bg-ink px-1.5 text-xs text-white">{count}</span> : null}
        <span aria-hidden="true" className="text-muted">
          ▾
        </span>
      </summary>
      <fieldset className="absolute left-0 z-30 mt-2 max-h-72 min-w-72 overflow-y-auto rounded-md border border-line bg-white p-2 text-sm shadow-lg">
        <legend className="sr-only">{label}</legend>
        {finder ? (
          <label className="mb-1 block">
            <span className="sr-only">Find {label.toLowerCase()}</span>
            <input
              type="search"
              name={finder.name}
              defaultValue={finder.value}
              placeholder={`Find ${label.toLowerCase()}`}
              maxLength={100}
              className="w-full rounded-md border border-line px-2 py-1.5 text-sm focus:border-ink focus:outline-none"
            />
          </label>
        ) : null}
        {finder && choices.length === 0 ? (
          <p className="px-2 py-1.5 text-muted">{`No ${label.toLowerCase()} found`}</p>
        ) : null}
        {choices.map((choice) => (
          <label
            key={choice.key}
            className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 hover:bg-black/5"
          >
            <input type="checkbox" name={name} value={choice.key} defaultChecked={selected.includes(choice.key)} />
            <span>{choice.name}</span>
          </label>
        ))}
        {finder?.more ? (
          <p className="px-2 pt-1.5 text-xs text-muted">{`Type a name or number to find more ${label.toLowerCase()}.`}</p>
        ) : null}
      </fieldset>
    </details>
  )
}

function RowMenu({
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

function nameHref(row: ListingRow, brandKey: string, atelier: boolean): string {
  if (atelier && row.style) return `/brand/${brandKey}/style/${row.style}`
  return `/brand/${brandKey}/products/listing/${row.key}`
}

function RowCheckbox({ row, checked }: { row: ListingRow; checked: boolean }) {
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

function SelectAllBox({ checked }: { checked: boolean }) {
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

function ListingTable(props: ProductsListProps & { suffix: string }) {
  const { rows, atelier, brandKey, base, canEdit, suffix, selectAll } = props
  const th = 'px-3 py-3 font-medium'
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm" data-testid="listing-table">
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            {canEdit ? (
              <th scope="col" className="w-10 px-3 py-3">
                <SelectAllBox key={String(selectAll)} checked={selectAll} />
              </th>
            ) : null}
            <th scope="col" className="w-16 px-3 py-3">
              <span className="sr-only">Image</span>
            </th>
            {atelier ? (
              <th scope="col" className={th}>
                SKU
              </th>
            ) : null}
            <th scope="col" className={th}>
              Style Name
            </th>
            <th scope="col" className={th}>
              Style No
            </th>
            {atelier ? (
              <th scope="col" className={`${th} normal-case`}>
                Progress
              </th>
            ) : null}
            <th scope="col" className={th}>
              Categories
            </th>
            <th scope="col" className={`${th} normal-case`}>
              Line
            </th>
            <th scope="col" className={`${th} normal-case`}>
              Sizing
            </th>
            <th scope="col" className={`${th} normal-case`}>
              colour
            </th>
            <th scope="col" className={`${th} normal-case`}>
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key} data-testid="listing-row" data-key={row.key} className="hover:bg-canvas">
              {canEdit ? (
                <td className="px-3 py-2">
                  <RowCheckbox key={String(selectAll)} row={row} checked={selectAll} />
                </td>
              ) : null}
              <td className="px-3 py-2">
                <Thumbnail row={row} className="w-12" />
              </td>
              {atelier ? <td className="px-3 py-2 font-mono text-xs">{row.sku}</td> : null}
              <td className="px-3 py-2 font-medium">
                <Link to={nameHref(row, brandKey, atelier)} className="hover:underline">
                  {row.style_name}
                </Link>
              </td>
              <td className="px-3 py-2 text-muted">{row.style_number}</td>
              {atelier ? (
                <td className="px-3 py-2">
                  <RowProgress row={row} progress={props.progress} />
                </td>
              ) : null}
              <td className="px-3 py-2">{row.category_names.join(', ')}</td>
              <td className="px-3 py-2">{row.line_name}</td>
              <td className="px-3 py-2">{sizing(row)}</td>
              <td className="px-3 py-2">
                <Colour row={row} />
              </td>
              <td className="px-3 py-2">
                <StatusBadges row={row} />
              </td>
              <td className="px-3 py-2 text-right">
                <RowMenu row={row} base={base} brandKey={brandKey} canEdit={canEdit} suffix={suffix} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ListingGrid(props: ProductsListProps & { suffix: string }) {
  const { rows, atelier, brandKey, base, canEdit, suffix, selectAll, view } = props
  const large = view === 'large'
  return (
    <ul
      data-testid="listing-grid"
      data-view={view}
      className={`grid gap-5 ${large ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5'}`}
    >
      {rows.map((row) => (
        <li key={row.key} data-testid="listing-card" data-key={row.key} className="group flex flex-col gap-2">
          <div className="relative">
            <Link to={nameHref(row, brandKey, atelier)} tabIndex={-1} aria-hidden="true">
              <Thumbnail row={row} className="w-full" />
            </Link>
            {canEdit ? (
              <span className="absolute left-2 top-2 rounded bg-white/90 p-1">
                <RowCheckbox key={String(selectAll)} row={row} checked={selectAll} />
              </span>
            ) : null}
            <span className="absolute right-2 top-2 rounded-md bg-white/90">
              <RowMenu row={row} base={base} brandKey={brandKey} canEdit={canEdit} suffix={suffix} />
            </span>
          </div>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <Link
                to={nameHref(row, brandKey, atelier)}
                className={`block truncate font-medium hover:underline ${large ? 'text-base' : 'text-sm'}`}
              >
                {row.style_name}
              </Link>
              <p className="truncate text-xs text-muted">
                {row.style_number}
                {atelier && row.sku ? ` · ${row.sku}` : ''}
              </p>
            </div>
            <StatusBadges row={row} />
          </div>
          {atelier ? <RowProgress row={row} progress={props.progress} /> : null}
          {large ? (
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted">Line</dt>
              <dd className="truncate">{row.line_name}</dd>
              <dt className="text-muted">Categories</dt>
              <dd className="truncate">{row.category_names.join(', ')}</dd>
              <dt className="text-muted">Sizing</dt>
              <dd>{sizing(row)}</dd>
              <dt className="text-muted">Colour</dt>
              <dd>
                <Colour row={row} />
              </dd>
            </dl>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

/** The style's steps done, for a row that has a style (a listing without one has no progress). */
function RowProgress({ row, progress }: { row: ListingRow; progress: ProductsListProps['progress'] }) {
  const counted = row.style ? progress?.[row.style] : undefined
  if (!counted) return <span className="text-xs text-muted">No style</span>
  return <StepsDone complete={counted.complete} total={counted.total} />
}

function Colour({ row }: { row: ListingRow }) {
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

function Pagination(props: ProductsListProps) {
  const { page, per, total, more } = props
  // With a lower-bound total (a large search), the known pages end where the count stopped; Next
  // still leads on while more rows follow.
  const pages = Math.max(1, Math.ceil(total / per), more ? page + 1 : page)
  const numbers = pageWindow(page, pages)
  const link = 'rounded-md px-3 py-1.5 hover:bg-black/5'
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm" data-testid="pagination">
      <nav aria-label="Pages" className="flex items-center gap-1">
        {page > 1 ? (
          <Link to={listHref(props, { page: page - 1 })} className={link} rel="prev">
            Previous
          </Link>
        ) : null}
        {numbers.map((number, index) =>
          number === null ? (
            <span key={`gap-${index}`} className="px-2 text-muted">
              …
            </span>
          ) : (
            <Link
              key={number}
              to={listHref(props, { page: number })}
              aria-current={number === page ? 'page' : undefined}
              className={number === page ? 'rounded-md bg-ink px-3 py-1.5 text-white' : link}
            >
              {number}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link to={listHref(props, { page: page + 1 })} className={link} rel="next">
            Next
          </Link>
        ) : null}
      </nav>
      <nav aria-label="Per page" className="flex items-center gap-1 text-muted">
        <span>Per page</span>
        {PER_PAGE_OPTIONS.map((option) => (
          <Link
            key={option}
            to={listHref(props, { per: option, page: 1 })}
            aria-current={option === per ? 'true' : undefined}
            className={
              option === per ? 'rounded-md bg-black/10 px-2 py-1 text-ink' : 'rounded-md px-2 py-1 hover:bg-black/5'
            }
          >
            {option}
          </Link>
        ))}
      </nav>
    </div>
  )
}

/** Page numbers around the current one, with null for a gap: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages))
  const sorted = [...shown].sort((a, b) => a - b)
  const out: (number | null)[] = []
  for (const n of sorted) {
    const last = out[out.length - 1]
    if (typeof last === 'number' && n - last > 1) out.push(null)
    out.push(n)
  }
  return out
}
