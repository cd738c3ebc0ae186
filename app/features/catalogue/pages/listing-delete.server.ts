// The server side of listing-delete.tsx: what its route loads and does.
import { deleteListing, getListingDetail } from '#app/features/catalogue/listing-edit.server'
import { LISTING_MESSAGES } from '#app/features/catalogue/listing-schemas'
import { permissionError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// View Larger and Delete dialogs of the listing page; deleting is checked by the service (listing.edit)
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const detail = await run(async () => {
    const found = await getListingDetail(context.deps, actor, params.listingKey!, params.brandKey!)
    if (!found.canEdit) throw permissionError('Only owners and editors of the brand can delete products.')
    return found
  })
  return json({ brandKey: params.brandKey!, listing: { key: detail.listing.key, name: detail.listing.style_name } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => deleteListing(context.deps, actor, params.listingKey!, params.brandKey!))
  const list = `/brand/${params.brandKey}/products`
  if (context.isDataRequest) return json({ deleted: true, list })
  return redirectWithToast(request, context, list, { kind: 'success', message: LISTING_MESSAGES.deleted })
}
