// `/collection/{key}`: the short success target of the collection form (catalogue.md §2). It
// opens the collection's page, its products; someone without a grant on the brand gets 404
// (docs/decisions/065).
import { collectionPage, getCollection } from '#app/features/catalogue/collections.server'
import { guard, run } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const collection = await run(() => getCollection(context.deps, actor, params.collectionKey!))
  return redirect(collectionPage(collection))
}
