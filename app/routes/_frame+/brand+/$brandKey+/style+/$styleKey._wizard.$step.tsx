// `/brand/{id}/style/{style}/{step}`: one step of the wizard (atelier.md §2 Wizard): its help text
// with the types it takes, its tabs (Graphic & Prints: Graphic, Print; Patterns: 3D CAD Pattern) as
// `?tab=` links, the Not applicable switch (a form, so it works without JavaScript; owners and
// editors only), the upload area's slot, and Continue to the next step or, after the last, to the
// style page. The extended form `…/{view_type}/{view_step}` renders into the slot.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useOutlet } from '@remix-run/react'
import { StepUploadsSlot } from '#app/components/atelier/step-uploads-slot'
import { WizardStep } from '#app/components/atelier/wizard-step'
import { guard, requireCsrf } from '#app/lib/session.server'
import { isStyleStep, type StyleStep } from '#app/lib/style-steps'
import { notApplicableAction, wizardStepData } from '#app/lib/wizard-step.server'

function stepOf(value: string | undefined): StyleStep {
  if (!isStyleStep(value)) throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  return value
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  return json(await wizardStepData(context, actor, params, stepOf(params.step), new URL(request.url)))
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  return notApplicableAction(request, context, actor, params, stepOf(params.step), formData)
}

export default function WizardStepPage() {
  const { brandKey, style, canEdit, step, tab, state } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  return (
    <WizardStep brandKey={brandKey} style={style} canEdit={canEdit} step={step} tab={tab} state={state}>
      {outlet ?? (
        <StepUploadsSlot
          brandKey={brandKey}
          styleKey={style.key}
          step={step}
          tab={tab}
          view={null}
          canEdit={canEdit}
          notApplicable={state === 'notapplicable'}
        />
      )}
    </WizardStep>
  )
}
