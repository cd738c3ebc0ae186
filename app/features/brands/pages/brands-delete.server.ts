// The server side of brands-delete.tsx: what its route loads and does.
import { archiveBrand, getBrandForMenu } from '#app/features/brands/brands.server'
import { requiredText } from '#app/platform/common-schemas'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import * as z from 'zod/mini'
import { signedInPage } from '#app/platform/access/permissions'

// decided (docs/decisions/066): account role admin and owner of the brand, checked by the service
export const access = signedInPage

const ConfirmNameSchema = z.object({ name: requiredText('Type the brand name to confirm.') })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const { brand, mayDelete } = await run(() => getBrandForMenu(context.deps, actor, params.key!))
  return json({ brand: { key: brand.key, name: brand.name }, mayDelete })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, ConfirmNameSchema)
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  let brand
  try {
    brand = await archiveBrand(context.deps, actor, params.key!, submission.value)
  } catch (error) {
    return formErrorReply(submission, error)
  }
  return redirectWithToast(request, context, '/brands', {
    kind: 'success',
    message: `Brand ${brand.name} has been deleted. You can restore it from Archived brands.`,
  })
}
