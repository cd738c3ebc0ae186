// `/brands/{id}/delete`: Delete Brand from the admin's brand menu (docs/decisions/066). The admin
// types the brand's name; the brand is then archived for everyone and can be restored from
// Archived brands. Needs account role admin and an owner grant on the brand.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import * as z from 'zod/mini'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { requiredText } from '#app/platform/common-schemas'
import { archiveBrand, getBrandForMenu } from '#app/features/brands/brands.server'

const ConfirmNameSchema = z.object({ name: requiredText('Type the brand name to confirm.') })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const { brand, mayDelete } = await run(() => getBrandForMenu(context.deps, actor, params.key!))
  return json({ brand: { key: brand.key, name: brand.name }, mayDelete })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function DeleteBrand() {
  const { brand, mayDelete } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const errors = lastResult?.error
  if (!mayDelete) {
    return (
      <RouteDialog title="Delete Brand" closeTo="/brands">
        <p className="text-sm">Only an owner of {brand.name} can delete it.</p>
        <div className="mt-6 flex justify-end">
          <Link to="/brands" className={buttonClass('secondary')}>
            Close
          </Link>
        </div>
      </RouteDialog>
    )
  }
  return (
    <RouteDialog title="Delete Brand" closeTo="/brands">
      <Form method="post" className="flex flex-col gap-4">
        <CsrfField token={csrf} />
        <p>
          Are you sure you would like to delete <strong>{brand.name}</strong>?
        </p>
        <p className="text-sm text-muted">
          The brand, its lines, collections and products disappear for every member at once. An admin who owns it can
          restore it from Archived brands.
        </p>
        <ErrorList errors={errors?.[''] ?? null} />
        <Field
          label={`Type ${brand.name} to confirm`}
          errors={errors?.name ?? null}
          inputProps={{ id: 'confirm-name', name: 'name', type: 'text', autoComplete: 'off', autoFocus: true }}
        />
        <div className="flex justify-end gap-2">
          <Link to="/brands" className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="danger">
            Delete Brand
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
