// `/brand/{id}/products/{product_model_id}`: the product detail page (catalogue.md §2 "Static
// product detail mock"): a look gallery with View Larger and accordions, showing the product's own
// data (docs/decisions/072: a product is a style with its listings). An id that names no product of
// the brand is not found.
import { CatalogueBreadcrumbs } from '#app/features/catalogue/components/breadcrumbs'
import { Gallery, galleryImages, imageIndex } from '#app/features/catalogue/components/gallery'
import { Accordion, ColourSwatch, InfoRows } from '#app/features/catalogue/components/listing-info'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Badge } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import type { loader } from './product.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && 'product' in data ? data.product.name : 'Products'} · Brand Portal` },
]

export const handle: FrameHandle = {
  title: 'Products',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}/products`,
}

export default function ProductPage() {
  const data = useLoaderData<typeof loader>()
  const location = useLocation()
  const { brand, product } = data
  const base = `/brand/${brand.key}/products/${product.key}`
  const images = galleryImages(product.looks.map((look) => look.image))
  const index = imageIndex(location.search, images.length)
  const prices = product.wholesale_prices.map((price) => `${price.number.toFixed(2)} ${price.currency}`).join(', ')
  const current = product.looks[index]
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <CatalogueBreadcrumbs
        brand={brand}
        line={product.line && product.line_name ? { key: product.line, name: product.line_name } : null}
        collection={
          product.collection && product.collection_name
            ? { key: product.collection, name: product.collection_name }
            : null
        }
      />
      <div className="grid gap-8 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <Gallery
          images={images}
          index={index}
          hrefFor={(n) => `${base}?image=${n}`}
          largerHref={`${base}/larger?image=${index + 1}`}
          aside={current?.look ? <span className="text-muted">Look {current.look}</span> : null}
        />
        <section className="flex flex-col gap-5" aria-labelledby="product-heading">
          <div className="flex flex-col gap-2">
            <span>
              <Badge tone={product.status === 'draft' ? 'muted' : 'info'}>{product.status}</Badge>
            </span>
            <h1 id="product-heading" className="text-2xl font-semibold tracking-tight">
              {product.name}
            </h1>
            <p className="text-sm text-muted">Style No. {product.number}</p>
          </div>
          {product.category_names.length ? (
            <ul className="flex flex-wrap gap-2" aria-label="Categories">
              {product.category_names.map((name) => (
                <li key={name}>
                  <Badge>{name}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
          <div>
            <ButtonLink to={`/brand/${brand.key}/style/${product.key}`} variant="secondary">
              View in Virtual Atelier
            </ButtonLink>
          </div>
          <div className="flex flex-col gap-3">
            <Accordion title="Details" open>
              <InfoRows
                rows={[
                  ['Style No.', product.number],
                  ['Status', product.status],
                  ['Collection', product.collection_name],
                  ['Season', product.season ? `${seasonLabel(product.season)} ${product.year ?? ''}`.trim() : null],
                  ['Line', product.line_name],
                  ['Department', product.departments.join(', ')],
                  ['Wholesale', prices],
                ]}
              />
            </Accordion>
            <Accordion title="Colours & Sizes">
              <InfoRows
                rows={[
                  ['Colours', product.colours.join(', ')],
                  ['Sizes', product.sizes.join(', ')],
                ]}
              />
            </Accordion>
            <Accordion title="Materials & Description">
              <InfoRows
                rows={[
                  ['Materials', product.materials.join(', ')],
                  ['Description', product.description],
                ]}
              />
            </Accordion>
            <Accordion title={`Listings (${product.listings.length})`}>
              {product.listings.length === 0 ? (
                <p className="text-muted">No listings are available</p>
              ) : (
                <ul className="flex flex-col divide-y divide-line" data-testid="product-listings">
                  {product.listings.map((listing) => (
                    <li key={listing.key} className="flex items-center justify-between gap-3 py-2">
                      <Link
                        to={`/brand/${brand.key}/products/listing/${listing.key}`}
                        className="font-medium hover:underline"
                      >
                        {listing.style_name}
                      </Link>
                      <span className="flex items-center gap-3 text-muted">
                        <ColourSwatch color={listing.color} />
                        <span>{listing.size.name}</span>
                        <span>{listing.sku}</span>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </Accordion>
          </div>
        </section>
      </div>
      <Outlet />
    </div>
  )
}

const SEASONS: Record<string, string> = {
  spring_summer: 'Spring/Summer',
  fall_winter: 'Fall/Winter',
  prefall: 'Prefall',
  resort: 'Resort',
}

function seasonLabel(season: string): string {
  return SEASONS[season] ?? season
}
