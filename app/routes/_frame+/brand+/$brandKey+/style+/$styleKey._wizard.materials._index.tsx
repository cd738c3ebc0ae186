// `/brand/{id}/style/{style}/materials`: the Materials step's cards, one per type, with View, Add
// {type} and the "No additional {title}? Click checkmark" toggle, whose form posts here. The Media
// Library opens over the cards at `{type}/upload`.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { MaterialsCardsPage } from '#app/components/atelier/materials'
import { materialPage } from '#app/lib/material-pages.server'
import { MATERIAL_SAVED_MESSAGE } from '#app/lib/materials'
import { redirectWithToast, requireCsrf, run } from '#app/lib/session.server'
import { materialCards, setMaterialTypeChecked } from '#app/services/materials.server'
import type { FrameHandle } from '#app/routes/_frame+/_layout'

export const meta: MetaFunction = () => [{ title: 'Materials · Brand Portal' }]
export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const page = await materialPage(request, context, params)
  const { cards, mayChange } = await run(() => materialCards(context.deps, page.actor, page.style.key))
  return json({ base: page.base, style: page.style, cards, mayChange })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const page = await materialPage(request, context, params)
  const form = await request.formData()
  await requireCsrf(request, context, form)
  await run(() =>
    setMaterialTypeChecked(context.deps, page.actor, page.style.key, form.get('type'), form.get('checked') === 'true'),
  )
  return redirectWithToast(request, context, page.base, { kind: 'success', message: MATERIAL_SAVED_MESSAGE })
}

export default function MaterialsStep() {
  const data = useLoaderData<typeof loader>()
  return <MaterialsCardsPage {...data} />
}
