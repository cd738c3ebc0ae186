// The cards' own address: nothing over them. Its action ticks or clears a type's "No additional
// {title}? Click checkmark".
import { type ActionFunctionArgs } from '@remix-run/node'
import { materialPage } from '#app/lib/material-pages.server'
import { redirectWithToast, requireCsrf, run } from '#app/lib/session.server'
import { setMaterialTypeChecked } from '#app/services/materials.server'

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params)
  const form = await request.formData()
  await requireCsrf(request, context, form)
  await run(() =>
    setMaterialTypeChecked(context.deps, page.actor, page.style.key, form.get('type'), form.get('checked') === 'true'),
  )
  return redirectWithToast(request, context, page.base, { kind: 'success', message: 'Change saved successfully' })
}

export default function MaterialsCardsOnly() {
  return null
}
