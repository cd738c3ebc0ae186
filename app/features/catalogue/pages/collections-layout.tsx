// `/brand/{id}/collections`: every collection of the brand under its line's heading (those without
// a line under their own), as a list (default) or cards. Create New Collection is for owners.
import { CollectionCards, CollectionTable } from '#app/features/catalogue/components/collection-list'
import { useListView, ViewToggle } from '#app/features/catalogue/components/view-toggle'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { EmptyState } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './collections-layout.server'

export const meta: MetaFunction = () => [{ title: 'Collections · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Collections',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export const NO_LINE_HEADING = 'Without a line'

export default function Collections() {
  const { brandKey, groups, canCreate, mayEdit } = useLoaderData<typeof loader>()
  const view = useListView()
  const { search } = useLocation()
  const total = groups.reduce((sum, group) => sum + group.collections.length, 0)
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" data-testid="filter-bar">
        <h2 className="text-lg font-medium">Collections</h2>
        <span className="text-sm text-muted">{total}</span>
        <div className="ml-auto flex items-center gap-2">
          <ViewToggle />
          {canCreate ? (
            <ButtonLink to={`/brand/${brandKey}/collections/create${search}`} preventScrollReset>
              Create New Collection
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {total === 0 ? (
        <EmptyState title="No collections yet">
          {canCreate
            ? 'Create a collection with its season and year.'
            : 'Collections of this brand will show here once an owner creates them.'}
        </EmptyState>
      ) : (
        groups.map((group) => {
          const heading = group.line?.name ?? NO_LINE_HEADING
          return (
            <section key={group.line?.key ?? 'none'} aria-label={heading} className="flex flex-col gap-3">
              <div className="flex items-baseline gap-3">
                <h3 className="text-base font-semibold">{heading}</h3>
                {group.line ? (
                  <Link to={`/brand/${brandKey}/line/${group.line.key}`} className="text-sm text-muted underline">
                    Open line
                  </Link>
                ) : null}
              </div>
              {view === 'card' ? (
                <CollectionCards
                  brandKey={brandKey}
                  collections={group.collections}
                  mayEdit={mayEdit}
                  label={heading}
                />
              ) : (
                <CollectionTable
                  brandKey={brandKey}
                  collections={group.collections}
                  mayEdit={mayEdit}
                  label={heading}
                />
              )}
            </section>
          )
        })
      )}
      <Outlet />
    </div>
  )
}
