// `/brand/{id}/lines/{line}/info`: the Info row action, a dialog over the lines list with the
// line's name, description, number of collections and dates.
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { formatWhen } from '#app/platform/format'
import { guard, run } from '#app/platform/session.server'
import { listLineCollections } from '#app/features/catalogue/collections.server'
import { getLine } from '#app/features/catalogue/lines.server'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const line = await run(() => getLine(context.deps, actor, params.lineKey!, params.brandKey!))
  const collections = await run(() => listLineCollections(context.deps, actor, line.key, line.brand))
  return json({ brandKey: params.brandKey!, line, collections: collections.length })
}

export default function LineInfo() {
  const { brandKey, line, collections } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const closeTo = `/brand/${brandKey}/lines${search}`
  return (
    <RouteDialog title={line.name} closeTo={closeTo}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="text-muted">Description</dt>
        <dd className="whitespace-pre-line">{line.description || 'No description'}</dd>
        <dt className="text-muted">Collections</dt>
        <dd>{collections}</dd>
        <dt className="text-muted">Created</dt>
        <dd>{formatWhen(line.created)}</dd>
        <dt className="text-muted">Updated</dt>
        <dd>{formatWhen(line.modified)}</dd>
      </dl>
      <div className="mt-6 flex justify-end gap-2">
        <Link to={closeTo} className={buttonClass('secondary')} preventScrollReset>
          Close
        </Link>
        <Link to={`/brand/${brandKey}/line/${line.key}`} className={buttonClass('primary')}>
          Open line
        </Link>
      </div>
    </RouteDialog>
  )
}
