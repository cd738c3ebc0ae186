// `/settings/security/enroll?step=…`: the Enable Two-Factor Auth dialog in 3 steps (access.md §2):
// 1 the password again (and, when a phone is already enrolled, that phone's code), 2 the phone
// number (country, default us, and the local number), 3 the SMS code → "Enrollment Successful" and
// back to the security page. The state between steps stays on the server side of the signed
// cookie, so every step is a plain form that works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type Session,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Button, buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { ErrorList, Field } from '#app/ui/field'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import { AppError, isAppError } from '#app/platform/errors'
import { parseForm } from '#app/platform/forms'
import {
  clearEnrollment,
  enrollmentStep,
  readEnrollment,
  saveEnrollment,
  type EnrollmentStep,
} from '#app/features/identity/mfa-enrollment.server'
import { DEFAULT_PHONE_COUNTRY, DIAL_CODES, toE164 } from '#app/platform/phone'
import { clientAddress, commitUiSession, getUiSession, guard, requireCsrf } from '#app/platform/session.server'
import { EnrollPasswordSchema, EnrollPhoneSchema, VerificationCodeSchema } from '#app/features/identity/mfa-schemas'
import { sendSecondFactorCode } from '#app/features/identity/auth.server'
import {
  confirmPasswordForEnrollment,
  confirmSecondFactorForEnrollment,
  finishPhoneEnrollment,
  MFA_MESSAGES,
  startPhoneEnrollment,
} from '#app/features/identity/mfa.server'

const BACK = '/settings/security'
const STEP_NUMBER: Record<EnrollmentStep, number> = { password: 1, authenticate: 1, phone: 2, code: 3 }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guard(request, context)
  const ui = await getUiSession(request, context)
  const headers = new Headers()
  // Opening the dialog afresh (no step in the address) starts over at the password.
  if (!new URL(request.url).searchParams.has('step') && readEnrollment(ui)) {
    clearEnrollment(ui)
    headers.append('Set-Cookie', await commitUiSession(ui, context))
  }
  const state = readEnrollment(ui)
  const step = enrollmentStep(state)
  const sentTo = step === 'authenticate' ? state?.secondFactor?.sentTo : step === 'code' ? state?.phone?.sentTo : null
  return json({ step, sentTo: sentTo ?? null }, { headers })
}

type Reply = { step: EnrollmentStep; result: ReturnType<ReturnType<typeof parseForm>['reply']> }

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const ui = await getUiSession(request, context)
  const state = readEnrollment(ui)
  const step = enrollmentStep(state)
  const ip = clientAddress(request, context)
  // A form of another step (a second tab, an expired state): show where the dialog really is.
  if (formData.get('intent') !== step) return goTo(context, ui, step)

  if (step === 'password') {
    const submission = parseForm(formData, EnrollPasswordSchema)
    if (submission.status !== 'success') return reply(step, submission.reply({ hideFields: ['password'] }), 400)
    const checked = await confirmPasswordForEnrollment(context.deps, actor, {
      password: submission.value.password,
      ip,
    }).catch((error: unknown) => refused(error))
    if ('refused' in checked) {
      const { message, status } = checked.refused
      return reply(step, submission.reply({ formErrors: [message], hideFields: ['password'] }), status)
    }
    if (checked.kind === 'confirmed') {
      saveEnrollment(ui, { idToken: checked.idToken })
      return goTo(context, ui, 'phone')
    }
    // The first enrolled phone proves the account before another is added.
    const factor = checked.factors[0]
    const sent = factor
      ? await sendSecondFactorCode(context.deps, {
          mfaPendingCredential: checked.mfaPendingCredential,
          mfaEnrollmentId: factor.mfaEnrollmentId,
          email: actor.email,
          ip,
        }).catch((error: unknown) => refused(error))
      : { refused: new AppError('ValidationError', 'No phone is enrolled.') }
    if ('refused' in sent) {
      const { message, status } = sent.refused
      return reply(step, submission.reply({ formErrors: [message], hideFields: ['password'] }), status)
    }
    saveEnrollment(ui, {
      secondFactor: {
        mfaPendingCredential: checked.mfaPendingCredential,
        sessionInfo: sent.sessionInfo,
        sentTo: factor!.phoneInfo,
      },
    })
    return goTo(context, ui, 'authenticate')
  }

  if (step === 'authenticate') {
    const submission = parseForm(formData, VerificationCodeSchema)
    if (submission.status !== 'success') return reply(step, submission.reply(), 400)
    const checked = await confirmSecondFactorForEnrollment(context.deps, actor, {
      mfaPendingCredential: state!.secondFactor!.mfaPendingCredential,
      sessionInfo: state!.secondFactor!.sessionInfo,
      code: submission.value.code,
      ip,
    }).catch((error: unknown) => refused(error))
    if ('refused' in checked) return failed(context, ui, step, submission, checked.refused)
    saveEnrollment(ui, { idToken: checked.idToken })
    return goTo(context, ui, 'phone')
  }

  if (step === 'phone') {
    const submission = parseForm(formData, EnrollPhoneSchema)
    if (submission.status !== 'success') return reply(step, submission.reply(), 400)
    const phoneNumber = toE164(submission.value.country, submission.value.phone)!
    const started = await startPhoneEnrollment(context.deps, actor, {
      idToken: state!.idToken!,
      phoneNumber,
      ip,
    }).catch((error: unknown) => refused(error))
    if ('refused' in started) return failed(context, ui, step, submission, started.refused)
    saveEnrollment(ui, { idToken: state!.idToken, phone: { sessionInfo: started.sessionInfo, sentTo: started.sentTo } })
    return goTo(context, ui, 'code')
  }

  const submission = parseForm(formData, VerificationCodeSchema)
  if (submission.status !== 'success') return reply(step, submission.reply(), 400)
  const finished = await finishPhoneEnrollment(context.deps, actor, {
    idToken: state!.idToken!,
    sessionInfo: state!.phone!.sessionInfo,
    sentTo: state!.phone!.sentTo,
    code: submission.value.code,
    ip,
  }).catch((error: unknown) => refused(error))
  if (finished && 'refused' in finished) return failed(context, ui, step, submission, finished.refused)
  clearEnrollment(ui)
  // Back to the security page, which loads again and lists the new phone (the spec's reload).
  ui.flash('toast', { kind: 'success', message: MFA_MESSAGES.enrolled })
  return redirect(BACK, { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
}

function reply(step: EnrollmentStep, result: Reply['result'], status: number) {
  return json<Reply>({ step, result }, { status })
}

async function goTo(context: AppLoadContext, ui: Session, step: EnrollmentStep) {
  return redirect(`${BACK}/enroll?step=${step}`, { headers: { 'Set-Cookie': await commitUiSession(ui, context) } })
}

/**
 * A step the service refused, to show in the dialog. Errors that are not the user's to fix (not
 * their account, anything unexpected) go on to the error boundary.
 */
function refused(error: unknown): { refused: AppError } {
  if (!isAppError(error) || error.type === 'PermissionError' || error.type === 'NotFound') throw error
  return { refused: error }
}

/** A failed step; an enrolment whose proof is no longer good returns to the password step (access.md §8). */
async function failed(
  context: AppLoadContext,
  ui: Session,
  step: EnrollmentStep,
  submission: ReturnType<typeof parseForm>,
  failure: AppError,
) {
  if (failure.type !== 'AuthInvalidSession') {
    return reply(step, submission.reply({ formErrors: [failure.message] }), failure.status)
  }
  clearEnrollment(ui)
  ui.flash('toast', { kind: 'error', message: failure.message })
  return goTo(context, ui, 'password')
}

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
