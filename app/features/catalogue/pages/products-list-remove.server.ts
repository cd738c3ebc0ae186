// The server side of products-list-remove.tsx: what its route loads and does.
import {
  listAddressWithoutSelection as listAddress,
  selectedListingKeys as selectedKeys,
  selectionTooLarge,
  MAX_FILTER_KEYS,
} from '#app/features/catalogue/listing-filter'
import {
  editableListingKeys,
  listingNames,
  removeListings,
  removeOutcome,
} from '#app/features/catalogue/listings.server'
import { permissionError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided: bulk delete of the selected rows (a line team editor selects its own); the service refuses keys the actor may not edit
export const access = brandPage('listing.view')

const REMOVE_TEXTS = {
  nothingSelected: 'Select the products to delete first.',
  tooMany: `Delete at most ${MAX_FILTER_KEYS} products at once.`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const query = new URL(request.url).searchParams
  const keys = selectedKeys(query)
  // Read members never see the selection; a typed address naming nothing they may edit is refused
  // the same way (an editor of one line selects that line's listings).
  if (keys.length > 0 && (await editableListingKeys(context.deps, actor, brandKey, keys)).size === 0) {
    await run(async () => {
      throw permissionError()
    })
  }
  if (keys.length === 0) {
    return redirectWithToast(request, context, listAddress(request), {
      kind: 'info',
      message: selectionTooLarge(query) ? REMOVE_TEXTS.tooMany : REMOVE_TEXTS.nothingSelected,
    })
  }
  const listed = await run(() => listingNames(context.deps, actor, brandKey, keys))
  return json({ listed, closeTo: listAddress(request) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  if (selectionTooLarge(formData)) {
    return redirectWithToast(request, context, listAddress(request), { kind: 'error', message: REMOVE_TEXTS.tooMany })
  }
  const keys = selectedKeys(formData)
  const results = await run(() => removeListings(context.deps, actor, params.brandKey!, keys))
  return redirectWithToast(request, context, listAddress(request), removeOutcome(results))
}
