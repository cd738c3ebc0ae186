// `/settings`: an onboarding account resumes at its first step not done (the landing of
// access.md §2 "/ after login"); everyone else opens Personal Profile.
import { currentBrandKey, isOnboarding, resumeStep, stepPath, visibleSteps } from '#app/features/teams'
import { guard } from '#app/platform/session.server'
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { signedInPage } from '#app/platform/access/permissions'

export const access = signedInPage

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  if (isOnboarding(actor.status)) {
    const brand = currentBrandKey(actor.preferences.brand, actor.grants)
    const step = resumeStep(actor.status, visibleSteps(actor.grants, brand))
    if (step) throw redirect(stepPath(step, brand))
  }
  throw redirect('/settings/profile')
}
