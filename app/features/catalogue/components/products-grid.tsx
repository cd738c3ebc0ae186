// The grid view of listings, and pagination.
import { PER_PAGE_OPTIONS } from '#app/features/catalogue/listing-filter'
import { PageLink } from '#app/ui/page-link'
import { listHref, sizing, type ProductsListProps } from './products-list-props'
import { Colour, RowCheckbox, RowMenu, RowProgress, StatusBadges, Thumbnail, nameHref } from './products-row-parts'

export function ListingGrid(props: ProductsListProps & { suffix: string; openMenu: string | null }) {
  const { rows, atelier, brandKey, base, canEdit, suffix, selectAll, view, openMenu } = props
  const large = view === 'large'
  return (
    <ul
      data-testid="listing-grid"
      data-view={view}
      className={`grid gap-5 ${large ? 'sm:grid-cols-2 lg:grid-cols-3' : 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5'}`}
    >
      {rows.map((row) => (
        <li
          key={row.key}
          id={`row-${row.key}`}
          data-testid="listing-card"
          data-key={row.key}
          className="group flex flex-col gap-2"
        >
          <div className="relative">
            <a href={nameHref(row, brandKey, atelier)} data-nav tabIndex={-1} aria-hidden="true">
              <Thumbnail row={row} className="w-full" />
            </a>
            {canEdit && row.editable ? (
              <span className="absolute left-2 top-2 rounded bg-white/90 p-1">
                <RowCheckbox key={String(selectAll)} row={row} checked={selectAll} />
              </span>
            ) : null}
            <span className="absolute right-2 top-2 rounded-md bg-white/90">
              <RowMenu row={row} base={base} brandKey={brandKey} suffix={suffix} open={openMenu === row.key} />
            </span>
          </div>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <a
                href={nameHref(row, brandKey, atelier)}
                data-nav
                className={`block truncate font-medium hover:underline ${large ? 'text-base' : 'text-sm'}`}
              >
                {row.style_name}
              </a>
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

export function Pagination(props: ProductsListProps) {
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
          <PageLink to={listHref(props, { page: page - 1 })} className={link} rel="prev">
            Previous
          </PageLink>
        ) : null}
        {numbers.map((number, index) =>
          number === null ? (
            <span key={`gap-${index}`} className="px-2 text-muted">
              …
            </span>
          ) : (
            <PageLink
              key={number}
              to={listHref(props, { page: number })}
              aria-current={number === page ? 'page' : undefined}
              className={number === page ? 'rounded-md bg-ink px-3 py-1.5 text-white' : link}
            >
              {number}
            </PageLink>
          ),
        )}
        {page < pages ? (
          <PageLink to={listHref(props, { page: page + 1 })} className={link} rel="next">
            Next
          </PageLink>
        ) : null}
      </nav>
      <nav aria-label="Per page" className="flex items-center gap-1 text-muted">
        <span>Per page</span>
        {PER_PAGE_OPTIONS.map((option) => (
          <PageLink
            key={option}
            to={listHref(props, { per: option, page: 1 })}
            aria-current={option === per ? 'true' : undefined}
            className={
              option === per ? 'rounded-md bg-black/10 px-2 py-1 text-ink' : 'rounded-md px-2 py-1 hover:bg-black/5'
            }
          >
            {option}
          </PageLink>
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
