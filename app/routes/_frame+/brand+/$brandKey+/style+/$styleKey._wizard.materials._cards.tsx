// `/brand/{id}/style/{style}/materials`: the Materials step's cards, one per type, with View, Add
// {type} and the "No additional {title}? Click checkmark" toggle. The Media Library opens over it
// as a child route (`{type}/upload`).
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { MaterialCards } from '#app/components/atelier/materials'
import { materialPage } from '#app/lib/material-pages.server'
import { run } from '#app/lib/session.server'
import { materialCards } from '#app/services/materials.server'
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

export default function MaterialsStep() {
  const { base, style, cards, mayChange } = useLoaderData<typeof loader>()
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="text-sm text-muted">
          {style.name} · {style.number}
        </p>
        <h2 className="text-lg font-semibold">Materials</h2>
      </div>
      <MaterialCards base={base} cards={cards} mayChange={mayChange} />
      <Outlet />
    </div>
  )
}
