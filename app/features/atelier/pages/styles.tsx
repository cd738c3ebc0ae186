// `/brand/{id}/atelier`: the virtual atelier's list of styles (atelier.md §1). A card per style,
// picture first (its newest sample), with its progress and its samples' statuses; a search by
// name or number and pages that work without JavaScript. The listings view is one click away, and
// the samples' statuses stay current while the page is open.
import { StepsDone } from '#app/features/atelier/components'
import { sampleStatusTone } from '../sample-status'
import { useRefresh, useStyleRooms } from '../components/use-style-room'
import { Button, ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Badge, EmptyState } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import type { loader } from './styles.server'

export const meta: MetaFunction = () => [{ title: 'Virtual Atelier · Brand Portal' }]
export const handle: FrameHandle = { title: 'Virtual Atelier' }

type Data = ReturnType<typeof useLoaderData<typeof loader>>

export default function AtelierStyles() {
  const { brandKey, list } = useLoaderData<typeof loader>()
  const base = `/brand/${brandKey}/atelier`
  const refresh = useRefresh()
  useStyleRooms(
    list.rows.map((row) => row.key),
    { onChange: refresh, onCatchUp: refresh },
  )
  const pageHref = (page: number) => {
    const query = new URLSearchParams()
    if (list.search) query.set('search', list.search)
    if (page > 1) query.set('page', String(page))
    const text = query.toString()
    return text ? `${base}?${text}` : base
  }
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1 className="font-display text-2xl">Styles</h1>
          <p className="text-sm text-muted" data-testid="style-count">
            {list.total === 1 ? '1 style' : `${list.total} styles`}
            {list.search ? ` matching “${list.search}”` : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Form method="get" action={base} role="search" className="flex items-center gap-2">
            <label htmlFor="style-search" className="sr-only">
              Search styles by name or number
            </label>
            <input
              id="style-search"
              name="search"
              type="search"
              defaultValue={list.search}
              placeholder="Search styles"
              maxLength={100}
              className="w-56 rounded-md border border-line px-3 py-1.5 text-sm"
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </Form>
          <ButtonLink variant="secondary" to={`${base}/listings`}>
            Listings view
          </ButtonLink>
        </div>
      </header>

      {list.rows.length === 0 ? (
        <EmptyState title={list.search ? 'No style matches this search.' : 'No styles yet'}>
          {list.search ? (
            <Link to={base} className="underline underline-offset-4">
              Show all styles
            </Link>
          ) : (
            'Styles come with the products of a spreadsheet import or a listing.'
          )}
        </EmptyState>
      ) : (
        <ul aria-label="Styles" className="grid grid-cols-2 gap-5 md:grid-cols-3 lg:grid-cols-4">
          {list.rows.map((row) => (
            <StyleCard key={row.key} row={row} brandKey={brandKey} />
          ))}
        </ul>
      )}

      {list.pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-center gap-4 text-sm">
          {list.page > 1 ? (
            <Link to={pageHref(list.page - 1)} className="underline underline-offset-4">
              Previous
            </Link>
          ) : null}
          <span className="text-muted">
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages ? (
            <Link to={pageHref(list.page + 1)} className="underline underline-offset-4">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}

function StyleCard({ row, brandKey }: { row: Data['list']['rows'][number]; brandKey: string }) {
  const href = `/brand/${brandKey}/style/${row.key}`
  return (
    <li data-testid="style-card" data-key={row.key} className="flex min-w-0 flex-col gap-2">
      <Link
        to={href}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-[3/4] overflow-hidden rounded-md border border-line bg-canvas"
      >
        {row.latestSample?.thumbnail ? (
          <img src={row.latestSample.thumbnail} alt="" className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <span className="flex h-full items-center justify-center p-4 text-center text-xs text-muted">
            No virtual sample yet
          </span>
        )}
      </Link>
      <div className="min-w-0">
        <Link to={href} className="block truncate font-medium hover:underline" title={row.name}>
          {row.name}
        </Link>
        <p className="truncate whitespace-nowrap text-xs text-muted" title={row.number}>
          {row.number}
        </p>
      </div>
      <StepsDone complete={row.progress.complete} total={row.progress.total} />
      {row.sampleStatuses.length > 0 ? (
        <ul aria-label={`Samples of ${row.name}`} className="flex flex-wrap gap-1" data-testid="sample-statuses">
          {row.sampleStatuses.map(({ status, count }) => (
            <li key={status}>
              <Badge tone={sampleStatusTone(status)}>{`${count} ${status}`}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}
