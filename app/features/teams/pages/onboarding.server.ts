// `POST /onboarding`: the stepper's Continue (Finish on the last step) and Skip, as a form so
// they work without JavaScript. Failures go back to the step with "Onboarding error: {message}"
// and, as the spec asks, reported (logged, and sent to SENTRY_DSN when set).
import { onboardingReply } from '#app/features/teams/onboarding-reply.server'
import { isOnboardingStep, stepForPath } from '#app/features/teams/onboarding-rules'
import { signedInPage, safeRedirectPath } from '#app/platform/access/permissions'
import { guard, redirectWithToast, requireCsrf } from '#app/platform/session.server'
import { redirect, type ActionFunctionArgs } from '@remix-run/node'

export const access = signedInPage

export async function loader() {
  return redirect('/settings')
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const step = formData.get('step')
  const intent = formData.get('intent')
  const brand = formData.get('brand')
  const back = safeRedirectPath(String(formData.get('redirectTo') ?? ''), '/settings')
  if (!isOnboardingStep(step) || (intent !== 'continue' && intent !== 'skip')) {
    return redirectWithToast(request, context, stepForPath(back) ? back : '/settings', {
      kind: 'error',
      message: 'Onboarding error: Unknown onboarding step.',
    })
  }
  const move = { step, intent, brand: typeof brand === 'string' && brand !== '' ? brand : null } as const
  return onboardingReply(request, context, actor, move, { back })
}
