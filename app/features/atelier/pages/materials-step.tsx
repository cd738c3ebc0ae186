// `/brand/{id}/style/{style}/materials/{type}/{step}` (atelier.md §2): `summary` lists the style's
// materials of the type, newest modified first; `add` is New {type} and `edit?key=` Edit {type}.
// Saving returns to the type's list with a toast; a refusal shows the form again with its fields
// and §8's message. (`upload`, the Media Library, is its own route over the cards.)
import { MaterialForm, MaterialList } from '#app/features/atelier/components/materials'
import { materialTitle } from '#app/features/atelier/materials'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import type { action, loader } from './materials-step.server'

export const meta: MetaFunction = () => [{ title: 'Materials · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Virtual Atelier',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/style/${params.styleKey ?? ''}/materials`,
}

export default function MaterialStep() {
  const data = useLoaderData<typeof loader>()
  const refused = useActionData<typeof action>()
  const title = materialTitle(data.type)
  if (data.step === 'summary') {
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center gap-3">
          <div>
            <Crumb base={data.base} style={data.style} />
            <h2 className="text-lg font-semibold">{title}</h2>
          </div>
          {data.mayChange ? (
            <div className="ml-auto flex gap-2">
              <ButtonLink variant="secondary" to={`${data.base}/${data.type}/upload`}>
                Add {title}
              </ButtonLink>
              <ButtonLink to={`${data.base}/${data.type}/add`}>New {title}</ButtonLink>
            </div>
          ) : null}
        </div>
        <MaterialList base={data.base} type={data.type} materials={data.materials} mayChange={data.mayChange} />
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-2">
      <Crumb base={data.base} style={data.style} />
      <MaterialForm
        key={`${data.step}:${data.values?.name ?? ''}`}
        heading={`${data.step === 'add' ? 'New' : 'Edit'} ${title}`}
        values={refused?.values ?? data.values!}
        images={data.images}
        errors={refused?.errors ?? {}}
        formError={refused?.formError ?? null}
        cancelTo={`${data.base}/${data.type}/summary`}
      />
    </div>
  )
}

function Crumb({ base, style }: { base: string; style: { name: string; number: string } }) {
  return (
    <p className="text-sm text-muted">
      <Link to={base} className="underline">
        Materials
      </Link>{' '}
      · {style.name} · {style.number}
    </p>
  )
}
