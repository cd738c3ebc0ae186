// The server side of brands-remove-permissions.tsx: what its route loads and does.
import { getBrandForMenu, removeOwnBrandPermissions } from '#app/features/brands/brands.server'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

// decided (docs/decisions/066): account role admin with a grant on the brand, checked by the service
export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const { brand, lastOwner } = await run(() => getBrandForMenu(context.deps, actor, params.key!))
  return json({ brand: { key: brand.key, name: brand.name }, lastOwner })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  // The last owner is told why in the dialog; a missing grant or role stays an error page.
  const outcome = await run(async () => {
    try {
      return { brand: await removeOwnBrandPermissions(context.deps, actor, params.key!) }
    } catch (error) {
      if (isAppError(error) && error.type === 'Conflict') return { refused: error.message }
      throw error
    }
  })
  if (!outcome.brand) return json({ message: outcome.refused }, { status: 409 })
  const { brand } = outcome
  return redirectWithToast(request, context, '/brands', {
    kind: 'success',
    message: `Your permissions on ${brand.name} have been removed. Only an owner of the brand can invite you back.`,
  })
}
