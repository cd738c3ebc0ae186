// Roll back an upload from History: the listings it created are removed and the listings it
// updated get their earlier values back, in one transaction (the service). Confirmed by a form,
// so it works without JavaScript.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { importOfBrand } from '#app/features/imports/import-upload.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { rollbackImport } from '#app/features/imports/imports.server'

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

export default function RollbackImport() {
  const { brandKey, view } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog
      title="Roll back upload"
      closeTo={`/brand/${brandKey}/products/upload?tab=history`}
      confirmLabel="Roll back"
    >
      <p className="text-sm">
        Are you sure you want to roll back the upload of <span className="font-medium">{view.filename}</span>? The{' '}
        {view.counts.created} listings it created will be removed and the {view.counts.updated} listings it updated will
        get their earlier values back.
      </p>
    </ConfirmDialog>
  )
}
