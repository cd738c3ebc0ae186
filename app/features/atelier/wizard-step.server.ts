// The server side of a wizard step's shell (app/features/atelier/components/wizard-step.tsx): what its
// loader reads and what its Not applicable switch posts, for the file steps and materials alike.
import { json, type AppLoadContext } from '@remix-run/node'
import { redirectWithToast, run } from '#app/platform/session.server'
import { stepTab, type StyleStep } from '#app/features/atelier/style-steps'
import { getWizardStyle, setStepNotApplicable } from '#app/features/atelier/styles.server'
import type { Actor } from '#app/platform/access/actor'

/** §8: the success toast of a saved change. */
const SAVED = 'Change saved successfully'

export async function wizardStepData(
  context: AppLoadContext,
  actor: Actor,
  params: Record<string, string | undefined>,
  step: StyleStep,
  url: URL,
) {
  const wizard = await run(() => getWizardStyle(context.deps, actor, params.brandKey!, params.styleKey!))
  const tab = stepTab(step, url.searchParams.get('tab'))
  const state = wizard.progress.steps.find((candidate) => candidate.key === step)!.state
  return { brandKey: params.brandKey!, style: wizard.style, canEdit: wizard.canEdit, step, tab, state }
}

/** The Not applicable switch: `notapplicable=on` marks the step, `off` clears the mark. */
export async function notApplicableAction(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  params: Record<string, string | undefined>,
  step: StyleStep,
  formData: FormData,
) {
  const value = formData.get('notapplicable')
  if (value !== 'on' && value !== 'off') {
    return json({ error: { type: 'ValidationError', message: 'notapplicable: on or off.' } }, { status: 400 })
  }
  await run(() => setStepNotApplicable(context.deps, actor, params.brandKey!, params.styleKey!, step, value === 'on'))
  const url = new URL(request.url)
  return redirectWithToast(request, context, `${url.pathname}${url.search}`, { kind: 'success', message: SAVED })
}
