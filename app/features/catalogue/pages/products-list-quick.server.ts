// The server side of products-list-quick.tsx: what its route loads and does.
import { getListing } from '#app/features/catalogue/listings.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const listing = await run(() => getListing(context.deps, actor, params.brandKey!, params.listingKey!))
  const url = new URL(request.url)
  const list = url.pathname.split('/').slice(0, 4).join('/')
  return json({ listing, closeTo: `${list}${url.search}`, brandKey: params.brandKey! })
}
