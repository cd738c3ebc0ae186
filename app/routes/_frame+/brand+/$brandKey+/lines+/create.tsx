// `/brand/{id}/lines/create`: Create a line over the lines list (owner only). On success the
// toast says "Line {name} has been created" and the line page opens (catalogue.md §2, §8).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLocation, useParams } from '@remix-run/react'
import { LineForm } from '#app/features/catalogue/components/catalogue-forms'
import { RouteDialog } from '#app/ui/dialog'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { LineFormSchema } from '#app/features/catalogue/schemas'
import { requireBrandAbility } from '#app/platform/access/access.server'
import { createLineInBrand } from '#app/features/catalogue/lines.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  await run(async () => requireBrandAbility(actor, 'line.create', params.brandKey!))
  return null
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function CreateLine() {
  const lastResult = useActionData<typeof action>()
  const { brandKey } = useParams()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/lines${search}`
  return (
    <RouteDialog title="Create a line" closeTo={closeTo}>
      <LineForm id="create-line" lastResult={lastResult} submitLabel="Create" cancelTo={closeTo} />
    </RouteDialog>
  )
}
