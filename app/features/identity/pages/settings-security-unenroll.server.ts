// The server side of settings-security-unenroll.tsx: what its route loads and does.
import { EnrollPasswordSchema } from '#app/features/identity/mfa-schemas'
import { listSecondFactors, MFA_MESSAGES, unenrollSecondFactor } from '#app/features/identity/mfa.server'
import { isAppError, notFound } from '#app/platform/errors'
import { parseForm } from '#app/platform/forms'
import { clientAddress, guard, redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { BACK } from './settings-security-unenroll.shared'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const factors = await run(() => listSecondFactors(context.deps, actor))
  const factor = factors.find((candidate) => candidate.mfaEnrollmentId === params.factorId)
  if (!factor) await run(() => Promise.reject(notFound('Factor')))
  return json({ phone: factor!.phoneInfo, last: factors.length === 1 })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const submission = parseForm(formData, EnrollPasswordSchema)
  if (submission.status !== 'success') return json(submission.reply({ hideFields: ['password'] }), { status: 400 })
  try {
    await unenrollSecondFactor(context.deps, actor, {
      mfaEnrollmentId: params.factorId ?? '',
      password: submission.value.password,
      ip: clientAddress(request, context),
    })
  } catch (error) {
    if (!isAppError(error) || error.type === 'NotFound') throw error
    return json(
      submission.reply({
        hideFields: ['password'],
        ...(error.fields ? { fieldErrors: error.fields } : { formErrors: [error.message] }),
      }),
      { status: error.status },
    )
  }
  return redirectWithToast(request, context, BACK, { kind: 'success', message: MFA_MESSAGES.unenrolled })
}
