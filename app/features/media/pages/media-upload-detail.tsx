// The Upload Detail modal after a post of the plain upload form (catalogue.md §2 step 2, the way
// without JavaScript): the photos that post sent, each with where it goes (its listing, or the
// pool and why) and its status now. Files refused by their names were named in the toast of the
// redirect. Cancel closes it; Save goes on to the manage step.
import { MediaPlace, MediaStatusBadge } from '#app/features/media/components/media-status'
import { badgeOf } from '#app/features/media/media-upload-texts'
import { ButtonLink, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData, useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'
import type { loader } from './media-upload-detail.server'

export default function UploadDetailSummary() {
  const { rows, closeTo, manageTo } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const scanning = rows.some((row) => row.status === 'scanning' || row.status === 'uploading')
  // With a script, statuses follow the scan (the 2000 ms re-check of atelier.md §4).
  useEffect(() => {
    if (!scanning) return
    const timer = setInterval(() => revalidator.revalidate(), 2000)
    return () => clearInterval(timer)
  }, [scanning, revalidator])
  const placed = rows.filter((row) => row.listing).length
  return (
    <RouteDialog title="Upload Detail" wide closeTo={closeTo}>
      <p className="mb-4 text-sm text-muted" data-testid="upload-detail-counts">
        {rows.length === 0
          ? 'No photos were uploaded.'
          : `${rows.length} ${rows.length === 1 ? 'photo' : 'photos'} uploaded: ${placed} on listings, ${rows.length - placed} to the pool.`}
        {scanning ? ' Reload to see the photos being scanned finish.' : ''}
      </p>
      <ul className="divide-y divide-line border-y border-line" data-testid="upload-summary">
        {rows.map((row) => (
          <li
            key={row.key}
            data-testid="upload-item"
            className="grid grid-cols-[minmax(0,1.4fr)_minmax(0,1.4fr)_auto] items-center gap-4 py-3"
          >
            <p className="truncate text-sm font-medium" title={row.name}>
              {row.name}
            </p>
            <MediaPlace listing={row.listing} unmatched={row.unmatched} refused={row.status === 'quarantined'} />
            <MediaStatusBadge status={badgeOf(row.status)} />
          </li>
        ))}
      </ul>
      <div className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass('secondary')}>
          Cancel
        </Link>
        <ButtonLink to={manageTo}>Save</ButtonLink>
      </div>
    </RouteDialog>
  )
}
