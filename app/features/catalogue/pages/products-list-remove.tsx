// `/brand/{key}/products/remove?keys=…`: bulk delete of the ticked rows, confirmed in a modal
// route. The list's "Delete selected" is a GET form that lands here with the keys; confirming
// posts them to removeListings, which answers per key (catalogue.md §2, §8).
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './products-list-remove.server'

export default function RemoveListings() {
  const { listed, closeTo } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Delete Products" closeTo={closeTo} confirmLabel="Delete">
      {listed.map((row) => (
        <input key={row.key} type="hidden" name="keys" value={row.key} />
      ))}
      <p>
        Deleting {listed.length === 1 ? 'this product' : `these ${listed.length} products`} can&apos;t be undone. Are
        you sure you want to continue?
      </p>
      <ul className="max-h-48 list-disc overflow-y-auto pl-5 text-sm text-muted" data-testid="remove-names">
        {listed.map((row) => (
          <li key={row.key}>{row.name}</li>
        ))}
      </ul>
    </ConfirmDialog>
  )
}
