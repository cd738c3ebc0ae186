// The raw grid viewer of catalogue.md §2 (900 wide, §9): the parsed file as a spreadsheet, its own
// columns in its own order, one line per row. A cell at fault is tinted (red for an error, amber
// for a warning) and carries its reason, on hover and for screen readers; the dry-run table beside
// it says what each row will do.
import type { ImportRowView } from '../views'
import { GRID_WIDTH } from './import-grid'
import { issueText } from './row-issues'

const TONE = {
  error: 'bg-red-50 text-red-900 shadow-[inset_0_0_0_1px_rgb(220_38_38)]',
  warning: 'bg-amber-50 text-amber-900 shadow-[inset_0_0_0_1px_rgb(245_158_11)]',
} as const

export function SpreadsheetGrid({
  headers,
  mapping,
  rows,
}: {
  /** The file's headers as written. */
  headers: string[]
  /** Header -> field (null = ignored). */
  mapping: Record<string, string | null>
  rows: ImportRowView[]
}) {
  const columns = headers.map((header) => ({ header, field: mapping[header] ?? null }))
  return (
    <div
      className="max-h-[32rem] max-w-full overflow-auto rounded-lg border border-line bg-white"
      style={{ width: GRID_WIDTH }}
      data-testid="spreadsheet-grid"
    >
      <table className="border-separate border-spacing-0 text-left font-mono text-xs">
        <thead className="sticky top-0 z-10 bg-canvas text-muted">
          <tr>
            <th
              scope="col"
              className="sticky left-0 z-20 border-b border-r border-line bg-canvas px-2 py-1.5 text-right"
            >
              #
            </th>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className="whitespace-nowrap border-b border-r border-line px-2 py-1.5 font-semibold"
                title={column.field ? undefined : 'Not read: this column matches no field'}
              >
                {column.header}
                {column.field ? null : <span className="ml-1 font-normal">(ignored)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            // A row's own issues (its number of fields) are told on its number.
            const own = row.issues.filter((issue) => issue.field === '')
            const ownLevel = own.some((issue) => issue.level === 'error') ? 'error' : own.length ? 'warning' : null
            const ownReason = own.map(issueText).join(' ')
            return (
              <tr key={row.rowNumber} data-testid="sheet-row" data-row={row.rowNumber}>
                <th
                  scope="row"
                  data-level={ownLevel ?? undefined}
                  title={ownReason || undefined}
                  className={`sticky left-0 border-b border-r border-line px-2 py-1 text-right font-normal ${ownLevel ? TONE[ownLevel] : 'bg-canvas text-muted'}`}
                >
                  {row.rowNumber}
                  {ownReason ? <span className="sr-only">{` (${ownReason})`}</span> : null}
                </th>
                {columns.map((column, index) => {
                  const issues = column.field ? row.issues.filter((issue) => issue.field === column.field) : []
                  const worst = issues.some((issue) => issue.level === 'error')
                    ? 'error'
                    : issues.length
                      ? 'warning'
                      : null
                  const reason = issues.map(issueText).join(' ')
                  // A read column shows its value as fixed; an ignored one, the file's own cell.
                  const value = column.field ? (row.values[column.field] ?? '') : (row.cells?.[index] ?? '')
                  // A blank cell's warning ("Optional field … is empty") is told on hover, not tinted:
                  // a file without prices would otherwise be a wall of amber.
                  const tone = worst === 'error' || (worst === 'warning' && value !== '') ? TONE[worst] : ''
                  return (
                    <td
                      key={column.header}
                      data-field={column.field ?? undefined}
                      data-level={worst ?? undefined}
                      title={reason || undefined}
                      className={`max-w-[16rem] truncate whitespace-nowrap border-b border-r border-line px-2 py-1 ${column.field ? tone : 'text-muted'}`}
                    >
                      {value}
                      {reason ? <span className="sr-only">{` (${reason})`}</span> : null}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
