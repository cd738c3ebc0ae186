// `/brand/{key}/products/delete/{listing}`: the row menu's Delete, confirmed in a modal route.
// Deleting goes through removeListings like bulk delete, so the same rules and messages apply.
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './products-list-delete.server'

/** catalogue.md §2, listing detail: the question before a product is deleted. */
const DELETE_QUESTION = "Deleting product can't be undone. Are you sure you want to continue delete this product ?"

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
