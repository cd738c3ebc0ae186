// `/settings/security/password`: the Change Password modal over the security settings (access.md
// §2, §3 "Forms": old_password, new_password, confirm_password). The old password must sign in;
// the new one follows the strict rule and must not be breached. Every other session of the account
// ends with the change; this browser stays signed in (docs/decisions/028).
import { NewPasswordFields, useBreachHint } from '#app/features/identity/components/new-password-fields'
import { ChangePasswordSchema } from '#app/features/identity/password-form-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import type { action } from './settings-security-password.server'
import { CLOSE_TO } from './settings-security-password.shared'

export const meta: MetaFunction = () => [{ title: 'Change Password · Brand Portal' }]

export default function ChangePassword() {
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'change-password',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, ChangePasswordSchema),
    onSubmit: (event) => breach.onSubmit(event),
  })
  const breach = useBreachHint(fields.new_password)
  const busy = navigation.state === 'submitting'
  return (
    <RouteDialog title="Change Password" closeTo={CLOSE_TO}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Current Password"
          errors={fields.old_password.errors}
          inputProps={{
            ...getInputProps(fields.old_password, { type: 'password' }),
            autoComplete: 'current-password',
            autoFocus: true,
          }}
        />
        <NewPasswordFields
          newPassword={fields.new_password}
          confirmPassword={fields.confirm_password}
          breached={breach.breached}
        />
        <div className="flex justify-end gap-2">
          <Link to={CLOSE_TO} className={buttonClass('secondary')}>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Change Password'}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  )
}
