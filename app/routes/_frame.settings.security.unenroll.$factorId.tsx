// `/settings/security/unenroll/{factor}`: the confirmation before a phone stops being a second
// factor. A dialog route, so the confirmation is a plain form without JavaScript.
import { ConfirmDialog } from '#app/components/ui/confirm-dialog'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { notFound } from '#app/lib/errors'
import { guard, redirectWithToast, requireCsrf, run } from '#app/lib/session.server'
import { listSecondFactors, MFA_MESSAGES, unenrollSecondFactor } from '#app/services/mfa.server'

const BACK = '/settings/security'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const factors = await run(() => listSecondFactors(context.deps, actor))
  const factor = factors.find((candidate) => candidate.mfaEnrollmentId === params.factorId)
  if (!factor) await run(() => Promise.reject(notFound('Factor')))
  return json({ phone: factor!.phoneInfo, last: factors.length === 1 })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  await requireCsrf(request, context, await request.formData())
  await run(() => unenrollSecondFactor(context.deps, actor, params.factorId ?? ''))
  return redirectWithToast(request, context, BACK, { kind: 'success', message: MFA_MESSAGES.unenrolled })
}

export default function UnenrollFactor() {
  const { phone, last } = useLoaderData<typeof loader>()
  return (
    <ConfirmDialog title="Unenroll Factor" closeTo={BACK} confirmLabel="Unenroll">
      <p className="text-sm">
        Stop sending sign-in codes to <strong>{phone}</strong>?
        {last ? ' Your password alone will then sign you in.' : ''}
      </p>
    </ConfirmDialog>
  )
}
