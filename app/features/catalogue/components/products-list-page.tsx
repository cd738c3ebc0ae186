// The products list: filter bar, table or grid, pagination.
import { filterSearchParams } from '#app/features/catalogue/listing-filter'
import { buttonClass } from '#app/ui/button'
import { EmptyState } from '#app/ui/misc'
import { PageLink } from '#app/ui/page-link'
import { FilterBar } from './products-filter-bar'
import { ListingGrid, Pagination } from './products-grid'
import { listHref, totalLabel, type ProductsListProps } from './products-list-props'
import { useRowMenu } from './products-row-parts'
import { ListingTable } from './products-table'

export function ProductsList(props: ProductsListProps) {
  const { rows, total, filter, view, canEdit, selectAll, base } = props
  const query = filterSearchParams(filter, { page: props.page, per: props.per, view }).toString()
  const suffix = query ? `?${query}` : ''
  const rowMenu = useRowMenu(props.menu)
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
              <PageLink
                to={selectAll ? listHref(props) : `${listHref(props)}${query ? '&' : '?'}select=all`}
                className="text-muted underline-offset-2 hover:text-ink hover:underline"
                preventScrollReset
              >
                {selectAll ? 'Deselect all' : 'Select all'}
              </PageLink>
              {props.canBulkEdit ? (
                <button type="submit" formAction={`${base}/bulk-edit`} className={buttonClass('secondary', 'py-1.5')}>
                  Edit selected
                </button>
              ) : null}
              <button type="submit" className={buttonClass('secondary', 'py-1.5')}>
                Delete selected
              </button>
            </form>
          ) : null}
          {/* One click handler for the rows' menus and links (useRowMenu); keys reach the links themselves. */}
          <div onClick={rowMenu.onClick}>
            {view === 'table' ? (
              <ListingTable {...props} suffix={suffix} openMenu={rowMenu.open} />
            ) : (
              <ListingGrid {...props} suffix={suffix} openMenu={rowMenu.open} />
            )}
          </div>
        </>
      )}
      <Pagination {...props} />
    </div>
  )
}
