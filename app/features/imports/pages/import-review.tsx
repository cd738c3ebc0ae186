// The review modal of an upload (catalogue.md §2, §4): its results split into the listings it
// created and those it updated, each linked to its page. Done goes on to the media upload step,
// or closes the modal when the upload failed.
import { doneTarget } from '#app/features/imports/import-texts'
import { type ResultPage } from '#app/features/imports/imports.server'
import { ButtonLink } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './import-review.server'
import { REVIEW_PER_PAGE } from './import-review.shared'

function ResultList({
  title,
  side,
  result,
  page,
  pageHref,
  brandKey,
  testId,
}: {
  title: string
  side: 'created' | 'updated'
  result: ResultPage
  page: number
  pageHref: (side: 'created' | 'updated', page: number) => string
  brandKey: string
  testId: string
}) {
  const { items, total, offset } = result
  const pages = Math.max(1, Math.ceil(total / REVIEW_PER_PAGE))
  const link = 'rounded-md px-2 py-1 text-sm hover:bg-black/5'
  return (
    <section aria-label={title} data-testid={testId}>
      <h3 className="mb-2 text-sm font-semibold">
        {title} <span className="font-normal text-muted">({total.toLocaleString('en')})</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{total === 0 ? 'None.' : 'No listings on this page.'}</p>
      ) : (
        <ul className="max-h-48 divide-y divide-line overflow-y-auto rounded-md border border-line text-sm">
          {items.map((item) => (
            <li key={item.key} className="flex items-center justify-between gap-3 px-3 py-2">
              <Link
                to={`/brand/${brandKey}/products/listing/${item.key}`}
                className="min-w-0 truncate font-medium hover:underline"
              >
                {item.name || item.listingUniqueId}
              </Link>
              <span className="shrink-0 whitespace-nowrap font-mono text-xs text-muted">
                {item.listingUniqueId} · row {item.rowNumber}
              </span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={`${title} pages`} className="mt-2 flex items-center justify-between gap-3 text-sm">
          <span className="text-muted" data-testid={`${testId}-range`}>
            {`${(offset + 1).toLocaleString('en')}–${(offset + items.length).toLocaleString('en')} of ${total.toLocaleString('en')}`}
          </span>
          <span className="flex items-center gap-1">
            {page > 1 ? (
              <Link to={pageHref(side, page - 1)} className={link} rel="prev" preventScrollReset replace>
                Previous
              </Link>
            ) : null}
            <span className="px-1 text-muted">{`Page ${page} of ${pages.toLocaleString('en')}`}</span>
            {page < pages ? (
              <Link to={pageHref(side, page + 1)} className={link} rel="next" preventScrollReset replace>
                Next
              </Link>
            ) : null}
          </span>
        </nav>
      ) : null}
    </section>
  )
}

export default function UploadReview() {
  const { brandKey, view, result, createdPage, updatedPage } = useLoaderData<typeof loader>()
  const pageHref = (side: 'created' | 'updated', page: number) => {
    const query = new URLSearchParams()
    const pages = { created: createdPage, updated: updatedPage, [side]: page }
    if (pages.created > 1) query.set('created', String(pages.created))
    if (pages.updated > 1) query.set('updated', String(pages.updated))
    const search = query.toString()
    return `/brand/${brandKey}/products/upload/${view.key}/review${search ? `?${search}` : ''}`
  }
  return (
    <RouteDialog title="Review" closeTo={`/brand/${brandKey}/products/upload/${view.key}`}>
      <div className="flex flex-col gap-5">
        <ResultList
          title="Created"
          side="created"
          result={result.created}
          page={createdPage}
          pageHref={pageHref}
          brandKey={brandKey}
          testId="review-created"
        />
        <ResultList
          title="Updated"
          side="updated"
          result={result.updated}
          page={updatedPage}
          pageHref={pageHref}
          brandKey={brandKey}
          testId="review-updated"
        />
        <div className="flex justify-end">
          <ButtonLink to={doneTarget(brandKey, view)}>Done</ButtonLink>
        </div>
      </div>
    </RouteDialog>
  )
}
