// `/brand/{id}/style/{style}/materials`: the Materials step in the wizard's step shell (help text,
// Not applicable switch, Continue) with its cards, one per type, with View, Add {type} and the
// "No additional {title}? Click checkmark" toggle; both forms post here. The Media Library opens
// over the cards at `{type}/upload`.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MaterialsCardsPage } from '#app/features/atelier/components/materials'
import { WizardStep } from '#app/features/atelier/components/wizard-step'
import { materialPage } from '#app/features/atelier/material-pages.server'
import { MATERIAL_SAVED_MESSAGE } from '#app/features/atelier/materials'
import { redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { wizardStepData, notApplicableAction } from '#app/features/atelier/wizard-step.server'
import { materialCards, setMaterialTypeChecked } from '#app/features/atelier/materials.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = () => [{ title: 'Materials · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await materialPage(request, context, params)
  const { cards, mayChange } = await run(() => materialCards(context.deps, page.actor, page.style.key))
  const shell = await wizardStepData(context, page.actor, params, 'materials', new URL(request.url))
  return json({ base: page.base, style: page.style, cards, mayChange, shell })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params)
  const form = await request.formData()
  await requireCsrf(request, context, form)
  if (form.has('notapplicable')) return notApplicableAction(request, context, page.actor, params, 'materials', form)
  await run(() =>
    setMaterialTypeChecked(context.deps, page.actor, page.style.key, form.get('type'), form.get('checked') === 'true'),
  )
  return redirectWithToast(request, context, page.base, { kind: 'success', message: MATERIAL_SAVED_MESSAGE })
}

export default function MaterialsStep() {
  const { shell, ...data } = useLoaderData<typeof loader>()
  return (
    <WizardStep {...shell}>
      <MaterialsCardsPage {...data} />
    </WizardStep>
  )
}
