// The server side of import.tsx: what its route loads and does.
import { mayEditListings } from '#app/features/catalogue/index.server'
import { importOfBrand } from '#app/features/imports/import-upload.server'
import {
  cancelImport,
  chooseImportSheet,
  commitImport,
  listImportRows,
  type RowFilter,
} from '#app/features/imports/imports.server'
import { guard, requireCsrf, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { FILTERS, PAGE } from './import.shared'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): the dry run of an upload; members may look, committing needs listing.edit (service)
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  const view = await run(() => importOfBrand(context, actor, brandKey, params.importKey!))
  const asked = url.searchParams.get('only')
  const only: RowFilter = FILTERS.some((filter) => filter.id === asked) ? (asked as RowFilter) : 'all'
  const cursor = Math.max(0, Number.parseInt(url.searchParams.get('cursor') ?? '0', 10) || 0)
  // The rows as the dry run reads them, or as the file had them (the spreadsheet grid).
  const layout = url.searchParams.get('layout') === 'sheet' ? 'sheet' : 'dry-run'
  const rows =
    view.status === 'needs_mapping'
      ? { rows: [], cursor: 0, more: false, total: 0 }
      : await run(() =>
          listImportRows(context.deps, actor, view.key, { only, cursor, limit: PAGE, withCells: layout === 'sheet' }),
        )
  // Its uploader may stop an upload still being read (the service checks it again).
  const canCancel = view.status === 'parsing' && view.uploadedBy.key === actor.key
  return json({ brandKey, view, only, cursor, layout, rows, canEdit: mayEditListings(actor, brandKey), canCancel })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const brandKey = params.brandKey!
  const page = `/brand/${brandKey}/products/upload/${params.importKey!}`
  if (formData.get('intent') === 'cancel') {
    await run(async () => {
      await importOfBrand(context, actor, brandKey, params.importKey!)
      return cancelImport(context.deps, actor, params.importKey!)
    })
    return redirect(page)
  }
  if (formData.get('intent') === 'sheet') {
    // Another sheet of the workbook, read in place of the first (the service checks listing.edit).
    await run(async () => {
      await importOfBrand(context, actor, brandKey, params.importKey!)
      return chooseImportSheet(context.deps, actor, params.importKey!, formData.get('sheet'))
    })
    return redirect(page)
  }
  await run(async () => {
    await importOfBrand(context, actor, brandKey, params.importKey!)
    return commitImport(context.deps, actor, params.importKey!)
  })
  // The details dialog says how it went (the spec's message when rows failed, the counts): no toast
  // repeats it over the dialog.
  return redirect(`${page}/details`)
}
