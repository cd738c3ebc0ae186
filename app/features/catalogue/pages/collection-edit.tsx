// `/brand/{id}/collection/{collection}/edit`: the update form of a collection (owner or editor,
// docs/decisions/063): name, season, year and its line. Saving opens the list it belongs to, where
// /collection/{key} leads too (docs/decisions/065).
import { CollectionForm } from '#app/features/catalogue/components/catalogue-forms'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './collection-edit.server'

export const meta: MetaFunction = () => [{ title: 'Edit collection · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Edit collection',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/collections`,
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
