// Collections as cards or table rows (catalogue.md §2 "Collections"): each links to the products
// list filtered by it and shows its season and year; Edit shows for those who may edit.
import { Link } from '@remix-run/react'
import { seasonLabel } from '#app/features/catalogue/schemas'

export interface CollectionItem {
  key: string
  name: string
  season: string
  year: number
}

const productsOf = (brandKey: string, key: string) =>
  `/brand/${brandKey}/products?collections=${encodeURIComponent(key)}`

export function CollectionCards({
  brandKey,
  collections,
  mayEdit = false,
  label = 'Collections',
}: {
  brandKey: string
  collections: readonly CollectionItem[]
  mayEdit?: boolean
  label?: string
}) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {collections.map((collection) => (
        <li key={collection.key} className="flex flex-col rounded-lg border border-line bg-white">
          <Link
            to={productsOf(brandKey, collection.key)}
            className="flex flex-1 flex-col gap-1 p-5 hover:bg-black/[0.02]"
          >
            <span className="text-xs uppercase tracking-wide text-muted">
              {seasonLabel(collection.season)} {collection.year}
            </span>
            <span className="text-lg font-medium">{collection.name}</span>
          </Link>
          {mayEdit ? (
            <div className="border-t border-line px-5 py-2 text-right text-sm">
              <Link to={`/brand/${brandKey}/collection/${collection.key}/edit`} className="underline">
                Edit<span className="sr-only"> {collection.name}</span>
              </Link>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function CollectionTable({
  brandKey,
  collections,
  mayEdit = false,
  label = 'Collections',
}: {
  brandKey: string
  collections: readonly CollectionItem[]
  mayEdit?: boolean
  label?: string
}) {
  return (
    <div className="rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th className="px-4 py-3 font-medium">Name</th>
            <th className="w-40 px-4 py-3 font-medium">Season</th>
            <th className="w-24 px-4 py-3 font-medium">Year</th>
            <th className="w-20 px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {collections.map((collection) => (
            <tr key={collection.key}>
              <td className="px-4 py-3 font-medium">
                <Link to={productsOf(brandKey, collection.key)} className="hover:underline">
                  {collection.name}
                </Link>
              </td>
              <td className="px-4 py-3 text-muted">{seasonLabel(collection.season)}</td>
              <td className="px-4 py-3 text-muted">{collection.year}</td>
              <td className="px-4 py-3 text-right">
                {mayEdit ? (
                  <Link to={`/brand/${brandKey}/collection/${collection.key}/edit`} className="underline">
                    Edit<span className="sr-only"> {collection.name}</span>
                  </Link>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
