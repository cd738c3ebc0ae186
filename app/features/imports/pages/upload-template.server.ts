// `/brand/{id}/products/upload/template`: the blank data template (catalogue.md §2 Product
// upload) as an xlsx workbook: the listing fields of §3 as headers, in the order the import reads
// them, and one example row. Built from the same field list the validator uses, so the two never
// disagree.
import { buildTemplateWorkbook, TEMPLATE_FILENAME } from '#app/features/imports/import-template.server'
import { guard } from '#app/platform/session.server'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// The blank data template (xlsx) of the upload page
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
  const body = await buildTemplateWorkbook()
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${TEMPLATE_FILENAME}"`,
      'Cache-Control': 'private, max-age=300',
    },
  })
}
