// `/brand/{id}/line/{line}/edit`: the update form of a line (owner or editor, docs/decisions/063).
// Saving goes back to the line page.
import { LineForm } from '#app/features/catalogue/components/catalogue-forms'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './line-edit.server'

export const meta: MetaFunction = () => [{ title: 'Edit line · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Edit line',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/line/${params.lineKey ?? ''}`,
}

export default function EditLine() {
  const { brandKey, line } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  return (
    <div className="mx-auto w-full max-w-xl rounded-lg border border-line bg-white p-6">
      <h2 className="mb-4 text-lg font-semibold">Edit {line.name}</h2>
      <LineForm
        id="edit-line"
        lastResult={lastResult}
        defaultValue={{ name: line.name, description: line.description }}
        submitLabel="Save"
        cancelTo={`/brand/${brandKey}/line/${line.key}`}
      />
    </div>
  )
}
