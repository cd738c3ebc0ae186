// The server side of listing.tsx: what its route loads and does.
import { getListingDetail, updateListing } from '#app/features/catalogue/listing-edit.server'
import { formToUpdate, LISTING_MESSAGES, ListingFormSchema } from '#app/features/catalogue/listing-schemas'
import { isAppError } from '#app/platform/errors'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { CLIENT_SERVICES_EMAIL } from '#app/platform/client-services'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const detail = await run(() => getListingDetail(context.deps, actor, params.listingKey!, params.brandKey!))
  const editing = new URL(request.url).searchParams.get('edit') === 'true' && detail.canEdit
  return json({ detail, editing })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const page = `/brand/${params.brandKey}/products/listing/${params.listingKey}`
  // The listing must be one of this brand's, and the actor able to see it, before anything else.
  await run(() => getListingDetail(context.deps, actor, params.listingKey!, params.brandKey!))
  const submission = parseForm(formData, ListingFormSchema)
  // catalogue.md §8: a refused save says so above the form, beside each field's own message.
  if (submission.status !== 'success') {
    return json(submission.reply({ formErrors: [LISTING_MESSAGES.saveFailed(CLIENT_SERVICES_EMAIL)] }), { status: 400 })
  }
  try {
    await updateListing(context.deps, actor, params.listingKey!, {
      ...formToUpdate(submission.value),
      brand: params.brandKey!,
    })
  } catch (error) {
    if (isAppError(error) && error.type === 'PermissionError') {
      return json(submission.reply({ formErrors: [LISTING_MESSAGES.noPermission(CLIENT_SERVICES_EMAIL)] }), {
        status: 403,
      })
    }
    if (isAppError(error) && error.type === 'ValidationError' && error.fields) {
      return json(
        submission.reply({
          fieldErrors: error.fields,
          formErrors: [LISTING_MESSAGES.saveFailed(CLIENT_SERVICES_EMAIL)],
        }),
        { status: 400 },
      )
    }
    return formErrorReply(submission, error)
  }
  return redirectWithToast(request, context, page, { kind: 'success', message: LISTING_MESSAGES.saved })
}
