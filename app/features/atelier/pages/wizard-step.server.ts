// The server side of wizard-step.tsx: what its route loads and does.
import { filesFormAction, stepFilesData, uploadFormAction } from '#app/features/atelier/step-files.server'
import { isStyleStep, type StyleStep } from '#app/features/atelier/style-steps'
import { notApplicableAction, wizardStepData } from '#app/features/atelier/wizard-step.server'
import { guard, requireCsrf } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

function stepOf(value: string | undefined): StyleStep {
  if (!isStyleStep(value)) throw json({ error: { type: 'NotFound', message: 'Page not found.' } }, { status: 404 })
  return value
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const url = new URL(request.url)
  const data = await wizardStepData(context, actor, params, stepOf(params.step), url)
  const address = { brandKey: data.brandKey, styleKey: data.style.key, step: data.step, tab: data.tab }
  return json({ ...data, files: await stepFilesData(context, actor, address, url, null, data.canEdit) })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
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
