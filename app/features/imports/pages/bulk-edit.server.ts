// The server side of bulk-edit.tsx: the products ticked on the list, and the new values of the
// fields chosen, made into an upload whose dry run the person reviews before committing.
import { BULK_EDIT_TEXTS, bulkEditChanges } from '#app/features/imports/bulk-edit-fields'
import { bulkEditSelection, startBulkEdit } from '#app/features/imports/imports.server'
import {
  listAddressWithoutSelection as listAddress,
  selectedListingKeys as selectedKeys,
  selectionTooLarge,
} from '#app/features/catalogue'
import { isAppError } from '#app/platform/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/182): a bulk edit is an upload, so it asks what an upload asks (listing.edit on the brand)
export const access = brandPage('listing.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const query = new URL(request.url).searchParams
  const keys = selectedKeys(query)
  if (keys.length === 0) {
    return redirectWithToast(request, context, listAddress(request), {
      kind: 'info',
      message: selectionTooLarge(query) ? BULK_EDIT_TEXTS.tooMany : BULK_EDIT_TEXTS.nothingSelected,
    })
  }
  const selection = await run(() => bulkEditSelection(context.deps, actor, params.brandKey!, keys))
  return json({ ...selection, closeTo: listAddress(request) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const changes = bulkEditChanges(Object.fromEntries(formData))
  if (selectionTooLarge(formData)) return json({ error: BULK_EDIT_TEXTS.tooMany, values: changes }, { status: 400 })
  try {
    const view = await startBulkEdit(context.deps, actor, params.brandKey!, selectedKeys(formData), changes)
    // Its dry run: each listing's change before → after, and Commit.
    return redirect(`/brand/${params.brandKey!}/products/upload/${view.key}`)
  } catch (error) {
    // A form to put right (nothing chosen, nothing selected): said on the dialog, nothing kept.
    if (isAppError(error) && error.type === 'ValidationError') {
      return json({ error: error.message, values: changes }, { status: 400 })
    }
    return run(() => Promise.reject(error))
  }
}
