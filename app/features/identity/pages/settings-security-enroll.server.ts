// The server side of settings-security-enroll.tsx: what its route loads and does.
import { sendSecondFactorCode } from '#app/features/identity/auth.server'
import {
  clearEnrollment,
  enrollmentStep,
  readEnrollment,
  saveEnrollment,
  type EnrollmentStep,
} from '#app/features/identity/mfa-enrollment.server'
import { EnrollPasswordSchema, EnrollPhoneSchema, VerificationCodeSchema } from '#app/features/identity/mfa-schemas'
import {
  confirmPasswordForEnrollment,
  confirmSecondFactorForEnrollment,
  finishPhoneEnrollment,
  MFA_MESSAGES,
  startPhoneEnrollment,
} from '#app/features/identity/mfa.server'
import { AppError, isAppError } from '#app/platform/errors'
import { parseForm } from '#app/platform/forms'
import { toE164 } from '#app/platform/phone'
import { clientAddress, commitUiSession, getUiSession, guard, requireCsrf } from '#app/platform/session.server'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type Session,
} from '@remix-run/node'
import { BACK } from './settings-security-enroll.shared'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await guard({ request, context, params }, access)
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
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
