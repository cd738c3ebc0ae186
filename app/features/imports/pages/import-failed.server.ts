// The rows of an upload that failed, as CSV with an added Errors column: fixed in a spreadsheet
// program and uploaded again. Streamed by the service.
import { downloadResponse, importOfBrand } from '#app/features/imports/import-upload.server'
import { failedRowsCsv } from '#app/features/imports/imports.server'
import { guard, run } from '#app/platform/session.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): the outcome of an upload and its files, for every member
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const file = await run(async () => {
    const view = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return failedRowsCsv(context.deps, actor, view.key)
  })
  return downloadResponse(file.filename, 'text/csv; charset=utf-8', file.body)
}
