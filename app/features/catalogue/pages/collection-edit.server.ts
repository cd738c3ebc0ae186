// The server side of collection-edit.tsx: what its route loads and does.
import { collectionHome, getCollection, updateCollection } from '#app/features/catalogue/collections.server'
import { listLinesWithCounts } from '#app/features/catalogue/lines.server'
import { CollectionFormSchema } from '#app/features/catalogue/schemas'
import { requireAbility } from '#app/platform/access/access.server'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/063): owner or editor, as for lines
export const access = brandPage('line.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const collection = await run(() => getCollection(context.deps, actor, params.collectionKey!, brandKey))
  await run(() => requireAbility(context.deps, actor, 'line.edit', { model: 'Collection', key: collection.key }))
  const lines = await run(() => listLinesWithCounts(context.deps, actor, brandKey))
  return json({ brandKey, collection, lines: lines.map((line) => ({ key: line.key, name: line.name })) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const collection = await run(() => getCollection(context.deps, actor, params.collectionKey!, params.brandKey!))
  const submission = parseForm(formData, CollectionFormSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let updated
  try {
    // An empty Line select takes the collection out of its line.
    updated = await updateCollection(context.deps, actor, collection.key, {
      ...submission.value,
      line: submission.value.line ?? null,
    })
  } catch (error) {
    return formErrorReply(submission, error)
  }
  return redirectWithToast(request, context, collectionHome(updated), {
    kind: 'success',
    message: `Collection ${updated.name} has been updated`,
  })
}
