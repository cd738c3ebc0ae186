// `/settings/security/password`: the Change Password modal over the security settings (access.md
// §2, §3 "Forms": old_password, new_password, confirm_password). The old password must sign in;
// the new one follows the strict rule and must not be breached. Every other session of the account
// ends with the change; this browser stays signed in (docs/decisions/028).
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { NewPasswordFields, useBreachHint } from '#app/features/identity/components/new-password-fields'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { formErrorReply } from '#app/platform/form-errors.server'
import { parseForm } from '#app/platform/forms'
import { PASSWORD_CHANGED } from '#app/features/identity/identity-messages'
import { guard, readAuthCookie, redirectWithToast, requireCsrf } from '#app/platform/session.server'
import { ChangePasswordSchema } from '#app/features/identity/password-form-schemas'
import { changePassword } from '#app/features/identity/passwords.server'

export const meta: MetaFunction = () => [{ title: 'Change Password · Brand Portal' }]

const CLOSE_TO = '/settings/security'
const SECRET_FIELDS = ['old_password', 'new_password', 'confirm_password']

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context)
  return null
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, ChangePasswordSchema)
  if (submission.status !== 'success') return json(submission.reply({ hideFields: SECRET_FIELDS }), { status: 400 })
  // Same lifetime as the session being replaced (Remember me at sign-in).
  try {
    await changePassword(context.deps, actor, {
      oldPassword: submission.value.old_password,
      newPassword: submission.value.new_password,
      keepSession: readAuthCookie(request),
    })
  } catch (error) {
    return formErrorReply(submission, error, { hideFields: SECRET_FIELDS, validationStatus: 422 })
  }
  return redirectWithToast(request, context, CLOSE_TO, { kind: 'success', message: PASSWORD_CHANGED })
}

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
