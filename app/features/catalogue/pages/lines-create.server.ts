// The server side of lines-create.tsx: what its route loads and does.
import { createLineInBrand } from '#app/features/catalogue/lines.server'
import { LineFormSchema } from '#app/features/catalogue/schemas'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

export const access = brandPage('line.create')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  await run(async () => requireBrandAbility(actor, 'line.create', params.brandKey!))
  return null
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, LineFormSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let line
  try {
    line = await createLineInBrand(context.deps, actor, params.brandKey!, submission.value)
  } catch (error) {
    return formErrorReply(submission, error)
  }
  return redirectWithToast(request, context, `/brand/${params.brandKey}/line/${line.key}`, {
    kind: 'success',
    message: `Line ${line.name} has been created`,
  })
}
