// The original file of an earlier upload, byte for byte, as History's download (catalogue.md §2,
// §7 parsedspreadsheets download). Streamed from the blob store by the service.
import { downloadResponse, importOfBrand } from '#app/features/imports/import-upload.server'
import { originalFile } from '#app/features/imports/imports.server'
import { guard, run } from '#app/platform/session.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): the outcome of an upload and its files, for every member
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const file = await run(async () => {
    const view = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return originalFile(context.deps, actor, view.key)
  })
  return downloadResponse(file.filename, file.contentType, file.body)
}
