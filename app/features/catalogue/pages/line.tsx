// `/brand/{id}/line/{line}`: the line page, where creating a line lands. The line's name and
// description, its collections (each linking to its products) and a link to all its products.
import { CollectionCards } from '#app/features/catalogue/components/collection-list'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { EmptyState } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './line.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.line.name ?? 'Line'} · Brand Portal` },
]

export const handle: FrameHandle = {
  title: (data) => (data as { line?: { name: string } } | undefined)?.line?.name ?? 'Line',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/lines`,
}

export default function LinePage() {
  const { brandKey, line, collections, mayEdit, mayCreate } = useLoaderData<typeof loader>()
  const base = `/brand/${brandKey}/line/${line.key}`
  return (
    <div className="flex flex-col gap-8">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={`/brand/${brandKey}/lines`} className="hover:underline">
          Lines
        </Link>{' '}
        &gt; <span className="text-ink">{line.name}</span>
      </nav>
      <header className="flex flex-wrap items-start gap-4">
        <div className="min-w-0 flex-1">
          <h2 className="text-2xl font-semibold">{line.name}</h2>
          <p className="mt-2 max-w-2xl whitespace-pre-line text-muted">{line.description || 'No description yet.'}</p>
        </div>
        <div className="flex items-center gap-2">
          {mayEdit ? (
            <ButtonLink to={`${base}/edit`} variant="secondary">
              Edit line
            </ButtonLink>
          ) : null}
          <ButtonLink to={`/brand/${brandKey}/products?lines=${encodeURIComponent(line.key)}`}>
            View products
          </ButtonLink>
        </div>
      </header>
      <section aria-labelledby="line-collections" className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <h3 id="line-collections" className="text-lg font-medium">
            Collections
          </h3>
          <span className="text-sm text-muted">{collections.length}</span>
          <Link to={`${base}/collections`} className="ml-auto text-sm underline">
            {mayCreate ? 'Manage collections' : 'All collections of this line'}
          </Link>
        </div>
        {collections.length === 0 ? (
          <EmptyState title="No collections in this line yet">
            {mayCreate ? (
              <Link to={`${base}/collections/create`} className="underline">
                Create New Collection
              </Link>
            ) : (
              'Collections of this line will show here.'
            )}
          </EmptyState>
        ) : (
          <CollectionCards brandKey={brandKey} collections={collections} />
        )}
      </section>
    </div>
  )
}
