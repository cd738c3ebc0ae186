// The table view of listings.
import { useCarriedState } from '#app/ui/carried-state'
import { useRef } from 'react'
import { listingRowCellsHtml } from './listing-row-html'
import { sizing, type ProductsListProps } from './products-list-props'
import {
  Colour,
  RowCheckbox,
  RowMenu,
  RowProgress,
  SelectAllBox,
  StatusBadges,
  Thumbnail,
  nameHref,
} from './products-row-parts'

export function ListingTable(props: ProductsListProps & { suffix: string; openMenu: string | null }) {
  const { rows, atelier, brandKey, base, canEdit, suffix, selectAll, openMenu } = props
  const th = 'whitespace-nowrap px-3 py-3 font-medium'
  // A row written as text is replaced whole when it changes (its menu opened or closed, its
  // listing updated): its tick and the focus go over to the new row.
  const table = useRef<HTMLDivElement>(null)
  useCarriedState(table, 'input[name="keys"]', selectAll)
  return (
    <div ref={table} className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-2" data-testid="listing-table">
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
          {rows.map((row) =>
            // A closed row of the products table is sent as its HTML; the open row (its menu's links
            // go through the router) and the atelier's rows (with progress) are React's.
            atelier || openMenu === row.key ? (
              <ListingTableRow key={`${row.key}-react`} {...props} row={row} />
            ) : (
              <tr
                key={row.key}
                id={`row-${row.key}`}
                data-testid="listing-row"
                data-key={row.key}
                className="hover:bg-canvas"
                dangerouslySetInnerHTML={{
                  __html: listingRowCellsHtml(row, { brandKey, base, suffix, canEdit, selectAll }),
                }}
              />
            ),
          )}
        </tbody>
      </table>
    </div>
  )
}

/** One row as React elements: the open row, the atelier's rows, and the reference of listing-row-html.ts. */
export function ListingTableRow(
  props: ProductsListProps & { suffix: string; openMenu: string | null; row: ProductsListProps['rows'][number] },
) {
  const { row, atelier, brandKey, base, canEdit, suffix, selectAll, openMenu } = props
  return (
    <tr id={`row-${row.key}`} data-testid="listing-row" data-key={row.key} className="hover:bg-canvas">
      {canEdit ? (
        <td>{row.editable ? <RowCheckbox key={String(selectAll)} row={row} checked={selectAll} /> : null}</td>
      ) : null}
      <td>
        <Thumbnail row={row} className="w-12" />
      </td>
      {atelier ? <td className="whitespace-nowrap font-mono text-xs">{row.sku}</td> : null}
      <td className="font-medium">
        <a href={nameHref(row, brandKey, atelier)} data-nav className="hover:underline">
          {row.style_name}
        </a>
      </td>
      <td className="whitespace-nowrap text-muted">{row.style_number}</td>
      {atelier ? (
        <td>
          <RowProgress row={row} progress={props.progress} />
        </td>
      ) : null}
      <td>{row.category_names.join(', ')}</td>
      <td>{row.line_name}</td>
      <td>{sizing(row)}</td>
      <td>
        <Colour row={row} />
      </td>
      <td>
        <StatusBadges row={row} />
      </td>
      <td className="text-right">
        <RowMenu row={row} base={base} brandKey={brandKey} suffix={suffix} open={openMenu === row.key} />
      </td>
    </tr>
  )
}
