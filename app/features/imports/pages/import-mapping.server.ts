// The server side of import-mapping.tsx: what its route loads and does.
import { IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { setImportMapping } from '#app/features/imports/imports.server'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): changing an upload (column mapping, row fix, roll back, discard) is for editors
export const access = brandPage('listing.edit')

/** Columns mapped at once: a page of selects stays small whatever the file holds (up to 1,000 columns). */
const MAPPING_PAGE_SIZE = 100

/** Columns already matched that the page names; the rest are counted. */
const MATCHED_SHOWN = 100

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  const matched = Object.entries(view.mapping).filter(
    ([header, field]) => field !== null && !view.unmatchedHeaders.includes(header),
  )
  return json({
    brandKey: params.brandKey!,
    importKey: view.key,
    filename: view.filename,
    // Only what the page shows: the first columns to map, with their choices, and a count of the rest.
    unmatched: view.unmatchedHeaders
      .slice(0, MAPPING_PAGE_SIZE)
      .map((header) => ({ header, field: view.mapping[header] ?? '' })),
    unmatchedTotal: view.unmatchedHeaders.length,
    matched: matched.slice(0, MATCHED_SHOWN),
    matchedTotal: matched.length,
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  // The page's columns only (the first ones still unmapped); the others come on the next page.
  const mapping: Record<string, string | null> = {}
  view.unmatchedHeaders.slice(0, MAPPING_PAGE_SIZE).forEach((header, index) => {
    const chosen = formData.get(`map-${index}`)
    // Anything but a field of the template is "ignore".
    mapping[header] = typeof chosen === 'string' && IMPORT_FIELD_NAMES.includes(chosen) ? chosen : null
  })
  const next = await run(() => setImportMapping(context.deps, actor, view.key, mapping))
  const upload = `/brand/${params.brandKey!}/products/upload/${view.key}`
  return redirect(next.status === 'needs_mapping' && next.unmatchedHeaders.length > 0 ? `${upload}/mapping` : upload)
}
