// The server side of brands-create.tsx: what its route loads and does.
import { BrandNameSchema } from '#app/features/brands/brand-schemas'
import { createBrand, requireBrandCreation } from '#app/features/brands/brands.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

// spec: owner or editor; creating a brand is decided by the service (account role admin)
export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  // Refused before the form is shown, with the same rule the service applies on submit.
  await run(async () => requireBrandCreation(actor))
  return null
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, BrandNameSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  const brand = await run(() => createBrand(context.deps, actor, submission.value))
  return redirectWithToast(request, context, `/brand/${brand.key}/edit`, {
    kind: 'success',
    message: `Brand ${brand.name} has been created`,
  })
}
