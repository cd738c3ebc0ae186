// `/brand/{id}/line/{line}/collections`: the collections of one line, as a list (default) or
// cards, with its own Create New Collection (the line preset) for owners.
import { CollectionCards, CollectionTable } from '#app/features/catalogue/components/collection-list'
import { useListView, ViewToggle } from '#app/features/catalogue/components/view-toggle'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { EmptyState } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './line-collections-layout.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.line.name ?? 'Line'} collections · Brand Portal` },
]

export const handle: FrameHandle = {
  title: (data) => `${(data as { line?: { name: string } } | undefined)?.line?.name ?? 'Line'} · Collections`,
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/line/${params.lineKey ?? ''}`,
}

export default function LineCollections() {
  const { brandKey, line, collections, canCreate, mayEdit } = useLoaderData<typeof loader>()
  const view = useListView()
  const { search } = useLocation()
  const base = `/brand/${brandKey}/line/${line.key}`
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={`/brand/${brandKey}/lines`} className="hover:underline">
          Lines
        </Link>{' '}
        &gt;{' '}
        <Link to={base} className="hover:underline">
          {line.name}
        </Link>{' '}
        &gt; <span className="text-ink">Collections</span>
      </nav>
      <div className="flex flex-wrap items-center gap-3" data-testid="filter-bar">
        <h2 className="text-lg font-medium">{line.name}</h2>
        <span className="text-sm text-muted">{collections.length}</span>
        <div className="ml-auto flex items-center gap-2">
          <ViewToggle />
          {canCreate ? (
            <ButtonLink to={`${base}/collections/create${search}`} preventScrollReset>
              Create New Collection
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {collections.length === 0 ? (
        <EmptyState title="No collections in this line yet">
          {canCreate ? 'Create a collection with its season and year.' : 'Collections of this line will show here.'}
        </EmptyState>
      ) : view === 'card' ? (
        <CollectionCards brandKey={brandKey} collections={collections} mayEdit={mayEdit} label={line.name} />
      ) : (
        <CollectionTable brandKey={brandKey} collections={collections} mayEdit={mayEdit} label={line.name} />
      )}
      <Outlet />
    </div>
  )
}
