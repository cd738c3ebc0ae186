// The server side of brands-restore.tsx: what its route loads and does.
import { getArchivedBrand, restoreBrand } from '#app/features/brands/brands.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

// decided (docs/decisions/066): account role admin who owns the archived brand, checked by the service
export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brand = await run(() => getArchivedBrand(context.deps, actor, params.key!))
  return json({ brand: { key: brand.key, name: brand.name } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const brand = await run(() => restoreBrand(context.deps, actor, params.key!))
  return redirectWithToast(request, context, '/brands', {
    kind: 'success',
    message: `Brand ${brand.name} has been restored`,
  })
}
