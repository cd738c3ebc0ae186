// `/brands/{id}/remove-permissions`: Remove Brand Permissions from the admin's brand menu
// (docs/decisions/066). The admin gives up every grant of their own on the brand and leaves its
// teams; final for them, and refused to the brand's last owner.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { buttonClass } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { RouteDialog } from '#app/ui/dialog'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { getBrandForMenu, removeOwnBrandPermissions } from '#app/features/brands/brands.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const { brand, lastOwner } = await run(() => getBrandForMenu(context.deps, actor, params.key!))
  return json({ brand: { key: brand.key, name: brand.name }, lastOwner })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function RemoveBrandPermissions() {
  const { brand, lastOwner } = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  if (lastOwner || refused) {
    return (
      <RouteDialog title="Remove Brand Permissions" closeTo="/brands">
        <p className="text-sm">
          You are the only owner of {brand.name}. Make another member an owner first, or delete the brand.
        </p>
        <div className="mt-6 flex justify-end">
          <Link to="/brands" className={buttonClass('secondary')}>
            Close
          </Link>
        </div>
      </RouteDialog>
    )
  }
  return (
    <ConfirmDialog title="Remove Brand Permissions" closeTo="/brands" confirmLabel="Remove my permissions">
      <p>
        Are you sure you would like to remove your permissions on <strong>{brand.name}</strong>?
      </p>
      <p className="text-sm text-muted">
        You lose access to the brand, its lines, collections and products, and leave its teams. This cannot be undone by
        you: only an owner of the brand can invite you back.
      </p>
    </ConfirmDialog>
  )
}
