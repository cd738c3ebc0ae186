// `/brands/create`: the Create New Brand dialog over the brands list (a route, so it works
// without JavaScript). Creating a brand grants its creator owner and opens its company profile.
import { BrandNameSchema } from '#app/features/brands/brand-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData } from '@remix-run/react'
import type { action } from './brands-create.server'

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
