// `/brand/{id}/lines`: the brand's lines as a list or cards (`?view=`). Each line links to the
// products list filtered by it; its row menu opens Info and Access (dialog routes below) and its
// collections. Create a line is for owners.
import { useListView, ViewToggle } from '#app/features/catalogue/components/view-toggle'
import { type LineSummary } from '#app/features/catalogue/lines.server'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { EmptyState, Menu } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './lines-layout.server'

export const meta: MetaFunction = () => [{ title: 'Lines · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Lines',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export default function Lines() {
  const { brandKey, lines, canCreate } = useLoaderData<typeof loader>()
  const view = useListView()
  const { search } = useLocation()
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3" data-testid="filter-bar">
        <h2 className="text-lg font-medium">Lines</h2>
        <span className="text-sm text-muted">{lines.length}</span>
        <div className="ml-auto flex items-center gap-2">
          <ViewToggle />
          {canCreate ? (
            <ButtonLink to={`/brand/${brandKey}/lines/create${search}`} preventScrollReset>
              Create a line
            </ButtonLink>
          ) : null}
        </div>
      </div>
      {lines.length === 0 ? (
        <EmptyState title="No lines yet">
          {canCreate
            ? 'Create a line to group the collections of this brand.'
            : 'Lines of this brand will show here once an owner creates them.'}
        </EmptyState>
      ) : view === 'card' ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Lines">
          {lines.map((line) => (
            <li key={line.key} className="flex flex-col rounded-lg border border-line bg-white">
              <Link
                to={`/brand/${brandKey}/products?lines=${encodeURIComponent(line.key)}`}
                className="flex flex-1 flex-col gap-2 p-5 hover:bg-black/[0.02]"
              >
                <span className="text-lg font-medium">{line.name}</span>
                <span className="line-clamp-3 text-sm text-muted">{line.description || 'No description'}</span>
              </Link>
              <div className="flex items-center justify-between border-t border-line px-5 py-2 text-sm text-muted">
                <span>{collectionsLabel(line.collections)}</span>
                <LineMenu brandKey={brandKey} line={line} search={search} />
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-visible rounded-lg border border-line bg-white">
          <table className="w-full text-left text-sm" aria-label="Lines">
            <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
              <tr>
                <th className="px-4 py-3 font-medium">Name</th>
                <th className="px-4 py-3 font-medium">Description</th>
                <th className="px-4 py-3 font-medium">Collections</th>
                <th className="w-12 px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {lines.map((line) => (
                <tr key={line.key}>
                  <td className="px-4 py-3 font-medium">
                    <Link
                      to={`/brand/${brandKey}/products?lines=${encodeURIComponent(line.key)}`}
                      className="hover:underline"
                    >
                      {line.name}
                    </Link>
                  </td>
                  <td className="max-w-md truncate px-4 py-3 text-muted">{line.description}</td>
                  <td className="px-4 py-3 text-muted">{line.collections}</td>
                  <td className="px-4 py-3">
                    <LineMenu brandKey={brandKey} line={line} search={search} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Outlet />
    </div>
  )
}

function collectionsLabel(count: number): string {
  return count === 1 ? '1 collection' : `${count} collections`
}

/** Info, Access, View Collections: links, so the menu works without JavaScript. */
function LineMenu({ brandKey, line, search }: { brandKey: string; line: LineSummary; search: string }) {
  const item = 'block px-4 py-2 hover:bg-black/5'
  return (
    <Menu label={<span aria-hidden="true">⋯</span>} name={`Actions for ${line.name}`}>
      <Link to={`/brand/${brandKey}/lines/${line.key}/info${search}`} className={item} preventScrollReset>
        Info
      </Link>
      <Link to={`/brand/${brandKey}/lines/${line.key}/access${search}`} className={item} preventScrollReset>
        Access
      </Link>
      <Link to={`/brand/${brandKey}/line/${line.key}/collections`} className={item}>
        View Collections
      </Link>
    </Menu>
  )
}
