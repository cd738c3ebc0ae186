// `/brand/{id}/style/{style}/{step}`: one step of the wizard (atelier.md §2 Wizard): its help text
// with the types it takes, its tabs (Graphic & Prints: Graphic, Print; Patterns: 3D CAD Pattern) as
// `?tab=` links, the Not applicable switch (a form, so it works without JavaScript; owners and
// editors only), the upload area's slot, and Continue to the next step or, after the last, to the
// style page. The extended form `…/{view_type}/{view_step}` renders into the slot. The slot's files
// (list, folders, dialogs) come from this loader and its forms post to this action (decision 125).
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData, useOutlet } from '@remix-run/react'
import { StepUploadsSlot } from '#app/features/atelier/components/step-uploads-slot'
import { WizardStep } from '#app/features/atelier/components/wizard-step'
import { guard, requireCsrf } from '#app/platform/session.server'
import { filesFormAction, stepFilesData, uploadFormAction } from '#app/features/atelier/step-files.server'
import { isStyleStep, type StyleStep } from '#app/features/atelier/style-steps'
import { notApplicableAction, wizardStepData } from '#app/features/atelier/wizard-step.server'

function stepOf(value: string | undefined): StyleStep {
  if (!isStyleStep(value)) throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  return value
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const url = new URL(request.url)
  const data = await wizardStepData(context, actor, params, stepOf(params.step), url)
  const address = { brandKey: data.brandKey, styleKey: data.style.key, step: data.step, tab: data.tab }
  return json({ ...data, files: await stepFilesData(context, actor, address, url, null, data.canEdit) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard(request, context)
  const step = stepOf(params.step)
  const url = new URL(request.url)
  const data = await wizardStepData(context, actor, params, step, url)
  const address = { brandKey: data.brandKey, styleKey: data.style.key, step, tab: data.tab }
  // The upload form streams its files; its token is checked before the first file is kept.
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
    return uploadFormAction(request, context, actor, address)
  }
  const formData = await request.formData()
  await requireCsrf(request, context, formData)
  if (formData.has('intent')) return filesFormAction(request, context, actor, address, formData)
  return notApplicableAction(request, context, actor, params, step, formData)
}

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
