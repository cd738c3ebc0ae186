// `/brand/{id}/line/{line}/edit`: the update form of a line (owner or editor, docs/decisions/063).
// Saving goes back to the line page.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { LineForm } from '#app/features/catalogue/components/catalogue-forms'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { LineFormSchema } from '#app/features/catalogue/schemas'
import { requireAbility } from '#app/platform/access/access.server'
import { getLine, updateLine } from '#app/features/catalogue/lines.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Edit line · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Edit line',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/line/${params.lineKey ?? ''}`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, params.brandKey!))
  await run(() => requireAbility(context.deps, actor, 'line.edit', { model: 'Line', key: line.key }))
  return json({ brandKey: params.brandKey!, line })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, params.brandKey!))
  const submission = parseForm(formData, LineFormSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let updated
  try {
    updated = await updateLine(context.deps, actor, line.key, {
      name: submission.value.name,
      description: submission.value.description ?? '',
    })
  } catch (error) {
    return formErrorReply(submission, error)
  }
  return redirectWithToast(request, context, `/brand/${params.brandKey}/line/${updated.key}`, {
    kind: 'success',
    message: `Line ${updated.name} has been updated`,
  })
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
