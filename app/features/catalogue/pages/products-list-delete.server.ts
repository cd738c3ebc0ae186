// The server side of products-list-delete.tsx: what its route loads and does.
import { getListing, removeListings, removeOutcome } from '#app/features/catalogue/listings.server'
import { requireAbility } from '#app/platform/access/access.server'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided: the row menu Delete; the service refuses those who may not edit the listing
// The atelier's products list opens it too (atelier/listings): listing.view is any grant there as well.
export const access = brandPage('listing.view')

function listAddress(request: Request): string {
  const url = new URL(request.url)
  return `${url.pathname.split('/').slice(0, 4).join('/')}${url.search}`
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const listing = await run(() => getListing(context.deps, actor, params.brandKey!, params.listingKey!))
  // A read member is refused here, not only hidden the menu entry.
  await run(() => requireAbility(context.deps, actor, 'listing.edit', { model: 'Listing', key: listing.key }))
  return json({ name: listing.style_name, number: listing.style_number, closeTo: listAddress(request) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const results = await run(() => removeListings(context.deps, actor, params.brandKey!, [params.listingKey!]))
  return redirectWithToast(request, context, listAddress(request), removeOutcome(results, true))
}
