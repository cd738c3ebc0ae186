// The review modal of an upload (catalogue.md §2, §4): its results split into the listings it
// created and those it updated, each linked to its page, and the rows it did not take with their
// reasons, each open to a fix. Done goes on to the media upload step, or closes the modal when the
// upload failed.
import { doneTarget } from '#app/features/imports/import-texts'
import { type ResultPage } from '#app/features/imports/imports.server'
import { RowIssues } from '#app/features/imports/components/row-issues'
import type { ImportRowView } from '#app/features/imports/views'
import { ButtonLink } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './import-review.server'
import { REVIEW_PER_PAGE } from './import-review.shared'

type Side = 'created' | 'updated' | 'failed'

/** Previous and next for one list of the modal, when it has more than a page. */
function ReviewPager({
  title,
  testId,
  offset,
  shown,
  total,
  page,
  href,
}: {
  title: string
  testId: string
  offset: number
  shown: number
  total: number
  page: number
  href: (page: number) => string
}) {
  const pages = Math.max(1, Math.ceil(total / REVIEW_PER_PAGE))
  if (pages <= 1) return null
  const link = 'rounded-md px-2 py-1 text-sm hover:bg-black/5'
  return (
    <nav aria-label={`${title} pages`} className="mt-2 flex items-center justify-between gap-3 text-sm">
      <span className="text-muted" data-testid={`${testId}-range`}>
        {`${(offset + 1).toLocaleString('en')}–${(offset + shown).toLocaleString('en')} of ${total.toLocaleString('en')}`}
      </span>
      <span className="flex items-center gap-1">
        {page > 1 ? (
          <Link to={href(page - 1)} className={link} rel="prev" preventScrollReset replace>
            Previous
          </Link>
        ) : null}
        <span className="px-1 text-muted">{`Page ${page} of ${pages.toLocaleString('en')}`}</span>
        {page < pages ? (
          <Link to={href(page + 1)} className={link} rel="next" preventScrollReset replace>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  )
}

/** The rows the upload did not take: where each is in the file, and why, with the cell quoted. */
function FailedList({
  rows,
  total,
  offset,
  page,
  pageHref,
  fixTo,
}: {
  rows: ImportRowView[]
  total: number
  offset: number
  page: number
  pageHref: (side: Side, page: number) => string
  /** The row editor's address, for those who may fix rows. */
  fixTo: ((row: ImportRowView) => string) | null
}) {
  if (total === 0) return null
  return (
    <section aria-label="Failed" data-testid="review-failed">
      <h3 className="mb-2 text-sm font-semibold text-red-900">
        Failed <span className="font-normal text-muted">({total.toLocaleString('en')})</span>
      </h3>
      <ul className="max-h-64 divide-y divide-line overflow-y-auto rounded-md border border-line text-sm">
        {rows.map((row) => (
          <li key={row.rowNumber} className="flex flex-col gap-1 px-3 py-2" data-testid="review-failed-row">
            <div className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate">
                <span className="text-muted">Row {row.rowNumber}</span>
                {row.listingUniqueId ? (
                  <span className="whitespace-nowrap font-mono text-xs"> · {row.listingUniqueId}</span>
                ) : null}
              </span>
              {fixTo ? (
                <Link
                  to={fixTo(row)}
                  className="shrink-0 rounded-md px-2 py-1 font-medium hover:bg-black/5"
                  aria-label={`Fix row ${row.rowNumber}`}
                >
                  Fix
                </Link>
              ) : null}
            </div>
            <RowIssues issues={row.issues} values={row.values} />
          </li>
        ))}
      </ul>
      <ReviewPager
        title="Failed"
        testId="review-failed"
        offset={offset}
        shown={rows.length}
        total={total}
        page={page}
        href={(to) => pageHref('failed', to)}
      />
    </section>
  )
}

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
  pageHref: (side: Side, page: number) => string
  brandKey: string
  testId: string
}) {
  const { items, total, offset } = result
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
      <ReviewPager
        title={title}
        testId={testId}
        offset={offset}
        shown={items.length}
        total={total}
        page={page}
        href={(to) => pageHref(side, to)}
      />
    </section>
  )
}

export default function UploadReview() {
  const { brandKey, view, result, failed, createdPage, updatedPage, failedPage, canFix } =
    useLoaderData<typeof loader>()
  const base = `/brand/${brandKey}/products/upload/${view.key}`
  const pageHref = (side: Side, page: number) => {
    const query = new URLSearchParams()
    const pages = { created: createdPage, updated: updatedPage, failed: failedPage, [side]: page }
    for (const name of ['created', 'updated', 'failed'] as const) {
      if (pages[name] > 1) query.set(name, String(pages[name]))
    }
    const search = query.toString()
    return `${base}/review${search ? `?${search}` : ''}`
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
        <FailedList
          rows={failed.rows}
          total={failed.total}
          offset={failed.offset}
          page={failedPage}
          pageHref={pageHref}
          fixTo={canFix ? (row) => `${base}/row/${row.rowNumber}` : null}
        />
        <div className="flex justify-end">
          <ButtonLink to={doneTarget(brandKey, view)}>Done</ButtonLink>
        </div>
      </div>
    </RouteDialog>
  )
}
