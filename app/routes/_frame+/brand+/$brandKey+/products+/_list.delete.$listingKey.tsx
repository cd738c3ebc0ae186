// `/brand/{key}/products/delete/{listing}`: the row menu's Delete, confirmed in a modal route.
// Deleting goes through removeListings like bulk delete, so the same rules and messages apply.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { getListing, removeListings, removeOutcome } from '#app/features/catalogue/listings.server'
import { requireAbility } from '#app/platform/access/access.server'

/** catalogue.md §2, listing detail: the question before a product is deleted. */
const DELETE_QUESTION = "Deleting product can't be undone. Are you sure you want to continue delete this product ?"

function listAddress(request: Request): string {
  const url = new URL(request.url)
  return `${url.pathname.split('/').slice(0, 4).join('/')}${url.search}`
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const listing = await run(() => getListing(context.deps, actor, params.brandKey!, params.listingKey!))
  // A read member is refused here, not only hidden the menu entry.
  await run(() => requireAbility(context.deps, actor, 'listing.edit', { model: 'Listing', key: listing.key }))
  return json({ name: listing.style_name, number: listing.style_number, closeTo: listAddress(request) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const results = await run(() => removeListings(context.deps, actor, params.brandKey!, [params.listingKey!]))
  return redirectWithToast(request, context, listAddress(request), removeOutcome(results, true))
}

export default function DeleteListing() {
  const { name, number, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Delete Product" closeTo={closeTo} confirmLabel="Delete">
      <p>{DELETE_QUESTION}</p>
      <p className="text-sm text-muted">
        {name} · {number}
      </p>
    </ConfirmDialog>
  )
}
