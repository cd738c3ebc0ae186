// The answer to an onboarding move, for /onboarding (the stepper's own form) and for a step page
// whose form the stepper's Continue submitted (access.md §4 "Continue saves the current step
// first", docs/decisions/039). Failures go back to the step with "Onboarding error: {message}"
// and are reported.
import { redirect, type AppLoadContext } from '@remix-run/node'
import { reportError } from '#app/infra/error-reporting.server'
import { isAppError } from '#app/platform/errors'
import { redirectWithToast } from '#app/platform/session.server'
import type { Toast } from '#app/platform/toast'
import { stepForPath, type OnboardingStepId } from '#app/features/teams/onboarding-rules'
import { moveOnboarding, type OnboardingMove } from '#app/features/teams/onboarding.server'
import type { Actor } from '#app/platform/access/actor'

/** The form field the stepper's Continue adds to a step page's form. */
export const ONBOARDING_CONTINUE_FIELD = 'onboarding'

export function isOnboardingContinue(formData: FormData): boolean {
  return formData.get(ONBOARDING_CONTINUE_FIELD) === 'continue'
}

export async function onboardingReply(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  move: OnboardingMove,
  options: { back: string; saved?: Toast },
) {
  const back = stepForPath(options.back) ? options.back : '/settings'
  const earlier = options.saved ? [options.saved] : []
  try {
    const { redirectTo, finished } = await moveOnboarding(context.deps, actor, move)
    if (finished) {
      return redirectWithToast(request, context, redirectTo, [
        ...earlier,
        { kind: 'success', message: 'Onboarding Complete' },
      ])
    }
    return earlier.length > 0 ? redirectWithToast(request, context, redirectTo, earlier) : redirect(redirectTo)
  } catch (error) {
    if (!isAppError(error)) throw error
    reportError(error, { msg: 'onboarding error', account: actor.key, step: move.step, intent: move.intent })
    return redirectWithToast(request, context, back, [
      ...earlier,
      { kind: 'error', message: `Onboarding error: ${error.message}` },
    ])
  }
}

/** A step page's form was saved with the stepper's Continue: the step is done, on to the next. */
export function continueAfterSave(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  step: OnboardingStepId,
  brand: string | null,
  saved: Toast,
) {
  return onboardingReply(
    request,
    context,
    actor,
    { step, intent: 'continue', brand },
    {
      back: new URL(request.url).pathname,
      saved,
    },
  )
}
