// `/brands/create`: the Create New Brand dialog over the brands list (a route, so it works
// without JavaScript). Creating a brand grants its creator owner and opens its company profile.
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseForm } from '#app/platform/forms'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { BrandNameSchema } from '#app/features/brands/brand-schemas'
import { createBrand, requireBrandCreation } from '#app/features/brands/brands.server'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  // Refused before the form is shown, with the same rule the service applies on submit.
  await run(async () => requireBrandCreation(actor))
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await guard(request, context)
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

export default function CreateBrand() {
  const lastResult = useActionData<typeof action>()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'create-brand',
    lastResult,
    shouldValidate: 'onBlur',
    onValidate: ({ formData }) => parseForm(formData, BrandNameSchema),
  })
  return (
    <RouteDialog title="Create New Brand" closeTo="/brands">
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Brand name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoFocus: true }}
        />
        <div className="flex justify-end gap-2">
          <Link to="/brands" className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit">Create</Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
