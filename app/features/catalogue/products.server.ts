// A style and "the product" (catalogue.md §2 "Static product detail mock", §7 style and product
// model calls). A product is a style seen from the catalogue: its name, number and status, where
// it sits (collection, line), and the listings made from it, whose photos are its looks
// (docs/decisions/072). Reading needs `listing.view` on the style; no grant reads as not found.
import { and, asc, eq, inArray } from 'drizzle-orm'
import { categories, collections, lines, listings, styles } from '#db/schema'
import { notFound } from '#app/platform/errors'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { toListingView } from './listing-edit.server'
import { listingImages, type ListingImage } from '#app/features/media/index.server'
import type { Actor } from '#app/platform/access/actor'

async function loadStyle(deps: ServiceDeps, actor: Actor, key: string, brandKey?: string) {
  await requireAbility(deps, actor, 'listing.view', { model: 'Style', key })
  const [row] = await deps.db
    .select({
      style: styles,
      collectionName: collections.name,
      collectionSeason: collections.season,
      collectionYear: collections.year,
      lineKey: lines.key,
      lineName: lines.name,
    })
    .from(styles)
    .leftJoin(collections, eq(collections.key, styles.collectionKey))
    .leftJoin(lines, eq(lines.key, collections.lineKey))
    .where(eq(styles.key, key))
    .limit(1)
  if (!row || (brandKey !== undefined && row.style.brandKey !== brandKey)) throw notFound('Style')
  return row
}

function toStyleView(row: Awaited<ReturnType<typeof loadStyle>>) {
  return {
    key: row.style.key,
    KIND: 'Style' as const,
    brand: row.style.brandKey,
    name: row.style.name,
    number: row.style.number,
    status: row.style.status,
    collection: row.style.collectionKey,
    collection_name: row.collectionName,
    line: row.lineKey,
    line_name: row.lineName,
    created: row.style.created.toISOString(),
    modified: row.style.modified.toISOString(),
  }
}
export type StyleView = ReturnType<typeof toStyleView>

export interface ProductLook {
  /** The look number when the listing has one. */
  look: number | null
  listing: string
  image: ListingImage
}

/** GET /api/product/model/{id} and the product page: the style with its listings and looks. */
export async function getProduct(deps: ServiceDeps, actor: Actor, key: string, brandKey?: string) {
  const row = await loadStyle(deps, actor, key, brandKey)
  const rows = await deps.db
    .select()
    .from(listings)
    .where(and(eq(listings.brandKey, row.style.brandKey), eq(listings.styleKey, row.style.key)))
    .orderBy(asc(listings.lookNumber), asc(listings.styleName), asc(listings.key))
  const categoryKeys = [...new Set(rows.flatMap((listing) => listing.categories))]
  const named = categoryKeys.length
    ? await deps.db
        .select({ key: categories.key, name: categories.name })
        .from(categories)
        .where(and(eq(categories.brandKey, row.style.brandKey), inArray(categories.key, categoryKeys)))
    : []
  const names = new Map(named.map((category) => [category.key, category.name]))
  const looks: ProductLook[] = rows.flatMap((listing) =>
    listingImages(deps, listing.media).map((image) => ({ look: listing.lookNumber, listing: listing.key, image })),
  )
  const distinct = <T>(values: (T | null | undefined)[]) => [
    ...new Set(values.filter((value): value is T => value !== null && value !== undefined && value !== '')),
  ]
  return {
    ...toStyleView(row),
    KIND: 'Product' as const,
    season: row.collectionSeason,
    year: row.collectionYear,
    listings: rows.map((listing) =>
      toListingView(listing, {
        category_names: listing.categories.map((category) => names.get(category)).filter((n): n is string => !!n),
        line_name: row.lineName,
        collection_name: row.collectionName,
      }),
    ),
    looks,
    category_names: distinct(categoryKeys.map((category) => names.get(category))),
    colours: distinct(rows.map((listing) => listing.color.name)),
    sizes: distinct(rows.map((listing) => listing.size.name)),
    materials: distinct(rows.map((listing) => listing.materials)),
    departments: distinct(rows.map((listing) => listing.department)),
    description: rows.find((listing) => listing.description)?.description ?? null,
    wholesale_prices: rows.find((listing) => listing.wholesalePrices.length)?.wholesalePrices ?? [],
  }
}
export type ProductView = Awaited<ReturnType<typeof getProduct>>
