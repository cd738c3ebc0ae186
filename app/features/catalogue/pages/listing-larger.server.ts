// The server side of listing-larger.tsx: what its route loads and does.
import { getListingDetail } from '#app/features/catalogue/listing-edit.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// View Larger and Delete dialogs of the listing page; deleting is checked by the service (listing.edit)
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const detail = await run(() => getListingDetail(context.deps, actor, params.listingKey!, params.brandKey!))
  return json({
    brandKey: params.brandKey!,
    key: detail.listing.key,
    name: detail.listing.style_name,
    images: detail.images,
  })
}
