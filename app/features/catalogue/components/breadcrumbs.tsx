// Breadcrumbs of a catalogue page: brand › line › collection, each a link into the products list
// filtered by it (catalogue.md §2).
import { Link } from '@remix-run/react'

export function CatalogueBreadcrumbs({
  brand,
  line,
  collection,
}: {
  brand: { key: string; name: string }
  line: { key: string; name: string } | null
  collection: { key: string; name: string } | null
}) {
  const products = `/brand/${brand.key}/products`
  const crumbs = [
    { to: `/brand/${brand.key}`, label: brand.name },
    ...(line ? [{ to: `${products}?lines=${encodeURIComponent(line.key)}`, label: line.name }] : []),
    ...(collection
      ? [{ to: `${products}?collections=${encodeURIComponent(collection.key)}`, label: collection.name }]
      : []),
  ]
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, i) => (
          <li key={crumb.to} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            <Link to={crumb.to} className="hover:text-ink hover:underline">
              {crumb.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  )
}
