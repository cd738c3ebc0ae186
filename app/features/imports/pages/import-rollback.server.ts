// The server side of import-rollback.tsx: what its route loads and does.
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { rollbackImport } from '#app/features/imports/imports.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const view = await run(() => importOfBrand(context, actor, params.brandKey!, params.importKey!))
  return json({ brandKey: params.brandKey!, view })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const view = await run(async () => {
    const found = await importOfBrand(context, actor, params.brandKey!, params.importKey!)
    return rollbackImport(context.deps, actor, found.key)
  })
  return redirectWithToast(request, context, `/brand/${params.brandKey!}/products/upload?tab=history`, {
    kind: 'success',
    message: `The upload of ${view.filename} has been rolled back.`,
  })
}
