// `/brand/{id}/products/listing/{key}/delete`: the Delete confirmation of the listing page
// (catalogue.md §2, §8). Without JavaScript the answer is the products list with the toast; with
// JavaScript the toast shows here and the products list opens 2 seconds later, as the spec says.
import { LISTING_MESSAGES } from '#app/features/catalogue/listing-schemas'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { showToast } from '#app/ui/live-toasts'
import { useActionData, useLoaderData, useNavigate, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect } from 'react'
import type { action, loader } from './listing-delete.server'

/** The listing is gone once deleted: its loaders must not run again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { deleted?: boolean } | undefined)?.deleted ? false : defaultShouldRevalidate

export default function DeleteListing() {
  const { brandKey, listing } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const navigate = useNavigate()
  const list = result && 'list' in result ? result.list : null
  useEffect(() => {
    if (!list) return
    showToast({ kind: 'success', message: LISTING_MESSAGES.deleted })
    const timer = setTimeout(() => navigate(list), 2000)
    return () => clearTimeout(timer)
  }, [list, navigate])
  const page = `/brand/${brandKey}/products/listing/${listing.key}`
  if (list) return null
  return (
    <ConfirmDialog title="Delete Product" closeTo={page} confirmLabel="Delete">
      <p>{LISTING_MESSAGES.deleteQuestion}</p>
      <p className="text-sm text-muted">{listing.name}</p>
    </ConfirmDialog>
  )
}
