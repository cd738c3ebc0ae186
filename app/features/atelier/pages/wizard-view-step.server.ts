// The server side of wizard-view-step.tsx: what its route loads and does.
import { stepFilesData } from '#app/features/atelier/step-files.server'
import { isStyleStep, isWizardViewType, stepTab } from '#app/features/atelier/style-steps'
import { getWizardStyle } from '#app/features/atelier/styles.server'
import { guard, run } from '#app/platform/session.server'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

const notFound = () => json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const step = params.step
  const viewType = params.viewType
  if (!isStyleStep(step) || !isWizardViewType(viewType) || !params.viewStep || params.viewStep.length > 200) {
    throw notFound()
  }
  const wizard = await run(() => getWizardStyle(context.deps, actor, params.brandKey!, params.styleKey!))
  const state = wizard.progress.steps.find((candidate) => candidate.key === step)!.state
  const url = new URL(request.url)
  const tab = stepTab(step, url.searchParams.get('tab'))
  const view = { type: viewType, step: params.viewStep }
  const address = { brandKey: params.brandKey!, styleKey: wizard.style.key, step, tab }
  return json({
    brandKey: params.brandKey!,
    styleKey: wizard.style.key,
    canEdit: wizard.canEdit,
    step,
    tab,
    view,
    notApplicable: state === 'notapplicable',
    files: await stepFilesData(context, actor, address, url, view, wizard.canEdit),
  })
}
