// The action shared by both Create New Collection dialogs (the brand's collections and one line's):
// guard, CSRF, the form, the service, then to the new collection's page (catalogue.md §2: "on
// success it goes to /collection/{key}"; straight to where that address leads, so the toast shows).
import { json, type ActionFunctionArgs } from '@remix-run/node'
import { CollectionFormSchema } from '#app/features/catalogue/schemas'
import { collectionPage, createCollectionInBrand } from '#app/features/catalogue/collections.server'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import type { PageAccess } from '#app/platform/access/permissions'
import { guard, redirectWithToast, requireCsrf } from '#app/platform/session.server'

export async function createCollectionReply({ request, context, params }: ActionFunctionArgs, access: PageAccess) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, CollectionFormSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  // The line's own dialog always files the collection under that line, whatever the form says.
  const value = params.lineKey ? { ...submission.value, line: params.lineKey } : submission.value
  let collection
  try {
    collection = await createCollectionInBrand(context.deps, actor, params.brandKey!, value)
  } catch (error) {
    return formErrorReply(submission, error)
  }
  return redirectWithToast(request, context, collectionPage(collection), {
    kind: 'success',
    message: `Collection ${collection.name} has been created`,
  })
}
