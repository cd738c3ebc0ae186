// `/brand/{key}/products/quick/{listing}`: Quick View over the products list (catalogue.md §2):
// the listing's main facts and View Full Details. A modal route, so it opens without JavaScript.
import { StatusBadges, Thumbnail } from '#app/features/catalogue/components/products-list'
import { buttonClass } from '#app/ui/button'
import { RouteDialog } from '#app/ui/dialog'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './products-list-quick.server'

export default function QuickView() {
  const { listing, closeTo, brandKey } = useLoaderData<typeof loader>()
  const facts: [string, string | number | null | undefined][] = [
    ['Garment', listing.category_names.join(', ')],
    ['Department', listing.department],
    ['Sizing', listing.size.name ?? listing.size_description],
    ['Style No', listing.style_number],
    ['Colour', listing.color.name],
    ['Colour code', listing.color.code],
    ['SKU', listing.sku],
    ['Units', listing.units],
  ]
  return (
    <RouteDialog title="Quick View" closeTo={closeTo}>
      <div className="flex gap-5" data-testid="quick-view">
        <Thumbnail row={listing} className="w-32 shrink-0" />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold">{listing.style_name}</p>
          <div className="mt-1">
            <StatusBadges row={listing} />
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd>{value ?? '—'}</dd>
              </div>
            ))}
            <dt className="text-muted">Status</dt>
            <dd>{listing.status}</dd>
          </dl>
        </div>
      </div>
      <div className="mt-5 flex justify-end">
        <Link to={`/brand/${brandKey}/products/listing/${listing.key}`} className={buttonClass('primary')}>
          View Full Details
        </Link>
      </div>
    </RouteDialog>
  )
}
