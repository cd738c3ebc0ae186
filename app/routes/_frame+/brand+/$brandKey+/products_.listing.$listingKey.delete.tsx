// `/brand/{id}/products/listing/{key}/delete`: the Delete confirmation of the listing page
// (catalogue.md §2, §8). Without JavaScript the answer is the products list with the toast; with
// JavaScript the toast shows here and the products list opens 2 seconds later, as the spec says.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigate, type ShouldRevalidateFunction } from '@remix-run/react'
import { useEffect } from 'react'
import { ConfirmDialog } from '#app/ui/confirm-dialog'
import { permissionError } from '#app/platform/errors'
import { showToast } from '#app/ui/live-toasts'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { LISTING_MESSAGES } from '#app/features/catalogue/listing-schemas'
import { deleteListing, getListingDetail } from '#app/features/catalogue/listing-edit.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const detail = await run(async () => {
    const found = await getListingDetail(context.deps, actor, params.listingKey!, params.brandKey!)
    if (!found.canEdit) throw permissionError('Only owners and editors of the brand can delete products.')
    return found
  })
  return json({ brandKey: params.brandKey!, listing: { key: detail.listing.key, name: detail.listing.style_name } })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  await run(() => deleteListing(context.deps, actor, params.listingKey!, params.brandKey!))
  const list = `/brand/${params.brandKey}/products`
  if (context.isDataRequest) return json({ deleted: true, list })
  return redirectWithToast(request, context, list, { kind: 'success', message: LISTING_MESSAGES.deleted })
}

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
