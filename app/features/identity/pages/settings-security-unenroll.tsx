// `/settings/security/unenroll/{factor}`: the confirmation before a phone stops being a second
// factor, with the password asked again (a session alone cannot remove the factor). A dialog
// route, so it is a plain form without JavaScript.
import { EnrollPasswordSchema } from '#app/features/identity/mfa-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { action, loader } from './settings-security-unenroll.server'
import { BACK } from './settings-security-unenroll.shared'

export default function UnenrollFactor() {
  const { phone, last } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'unenroll',
    lastResult,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, EnrollPasswordSchema),
  })
  return (
    <RouteDialog title="Unenroll Factor" closeTo={BACK}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <p className="text-sm">
          Stop sending sign-in codes to <strong>{phone}</strong>?
          {last ? ' Your password alone will then sign you in.' : ''}
        </p>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
            autoFocus: true,
          }}
        />
        <div className="flex justify-end gap-2">
          <Link to={BACK} className={buttonClass('secondary')} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="danger" disabled={navigation.state === 'submitting'}>
            Unenroll
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
