// The server side of materials.tsx: what its route loads and does.
import { materialPage } from '#app/features/atelier/material-pages.server'
import { MATERIAL_SAVED_MESSAGE } from '#app/features/atelier/materials'
import { materialCards, setMaterialTypeChecked } from '#app/features/atelier/materials.server'
import { notApplicableAction, wizardStepData } from '#app/features/atelier/wizard-step.server'
import { redirectWithToast, requireCsrf, run } from '#app/platform/session.server'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { brandPage } from '#app/platform/access/permissions'

// spec: not shown beyond the general brand rule; any grant on the brand
export const access = brandPage('brand.view')

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await materialPage(request, context, params, access)
  const { cards, mayChange } = await run(() => materialCards(context.deps, page.actor, page.style.key))
  const shell = await wizardStepData(context, page.actor, params, 'materials', new URL(request.url))
  return json({ base: page.base, style: page.style, cards, mayChange, shell })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params, access)
  const form = await request.formData()
  await requireCsrf(request, context, form)
  if (form.has('notapplicable')) return notApplicableAction(request, context, page.actor, params, 'materials', form)
  await run(() =>
    setMaterialTypeChecked(context.deps, page.actor, page.style.key, form.get('type'), form.get('checked') === 'true'),
  )
  return redirectWithToast(request, context, page.base, { kind: 'success', message: MATERIAL_SAVED_MESSAGE })
}
