// The server side of products-list-quick.tsx: what its route loads and does.
import { getListing } from '#app/features/catalogue/listings.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided: Quick View is a modal route over the list (docs/decisions/068)
// The atelier's products list opens it too (atelier/listings): listing.view is any grant there as well.
export const access = brandPage('listing.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const listing = await run(() => getListing(context.deps, actor, params.brandKey!, params.listingKey!))
  const url = new URL(request.url)
  const list = url.pathname.split('/').slice(0, 4).join('/')
  return json({ listing, closeTo: `${list}${url.search}`, brandKey: params.brandKey! })
}
