// `/settings/security/enroll?step=…`: the Enable Two-Factor Auth dialog in 3 steps (access.md §2):
// 1 the password again (and, when a phone is already enrolled, that phone's code), 2 the phone
// number (country, default us, and the local number), 3 the SMS code → "Enrollment Successful" and
// back to the security page. The state between steps stays on the server side of the signed
// cookie, so every step is a plain form that works without JavaScript.
import { type EnrollmentStep } from '#app/features/identity/mfa-enrollment.server'
import { EnrollPasswordSchema, EnrollPhoneSchema, VerificationCodeSchema } from '#app/features/identity/mfa-schemas'
import { useCsrfToken } from '#app/platform/csrf'
import { parseForm } from '#app/platform/forms'
import { DEFAULT_PHONE_COUNTRY, DIAL_CODES } from '#app/platform/phone'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import type { action, loader } from './settings-security-enroll.server'
import { BACK } from './settings-security-enroll.shared'

const STEP_NUMBER: Record<EnrollmentStep, number> = { password: 1, authenticate: 1, phone: 2, code: 3 }

export default function EnableTwoFactor() {
  const { step, sentTo } = useLoaderData<typeof loader>()
  return (
    <RouteDialog title="Enable Two-Factor Auth" closeTo={BACK}>
      <p className="mb-4 text-xs font-medium uppercase tracking-wide text-muted" data-testid="enroll-step">
        Step {STEP_NUMBER[step]} of 3
      </p>
      {step === 'password' ? <PasswordStep /> : null}
      {step === 'authenticate' ? <CodeStep step={step} sentTo={sentTo} submitLabel="Continue" /> : null}
      {step === 'phone' ? <PhoneStep /> : null}
      {step === 'code' ? <CodeStep step={step} sentTo={sentTo} submitLabel="Enroll" /> : null}
    </RouteDialog>
  )
}

function useStepResult(step: EnrollmentStep) {
  const data = useActionData<typeof action>()
  return data && 'step' in data && data.step === step ? data.result : undefined
}

function StepButtons({ label }: { label: string }) {
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="flex justify-end gap-2">
      <Link to={BACK} className={buttonClass('secondary')} preventScrollReset>
        Cancel
      </Link>
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </div>
  )
}

function PasswordStep() {
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'enroll-password',
    lastResult: useStepResult('password'),
    onValidate: ({ formData }) => parseForm(formData, EnrollPasswordSchema),
  })
  return (
    <Form method="post" action={`${BACK}/enroll?step=password`} className="flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="password" />
      <p className="text-sm">Enter your password again to continue.</p>
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
      <StepButtons label="Continue" />
    </Form>
  )
}

function PhoneStep() {
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: 'enroll-phone',
    lastResult: useStepResult('phone'),
    defaultValue: { country: DEFAULT_PHONE_COUNTRY },
    onValidate: ({ formData }) => parseForm(formData, EnrollPhoneSchema),
  })
  return (
    <Form method="post" action={`${BACK}/enroll?step=phone`} className="flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value="phone" />
      <p className="text-sm">Which phone should receive your sign-in codes by SMS?</p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.country.id} className="text-sm font-medium">
          Country
        </label>
        <select
          {...getSelectProps(fields.country)}
          className="rounded-md border border-line bg-white px-3 py-2 text-sm outline-none focus:border-ink"
        >
          {DIAL_CODES.map((entry) => (
            <option key={entry.country} value={entry.country}>
              {entry.name} (+{entry.dial})
            </option>
          ))}
        </select>
        <ErrorList errors={fields.country.errors} />
      </div>
      <Field
        label="Phone number"
        errors={fields.phone.errors}
        inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel-national', autoFocus: true }}
      />
      <StepButtons label="Send code" />
    </Form>
  )
}

function CodeStep({
  step,
  sentTo,
  submitLabel,
}: {
  step: 'authenticate' | 'code'
  sentTo: string | null
  submitLabel: string
}) {
  const csrf = useCsrfToken()
  const [form, fields] = useForm({
    id: `enroll-${step}`,
    lastResult: useStepResult(step),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseForm(formData, VerificationCodeSchema),
  })
  return (
    <Form method="post" action={`${BACK}/enroll?step=${step}`} className="flex flex-col gap-4" {...getFormProps(form)}>
      <CsrfField token={csrf} />
      <input type="hidden" name="intent" value={step} />
      <p className="text-sm" data-testid="code-sent-to">
        {step === 'authenticate'
          ? `Your account already has a phone. Enter the code we sent by SMS to ${sentTo ?? 'it'}.`
          : `Enter the code we sent by SMS to ${sentTo ?? 'your phone'}.`}
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field
        label="Verification code"
        errors={fields.code.errors}
        inputProps={{
          ...getInputProps(fields.code, { type: 'text' }),
          inputMode: 'numeric',
          autoComplete: 'one-time-code',
          autoFocus: true,
        }}
      />
      <StepButtons label={submitLabel} />
    </Form>
  )
}
