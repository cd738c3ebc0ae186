// `POST /onboarding`: the stepper's Continue (Finish on the last step) and Skip, as a form so
// they work without JavaScript. Failures go back to the step with "Onboarding error: {message}"
// and, as the spec asks, reported (logged, and sent to SENTRY_DSN when set).
import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { isAppError } from '#app/lib/errors'
import { reportError } from '#app/infra/error-reporting.server'
import { guard, redirectWithToast, requireCsrf } from '#app/lib/session.server'
import { isOnboardingStep, stepForPath } from '#app/policy/onboarding'
import { safeRedirectPath } from '#app/policy/permissions'
import { moveOnboarding } from '#app/services/onboarding.server'

export async function loader() {
  return redirect('/settings')
}

export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  const step = formData.get('step')
  const intent = formData.get('intent')
  const brand = formData.get('brand')
  const back = safeRedirectPath(String(formData.get('redirectTo') ?? ''), '/settings')
  const fail = (message: string) =>
    redirectWithToast(request, context, stepForPath(back) ? back : '/settings', {
      kind: 'error',
      message: `Onboarding error: ${message}`,
    })
  if (!isOnboardingStep(step) || (intent !== 'continue' && intent !== 'skip')) {
    return fail('Unknown onboarding step.')
  }
  try {
    const { redirectTo, finished } = await moveOnboarding(context.deps, actor, {
      step,
      intent,
      brand: typeof brand === 'string' && brand !== '' ? brand : null,
    })
    if (finished) {
      return redirectWithToast(request, context, redirectTo, { kind: 'success', message: 'Onboarding Complete' })
    }
    return redirect(redirectTo)
  } catch (error) {
    if (isAppError(error)) {
      reportError(error, { msg: 'onboarding error', account: actor.key, step, intent })
      return fail(error.message)
    }
    throw error
  }
}
