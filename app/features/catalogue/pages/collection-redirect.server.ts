// `/collection/{key}`: the short success target of the collection form (catalogue.md §2). It
// opens the collection's page, its products; someone without a grant on the brand gets 404
// (docs/decisions/065).
import { collectionPage, getCollection } from '#app/features/catalogue/collections.server'
import { guard, run } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { collectionScopedPage } from '#app/platform/access/permissions'

// The form's short success target; redirects to its collections list (docs/decisions/065)
export const access = collectionScopedPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const collection = await run(() => getCollection(context.deps, actor, params.collectionKey!))
  return redirect(collectionPage(collection))
}
