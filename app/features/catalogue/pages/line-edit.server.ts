// The server side of line-edit.tsx: what its route loads and does.
import { getLine, updateLine } from '#app/features/catalogue/lines.server'
import { LineFormSchema } from '#app/features/catalogue/schemas'
import { requireAbility } from '#app/platform/access/access.server'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// decided (docs/decisions/063): owner or editor; the service also accepts such a grant on the line
export const access = brandPage('line.edit')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, params.brandKey!))
  await run(() => requireAbility(context.deps, actor, 'line.edit', { model: 'Line', key: line.key }))
  return json({ brandKey: params.brandKey!, line })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
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
