// `/brand/{id}/style/{style}/{step}/{view_type}/{view_step}`: the extended wizard form (atelier.md
// §2), rendered into its step's upload slot: the upload state, the preview (View Uploads) or a
// folder opened in the step. An unknown view type is not found (docs/decisions/119).
import { StepUploadsSlot } from '#app/features/atelier/components/step-uploads-slot'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './wizard-view-step.server'

export default function WizardStepView() {
  const data = useLoaderData<typeof loader>()
  return <StepUploadsSlot {...data} />
}
