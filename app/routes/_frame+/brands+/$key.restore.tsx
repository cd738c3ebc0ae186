// `/brands/{id}/restore`: brings back a brand an admin deleted (docs/decisions/066). Every grant on
// it counts again, so each member finds it where it was. The brand's parameter is `key`, not
// `brandKey`: the frame takes a `brandKey` as the brand it shows, which an archived brand is not.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { getArchivedBrand, restoreBrand } from '#app/features/brands/brands.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brand = await run(() => getArchivedBrand(context.deps, actor, params.key!))
  return json({ brand: { key: brand.key, name: brand.name } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const brand = await run(() => restoreBrand(context.deps, actor, params.key!))
  return redirectWithToast(request, context, '/brands', {
    kind: 'success',
    message: `Brand ${brand.name} has been restored`,
  })
}

export default function RestoreBrand() {
  const { brand } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Restore Brand" closeTo="/brands?show=archived" confirmLabel="Restore">
      <p>
        Restore <strong>{brand.name}</strong>?
      </p>
      <p className="text-sm text-muted">Every member gets their access to the brand back.</p>
    </ConfirmDialog>
  )
}
