// The review modal of an upload (catalogue.md §2, §4): its results split into the listings it
// created and those it updated, each linked to its page. Done goes on to the media upload step,
// or closes the modal when the upload failed.
import { doneTarget } from '#app/features/imports/import-texts'
import { type ResultListing } from '#app/features/imports/imports.server'
import { ButtonLink } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './import-review.server'

function ResultList({
  title,
  items,
  brandKey,
  testId,
}: {
  title: string
  items: ResultListing[]
  brandKey: string
  testId: string
}) {
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold">
        {title} <span className="font-normal text-muted">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">None.</p>
      ) : (
        <ul className="max-h-48 divide-y divide-line overflow-y-auto rounded-md border border-line text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-3 px-3 py-2">
              <Link to={`/brand/${brandKey}/products/listing/${item.key}`} className="font-medium hover:underline">
                {item.name || item.listingUniqueId}
              </Link>
              <span className="font-mono text-xs text-muted">
                {item.listingUniqueId} · row {item.rowNumber}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export default function UploadReview() {
  const { brandKey, view, result } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Review" closeTo={`/brand/${brandKey}/products/upload/${view.key}`}>
      <div className="flex flex-col gap-5">
        <ResultList title="Created" items={result.created} brandKey={brandKey} testId="review-created" />
        <ResultList title="Updated" items={result.updated} brandKey={brandKey} testId="review-updated" />
        <div className="flex justify-end">
          <ButtonLink to={doneTarget(brandKey, view)}>Done</ButtonLink>
        </div>
      </div>
    </RouteDialog>
  )
}
