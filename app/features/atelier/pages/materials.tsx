// `/brand/{id}/style/{style}/materials`: the Materials step in the wizard's step shell (help text,
// Not applicable switch, Continue) with its cards, one per type, with View, Add {type} and the
// "No additional {title}? Click checkmark" toggle; both forms post here. The Media Library opens
// over the cards at `{type}/upload`.
import { MaterialsCardsPage } from '#app/features/atelier/components/materials'
import { WizardStep } from '#app/features/atelier/components/wizard-step'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { loader } from './materials.server'

export const meta: MetaFunction = () => [{ title: 'Materials · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
}

export default function MaterialsStep() {
  const { shell, ...data } = useLoaderData<typeof loader>()
  return (
    <WizardStep {...shell}>
      <MaterialsCardsPage {...data} />
    </WizardStep>
  )
}
