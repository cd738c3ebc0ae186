// The History tab of the product upload (catalogue.md §2): earlier uploads, newest first, with
// File Name, Uploaded Date and Metadata (who uploaded it and what came of it: a dry run's would-be
// counts, a commit's created, updated and failed, a roll back, a failure), the
// download of the original file, and Roll back (the newest commit) or Discard (an upload never
// committed) for those who may edit listings.
import { Link } from '@remix-run/react'
import { EmptyState } from '#app/ui/misc'
import { formatWhenToMinute } from '#app/platform/format'
import { IMPORT_TEXTS, importOutcome, isDiscardable } from '#app/features/imports/import-texts'
import type { ImportView } from '../views'
import { ImportStatusBadge } from './import-status'

export function ImportHistory({
  brandKey,
  imports,
  canEdit,
  moreTo,
}: {
  brandKey: string
  imports: ImportView[]
  canEdit: boolean
  moreTo: string | null
}) {
  if (imports.length === 0) return <EmptyState title={IMPORT_TEXTS.noHistory} />
  const base = `/brand/${brandKey}/products/upload`
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-canvas text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              File Name
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Uploaded Date
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Metadata
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.map((entry) => (
            <tr key={entry.key} className="border-b border-line last:border-0" data-testid="history-row">
              <td className="px-4 py-3">
                <Link to={`${base}/${entry.key}`} className="font-medium underline-offset-2 hover:underline">
                  {entry.filename}
                </Link>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted">
                {/* In the viewer's time zone, which the server does not know. */}
                <time dateTime={entry.createdAt} suppressHydrationWarning>
                  {formatWhenToMinute(entry.createdAt)}
                </time>
              </td>
              <td className="px-4 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <ImportStatusBadge status={entry.status} />
                  {entry.addition ? <span className="text-xs text-muted">Addition</span> : null}
                </div>
                <p className="mt-1 text-xs text-muted" data-testid="history-metadata">
                  By {entry.uploadedBy.name} · {importOutcome(entry)}
                </p>
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-right">
                <a
                  href={`${base}/${entry.key}/original`}
                  download
                  className="rounded-md px-2 py-1 text-sm font-medium hover:bg-black/5"
                  aria-label={`Download ${entry.filename}`}
                >
                  Download
                </a>
                {canEdit && entry.canRollBack ? (
                  <Link
                    to={`${base}/${entry.key}/rollback`}
                    className="ml-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                    aria-label={`Roll back ${entry.filename}`}
                  >
                    Roll back
                  </Link>
                ) : null}
                {canEdit && isDiscardable(entry.status) ? (
                  <Link
                    to={`${base}/${entry.key}/discard`}
                    className="ml-1 rounded-md px-2 py-1 text-sm font-medium text-muted hover:bg-black/5 hover:text-ink"
                    aria-label={`Discard ${entry.filename}`}
                  >
                    Discard
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {moreTo ? (
        <div className="border-t border-line px-4 py-3 text-right">
          <Link to={moreTo} className="text-sm font-medium underline-offset-2 hover:underline">
            Older uploads
          </Link>
        </div>
      ) : null}
    </div>
  )
}
