// `/brand/{id}/products/export?format=csv|xlsx&…`: the products list as it is filtered (the list's
// own query: lines, collections, categories, styles, search), as a spreadsheet of the upload
// template's columns, to edit and upload again (docs/decisions/180).
import { parsePageQuery } from '#app/features/catalogue'
import { downloadResponse } from '#app/features/imports/import-upload.server'
import { exportListings } from '#app/features/imports/imports.server'
import { guard, run } from '#app/platform/session.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/180): whoever may see the products list may take it away as a file
export const access = brandPage('listing.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const url = new URL(request.url)
  const format = url.searchParams.get('format') === 'xlsx' ? 'xlsx' : 'csv'
  const { filter } = parsePageQuery(url.searchParams)
  const file = await run(() => exportListings(context.deps, actor, params.brandKey!, filter, format))
  return downloadResponse(file.filename, file.contentType, file.body)
}
