// `/brand/{id}/collection/{collection}/edit`: the update form of a collection (owner or editor,
// docs/decisions/063): name, season, year and its line. Saving opens the list it belongs to, where
// /collection/{key} leads too (docs/decisions/065).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CollectionForm } from '#app/features/catalogue/components/catalogue-forms'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { CollectionFormSchema } from '#app/features/catalogue/schemas'
import { requireAbility } from '#app/platform/access/access.server'
import { collectionHome, getCollection, updateCollection } from '#app/features/catalogue/collections.server'
import { listLinesWithCounts } from '#app/features/catalogue/lines.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Edit collection · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Edit collection',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/collections`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const collection = await run(() => getCollection(context.deps, actor, params.collectionKey!, brandKey))
  await run(() => requireAbility(context.deps, actor, 'line.edit', { model: 'Collection', key: collection.key }))
  const lines = await run(() => listLinesWithCounts(context.deps, actor, brandKey))
  return json({ brandKey, collection, lines: lines.map((line) => ({ key: line.key, name: line.name })) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function EditCollection() {
  const { brandKey, collection, lines } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <div className="mx-auto w-full max-w-xl rounded-lg border border-line bg-white p-6">
      <h2 className="mb-4 text-lg font-semibold">Edit {collection.name}</h2>
      <CollectionForm
        id="edit-collection"
        lastResult={lastResult}
        lines={lines}
        defaultValue={{
          name: collection.name,
          season: collection.season,
          year: String(collection.year),
          line: collection.line ?? '',
        }}
        submitLabel="Save"
        cancelTo={`/brand/${brandKey}/collections`}
      />
    </div>
  )
}
