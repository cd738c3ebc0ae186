// The table view of listings.
import { Link } from '@remix-run/react'
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

export function ListingTable(props: ProductsListProps & { suffix: string }) {
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
                  {row.editable ? <RowCheckbox key={String(selectAll)} row={row} checked={selectAll} /> : null}
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
                <RowMenu row={row} base={base} brandKey={brandKey} canEdit={row.editable} suffix={suffix} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
