// `/brands/{id}/remove-permissions`: Remove Brand Permissions from the admin's brand menu
// (docs/decisions/066). The admin gives up every grant of their own on the brand and leaves its
// teams; final for them, and refused to the brand's last owner.
import { buttonClass } from '#app/ui/button'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './brands-remove-permissions.server'

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
