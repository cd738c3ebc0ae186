// `/password-reset`: the forgot-password screen (access.md §2, §4 "Password reset", §8). It asks
// the identity provider to e-mail a reset link and answers every address the same way. The login
// screen sends locked-out users here with a flash toast ("Too many failed login attempts…").
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { PasswordResetRequestSchema } from '#app/features/identity/password-form-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button } from '#app/ui/button'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { action, loader } from './password-reset.server'

export const meta: MetaFunction = () => [{ title: 'Forgot password · Brand Portal' }]

export default function PasswordReset() {
  const { look } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'password-reset',
    lastResult: actionData?.result,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, PasswordResetRequestSchema),
  })
  const busy = navigation.state === 'submitting'
  return (
    <BrandedAuthLayout look={look}>
      <Link to="/" className="text-sm underline underline-offset-4">
        ← Back to sign in
      </Link>
      <h2 className="mt-6 text-2xl font-semibold">Forgot password</h2>
      <p className="mt-1 text-sm text-muted">Enter your e-mail and we will send you a link to reset your password.</p>
      {actionData?.sent ? (
        <p role="status" className="mt-6 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
          {actionData.sent}
        </p>
      ) : null}
      <Form method="post" className="mt-6 flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send reset link'}
        </Button>
      </Form>
    </BrandedAuthLayout>
  )
}
