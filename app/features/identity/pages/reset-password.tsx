// `/reset-password?code=`: the reset screen of an e-mailed link (access.md §2, §4 "Password
// reset": verify code, submit, success). The code is checked before the form is shown; success
// ends on a screen with a Login link to `/`.
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { NewPasswordFields, useBreachHint } from '#app/features/identity/components/new-password-fields'
import { INVALID_LINK } from '#app/features/identity/identity-messages'
import { ResetPasswordSchema } from '#app/features/identity/password-form-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button, ButtonLink } from '#app/ui/button'
import { Checkbox, ErrorList } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { action, loader } from './reset-password.server'

export const meta: MetaFunction = () => [{ title: 'Reset password · Brand Portal' }]

export default function ResetPassword() {
  const { look, screen } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      {screen.step === 'form' ? (
        <ResetForm code={screen.code} email={screen.email} />
      ) : screen.step === 'done' ? (
        <div className="flex flex-col gap-4" data-testid="reset-success">
          <h2 className="text-2xl font-semibold">Password changed</h2>
          <p className="text-sm text-muted">
            Your password has been reset. You can now sign in with your new password.
          </p>
          <ButtonLink to="/">Login</ButtonLink>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <h2 className="text-2xl font-semibold">{INVALID_LINK}</h2>
          {screen.message !== INVALID_LINK ? (
            <p role="alert" className="text-sm text-red-700">
              {screen.message}
            </p>
          ) : null}
          <p className="text-sm text-muted">Ask for a new link and use the newest e-mail.</p>
          <div className="flex gap-4 text-sm">
            <Link to="/password-reset" className="underline underline-offset-4">
              Request a new link
            </Link>
            <Link to="/" className="underline underline-offset-4">
              Back to sign in
            </Link>
          </div>
        </div>
      )}
    </BrandedAuthLayout>
  )
}

function ResetForm({ code, email }: { code: string; email: string }) {
  const lastResult = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, ResetPasswordSchema),
    onSubmit: (event) => breach.onSubmit(event),
  })
  const breach = useBreachHint(fields.new_password)
  const busy = navigation.state === 'submitting'
  return (
    <>
      <h2 className="text-2xl font-semibold">Reset password</h2>
      <p className="mt-1 text-sm text-muted">
        Choose a new password for <span className="font-medium text-ink">{email}</span>.
      </p>
      <Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <input type="hidden" name="code" value={code} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <NewPasswordFields
          newPassword={fields.new_password}
          confirmPassword={fields.confirm_password}
          breached={breach.breached}
        />
        <Checkbox
          label="I have read and accepted the terms and conditions"
          {...getInputProps(fields.terms, { type: 'checkbox' })}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Reset password'}
        </Button>
      </Form>
    </>
  )
}
