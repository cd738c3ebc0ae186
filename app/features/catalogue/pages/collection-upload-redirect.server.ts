// `/collection/{id}/products/upload` (catalogue.md §2): the product upload scoped to a collection,
// which is the brand's upload page with ?collection= (the import then belongs to that collection).
// Someone without a grant on the brand gets 404.
import { getCollection } from '#app/features/catalogue/collections.server'
import { guard, run } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { collectionScopedPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = collectionScopedPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const collection = await run(() => getCollection(context.deps, actor, params.collectionKey!))
  return redirect(`/brand/${collection.brand}/products/upload?collection=${encodeURIComponent(collection.key)}`)
}
