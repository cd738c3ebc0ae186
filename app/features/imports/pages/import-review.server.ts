// The server side of import-review.tsx: what its route loads and does.
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { mayEditListings } from '#app/features/catalogue/index.server'
import { importResult, listImportRows } from '#app/features/imports/imports.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { REVIEW_PER_PAGE, reviewPageOf } from './import-review.shared'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): the outcome of an upload and its files, for every member
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  const query = new URL(request.url).searchParams
  // Each list pages on its own (`created=3`, `updated=2`, `failed=4`), so all stay where they were.
  const createdPage = reviewPageOf(query.get('created'))
  const updatedPage = reviewPageOf(query.get('updated'))
  const failedPage = reviewPageOf(query.get('failed'))
  const [result, failed] = await Promise.all([
    run(() =>
      importResult(context.deps, actor, view.key, {
        limit: REVIEW_PER_PAGE,
        createdOffset: (createdPage - 1) * REVIEW_PER_PAGE,
        updatedOffset: (updatedPage - 1) * REVIEW_PER_PAGE,
      }),
    ),
    // The rows the upload did not take, each with its reasons (catalogue.md §8's message and why).
    run(() =>
      listImportRows(context.deps, actor, view.key, {
        only: 'errors',
        cursor: (failedPage - 1) * REVIEW_PER_PAGE,
        limit: REVIEW_PER_PAGE,
      }),
    ),
  ])
  return json({
    brandKey: params.brandKey!,
    view,
    result,
    failed: { rows: failed.rows, total: failed.total, offset: (failedPage - 1) * REVIEW_PER_PAGE },
    createdPage,
    updatedPage,
    failedPage,
    canFix: mayEditListings(actor, params.brandKey!),
  })
}
