// The server side of import-row.tsx: what its route loads and does.
import { IMPORT_FIELD_NAMES } from '#app/features/imports/fields'
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { getImportRow, updateImportRow } from '#app/features/imports/imports.server'
import { notFound } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/086): changing an upload (column mapping, row fix, roll back, discard) is for editors
export const access = brandPage('listing.edit')

function rowNumberOf(param: string | undefined): number {
  const number = Number(param)
  if (!Number.isSafeInteger(number) || number < 1) throw notFound('Row')
  return number
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const { row, fileFields } = await run(async () => {
    const view = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return {
      row: await getImportRow(context.deps, actor, view.key, rowNumberOf(params.rowNumber)),
      // The fields the file's own columns fill, in the file's order: the form shows them first.
      fileFields: view.headers
        .map((header) => view.mapping[header])
        .filter((field): field is string => typeof field === 'string' && IMPORT_FIELD_NAMES.includes(field)),
    }
  })
  return json({ brandKey: params.brandKey!, importKey: params.importKey!, row, fileFields })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const values: Record<string, string> = {}
  for (const name of IMPORT_FIELD_NAMES) {
    const value = formData.get(name)
    values[name] = typeof value === 'string' ? value : ''
  }
  const row = await run(async () => {
    const view = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return updateImportRow(context.deps, actor, view.key, rowNumberOf(params.rowNumber), values)
  })
  if (row.issues.some((issue) => issue.level === 'error')) {
    // The row keeps its errors (the service stored the edit with them); the form shows them again.
    return json({ row, values }, { status: 422 })
  }
  const page = `/brand/${params.brandKey!}/products/upload/${params.importKey!}`
  return redirectWithToast(request, context, page, {
    kind: 'success',
    message: row.status === 'completed' ? `Row ${row.rowNumber} is completed.` : `Row ${row.rowNumber} is saved.`,
  })
}
