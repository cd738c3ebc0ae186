// The grid viewer of the dry run (catalogue.md §2, §9: 900 wide): one line per row of the file
// with its planned action, its state, the issues per field, and for updates each changed field
// as old → new. Rows with errors open in the row editor (a dialog route) for those who may edit.
import { RowIssues } from './row-issues'
import { Link } from '@remix-run/react'
import { LISTING_UNIQUE_ID } from '#app/features/imports/fields'
import type { ImportRowView } from '../views'
import { RowActionBadge, RowStatusBadge } from './import-status'

export const GRID_WIDTH = 900

const shown = (value: string | null) => (value === null || value === '' ? '(empty)' : value)

export function ImportGrid({
  rows,
  rowTo,
  canFix,
}: {
  rows: ImportRowView[]
  /** The row editor's address for a row. */
  rowTo: (row: ImportRowView) => string
  canFix: boolean
}) {
  return (
    <div
      className="max-w-full overflow-x-auto rounded-lg border border-line bg-white"
      style={{ width: GRID_WIDTH }}
      data-testid="grid-viewer"
    >
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-canvas text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Row
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Action
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {LISTING_UNIQUE_ID}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Style Name
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Issues and changes
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">Row actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.rowNumber}
              className="border-b border-line align-top last:border-0"
              data-testid="grid-row"
              data-row={row.rowNumber}
              data-action={row.action}
            >
              <td className="px-3 py-2 tabular-nums text-muted">{row.rowNumber}</td>
              <td className="px-3 py-2">
                <div className="flex flex-col items-start gap-1">
                  <RowActionBadge action={row.action} />
                  {row.status !== 'pending' ? <RowStatusBadge status={row.status} /> : null}
                </div>
              </td>
              <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{row.listingUniqueId || '—'}</td>
              <td className="px-3 py-2">{row.values['Style Name'] || '—'}</td>
              <td className="px-3 py-2">
                <RowIssues issues={row.issues} values={row.values} />
                {row.changes.length > 0 ? (
                  <ul className="mt-1 flex flex-col gap-1 text-xs" data-testid="row-changes">
                    {row.changes.map((change) => (
                      <li key={change.field}>
                        <span className="font-medium">{change.field}:</span>{' '}
                        <span className="text-muted line-through">{shown(change.from)}</span> →{' '}
                        <span>{shown(change.to)}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {row.issues.length === 0 && row.changes.length === 0 ? <span className="text-muted">—</span> : null}
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {canFix && (row.action === 'error' || row.status === 'failed') ? (
                  <Link
                    to={rowTo(row)}
                    className="rounded-md px-2 py-1 font-medium hover:bg-black/5"
                    aria-label={`Fix row ${row.rowNumber}`}
                    preventScrollReset
                  >
                    Fix
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
