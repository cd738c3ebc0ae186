// `/brand/{id}/style/{style}/{step}`: one step of the wizard (atelier.md §2 Wizard): its help text
// with the types it takes, its tabs (Graphic & Prints: Graphic, Print; Patterns: 3D CAD Pattern) as
// `?tab=` links, the Not applicable switch (a form, so it works without JavaScript; owners and
// editors only), the upload area's slot, and Continue to the next step or, after the last, to the
// style page. The extended form `…/{view_type}/{view_step}` renders into the slot. The slot's files
// (list, folders, dialogs) come from this loader and its forms post to this action (decision 125).
import { StepUploadsSlot } from '#app/features/atelier/components/step-uploads-slot'
import { WizardStep } from '#app/features/atelier/components/wizard-step'
import { useActionData, useLoaderData, useOutlet } from '@remix-run/react'
import type { loader } from './wizard-step.server'

export default function WizardStepPage() {
  const { brandKey, style, canEdit, step, tab, state, files } = useLoaderData<typeof loader>()
  const outlet = useOutlet()
  const answer = useActionData<{ error?: { message: string } }>()
  return (
    <WizardStep brandKey={brandKey} style={style} canEdit={canEdit} step={step} tab={tab} state={state}>
      {answer?.error ? (
        <p role="alert" className="mb-3 rounded-md border border-red-200 bg-red-50 px-4 py-2 text-sm text-red-800">
          {answer.error.message}
        </p>
      ) : null}
      {outlet ?? (
        <StepUploadsSlot
          brandKey={brandKey}
          styleKey={style.key}
          step={step}
          tab={tab}
          view={null}
          canEdit={canEdit}
          notApplicable={state === 'notapplicable'}
          files={files}
        />
      )}
    </WizardStep>
  )
}
