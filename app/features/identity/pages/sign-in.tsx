// `/`: the login screen, and the post-login redirect for a signed-in user (access.md §2, §4).
// Its states: normal; with a human check after failed sign-ins; and the two-step flow of an
// account with SMS verification (factor choice, then code entry), all handled on the server so
// they work without JavaScript.
import { BrandedAuthLayout } from '#app/features/identity/components/branded-auth-layout'
import { HumanCheck } from '#app/features/identity/components/human-check'
import { LoginSchema } from '#app/features/identity/login-schemas'
import { SecondFactorChoiceSchema, VerificationCodeSchema } from '#app/features/identity/mfa-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { Button } from '#app/ui/button'
import { Checkbox, ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { type MetaFunction, type SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import type { action, loader } from './sign-in.server'

export const meta: MetaFunction = () => [{ title: 'Sign in · Brand Portal' }]

export default function Login() {
  const { look, invited, secondFactor } = useLoaderData<typeof loader>()
  return (
    <BrandedAuthLayout look={look}>
      {secondFactor ? <SecondFactorStep {...secondFactor} /> : <PasswordStep invited={invited} />}
    </BrandedAuthLayout>
  )
}

function PasswordStep({ invited }: { invited: SerializeFrom<typeof loader>['invited'] }) {
  const reply = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'login',
    lastResult: reply?.form === 'login' ? reply.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseForm(formData, LoginSchema),
  })
  const busy = navigation.state === 'submitting'
  const humanCheck = reply?.form === 'login' ? reply.humanCheck : null

  return (
    <>
      <h2 className="text-2xl font-semibold">Sign in</h2>
      <p className="mt-1 text-sm text-muted" data-testid="login-subtitle">
        {invited
          ? `You have been invited to ${invited.brandName}. Sign in as ${invited.email} to accept the invite.`
          : 'Use the e-mail your brand invited.'}
      </p>
      <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(form)}>
        <CsrfField token={csrf} />
        <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
        {invited ? <input type="hidden" name="token" value={invited.token} /> : null}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: 'email' }),
            ...(invited && !fields.email.initialValue && { defaultValue: invited.email }),
            autoComplete: 'email',
            autoFocus: true,
          }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
        />
        <div className="flex items-center justify-between">
          <Checkbox label="Remember me" {...getInputProps(fields.remember, { type: 'checkbox' })} />
          <Link to="/password-reset" className="text-sm underline underline-offset-4">
            Forgot password
          </Link>
        </div>
        {humanCheck ? <HumanCheck widget={humanCheck} /> : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
    </>
  )
}

function SecondFactorStep({
  factors,
  sentTo,
}: {
  factors: { mfaEnrollmentId: string; phoneInfo: string }[]
  sentTo: string | null
}) {
  const reply = useActionData<typeof action>()
  const navigation = useNavigation()
  const csrf = useCsrfToken()
  const busy = navigation.state === 'submitting'
  const [choiceForm, choiceFields] = useForm({
    id: 'second-factor-choice',
    lastResult: reply?.form === 'factor' ? reply.result : undefined,
    onValidate: ({ formData }) => parseForm(formData, SecondFactorChoiceSchema),
  })
  const [codeForm, codeFields] = useForm({
    id: 'second-factor-code',
    lastResult: reply?.form === 'code' ? reply.result : undefined,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, VerificationCodeSchema),
  })

  return (
    <>
      <h2 className="text-2xl font-semibold">Two-step verification</h2>
      {sentTo ? (
        <>
          <p className="mt-1 text-sm text-muted" data-testid="code-sent-to">
            We sent a verification code by SMS to {sentTo}.
          </p>
          <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(codeForm)}>
            <CsrfField token={csrf} />
            <ErrorList id={codeForm.errorId} errors={codeForm.errors} />
            <Field
              label="Verification code"
              errors={codeFields.code.errors}
              inputProps={{
                ...getInputProps(codeFields.code, { type: 'text' }),
                inputMode: 'numeric',
                autoComplete: 'one-time-code',
                autoFocus: true,
              }}
            />
            <Button type="submit" name="intent" value="verify-code" disabled={busy}>
              Verify
            </Button>
          </Form>
        </>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">Choose the phone that should receive your verification code.</p>
          <Form method="post" className="mt-8 flex flex-col gap-4" {...getFormProps(choiceForm)}>
            <CsrfField token={csrf} />
            <ErrorList id={choiceForm.errorId} errors={choiceForm.errors} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-sm font-medium">Phone</legend>
              {factors.map((factor, index) => (
                <label key={factor.mfaEnrollmentId} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name={choiceFields.factor.name}
                    value={factor.mfaEnrollmentId}
                    defaultChecked={index === 0}
                    className="accent-ink"
                  />
                  {factor.phoneInfo}
                </label>
              ))}
              <ErrorList errors={choiceFields.factor.errors} />
            </fieldset>
            <Button type="submit" name="intent" value="choose-factor" disabled={busy}>
              Send code
            </Button>
          </Form>
        </>
      )}
      <Form method="post" className="mt-4 flex items-center justify-between gap-2 text-sm">
        <CsrfField token={csrf} />
        {sentTo ? (
          <button type="submit" name="intent" value="resend-code" className="underline underline-offset-4">
            Send a new code
          </button>
        ) : (
          <span />
        )}
        <button type="submit" name="intent" value="cancel-second-factor" className="underline underline-offset-4">
          Cancel
        </button>
      </Form>
    </>
  )
}
