// One listing on its own page (catalogue.md §2 "Listing detail page", §7 listing model calls):
// read it with what the page shows around it (breadcrumbs, categories, images, look navigation),
// update its fields, delete it. Reading needs `listing.view`, changing it `listing.edit`; someone
// without a grant on its brand finds nothing (docs/decisions/007). Field rules: app/platform/listing.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm'
import { brands, categories, collections, lines, listings, styles } from '#db/schema'
import { AppError, notFound } from '#app/platform/errors'
import { allows } from '#app/platform/access/abilities'
import { LISTING_MESSAGES, ListingUpdateSchema } from '#app/features/catalogue/listing-schemas'
import { requireAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { parseOrThrow } from '#app/platform/validation.server'
import { listingImages } from '#app/features/media/index.server'
import { reportError } from '#app/infra/error-reporting.server'
import type { Actor } from '#app/platform/access/actor'

type ListingRow = typeof listings.$inferSelect

/** The Listing entity as the API answers it (catalogue.md §3). */
export function toListingView(
  row: ListingRow,
  names: { category_names?: string[]; line_name?: string | null; collection_name?: string | null } = {},
) {
  return {
    key: row.key,
    KIND: 'Listing' as const,
    brand: row.brandKey,
    style: row.styleKey,
    style_name: row.styleName,
    style_number: row.styleNumber,
    sku: row.sku,
    upc: row.upc,
    look_number: row.lookNumber,
    size: row.size,
    size_description: row.sizeDescription,
    color: row.color,
    categories: row.categories,
    category_names: names.category_names ?? [],
    line: row.lineKey,
    line_name: names.line_name ?? null,
    collection: row.collectionKey,
    collection_name: names.collection_name ?? null,
    department: row.department,
    units: row.units,
    status: row.status,
    addition: row.addition,
    materials: row.materials,
    description: row.description,
    media: row.media,
    listing_unique_id: row.listingUniqueId,
    wholesale_prices: row.wholesalePrices,
    created: row.created.toISOString(),
    modified: row.modified.toISOString(),
  }
}
export type ListingView = ReturnType<typeof toListingView>

async function loadListing(deps: ServiceDeps, key: string): Promise<ListingRow> {
  const [row] = await deps.db.select().from(listings).where(eq(listings.key, key)).limit(1)
  if (!row) throw notFound('Listing')
  return row
}

/** A brand named by the caller (the page's address, the API's `brand`) must be the listing's own. */
function requireSameBrand(listingBrand: string, brandKey: string | undefined) {
  if (brandKey !== undefined && brandKey !== listingBrand) throw notFound('Listing')
}

async function categoryNames(deps: ServiceDeps, brandKey: string, keys: readonly string[]) {
  if (keys.length === 0) return []
  const rows = await deps.db
    .select({ key: categories.key, name: categories.name })
    .from(categories)
    .where(and(eq(categories.brandKey, brandKey), inArray(categories.key, [...keys])))
  const byKey = new Map(rows.map((row) => [row.key, row.name]))
  return keys.map((key) => byKey.get(key)).filter((name): name is string => Boolean(name))
}

async function placeNames(deps: ServiceDeps, row: ListingRow) {
  const [line] = row.lineKey
    ? await deps.db.select({ key: lines.key, name: lines.name }).from(lines).where(eq(lines.key, row.lineKey))
    : []
  const [collection] = row.collectionKey
    ? await deps.db
        .select({ key: collections.key, name: collections.name })
        .from(collections)
        .where(eq(collections.key, row.collectionKey))
    : []
  return { line: line ?? null, collection: collection ?? null }
}

/** GET /api/listing/model/{id}. */
export async function getListing(
  deps: ServiceDeps,
  actor: Actor,
  key: string,
  brandKey?: string,
): Promise<ListingView> {
  await requireAbility(deps, actor, 'listing.view', { model: 'Listing', key })
  const row = await loadListing(deps, key)
  requireSameBrand(row.brandKey, brandKey)
  const places = await placeNames(deps, row)
  return toListingView(row, {
    category_names: await categoryNames(deps, row.brandKey, row.categories),
    line_name: places.line?.name ?? null,
    collection_name: places.collection?.name ?? null,
  })
}

export interface LookPosition {
  /** 1-based place of this listing's look among the collection's looks. */
  n: number
  total: number
  previous: string | null
  next: string | null
}

/**
 * "Look n / total" (catalogue.md §2): the listing's look among the distinct look numbers of its
 * collection, with the first listing of the neighbouring looks (wrapping around). Null when the
 * listing has no look number or no collection: the navigation is then not shown.
 */
async function lookPosition(deps: ServiceDeps, row: ListingRow): Promise<LookPosition | null> {
  if (row.lookNumber === null || !row.collectionKey) return null
  const rows = await deps.db
    .selectDistinctOn([listings.lookNumber], { key: listings.key, look: listings.lookNumber })
    .from(listings)
    .where(
      and(
        eq(listings.brandKey, row.brandKey),
        eq(listings.collectionKey, row.collectionKey),
        isNotNull(listings.lookNumber),
      ),
    )
    .orderBy(asc(listings.lookNumber), asc(listings.key))
  const index = rows.findIndex((look) => look.look === row.lookNumber)
  if (index === -1) return null
  const total = rows.length
  return {
    n: index + 1,
    total,
    previous: total > 1 ? rows[(index - 1 + total) % total]!.key : null,
    next: total > 1 ? rows[(index + 1) % total]!.key : null,
  }
}

/** The brand's categories by name, or null when they could not be read (reported, not thrown). */
async function categoriesOfBrand(deps: ServiceDeps, brandKey: string) {
  try {
    return await deps.db
      .select({ key: categories.key, name: categories.name })
      .from(categories)
      .where(eq(categories.brandKey, brandKey))
      .orderBy(asc(categories.name))
  } catch (error) {
    reportError(error, { msg: 'categories load failure', brandKey })
    return null
  }
}

/** What the listing page shows (catalogue.md §2 "Listing detail page"). */
export async function getListingDetail(deps: ServiceDeps, actor: Actor, key: string, brandKey: string) {
  const access = await requireAbility(deps, actor, 'listing.view', { model: 'Listing', key })
  const row = await loadListing(deps, key)
  requireSameBrand(row.brandKey, brandKey)
  const [brand] = await deps.db
    .select({ key: brands.key, name: brands.name })
    .from(brands)
    .where(eq(brands.key, row.brandKey))
  const places = await placeNames(deps, row)
  const [style] = row.styleKey
    ? await deps.db
        .select({ key: styles.key, name: styles.name, number: styles.number })
        .from(styles)
        .where(eq(styles.key, row.styleKey))
    : []
  const brandCategories = await categoriesOfBrand(deps, row.brandKey)
  const nameOf = new Map((brandCategories ?? []).map((category) => [category.key, category.name]))
  const names = row.categories.map((key) => nameOf.get(key)).filter((name): name is string => Boolean(name))
  return {
    listing: toListingView(row, {
      category_names: names,
      line_name: places.line?.name ?? null,
      collection_name: places.collection?.name ?? null,
    }),
    brand: brand!,
    line: places.line,
    collection: places.collection,
    style: style ?? null,
    images: listingImages(deps, row.media),
    look: await lookPosition(deps, row),
    /** Every category of the brand, for the edit form's choices. */
    categories: brandCategories ?? [],
    /** catalogue.md §8: the categories could not be read; the rest of the page stands. */
    categoriesError: brandCategories ? null : LISTING_MESSAGES.categoriesFailed,
    canEdit: allows('listing.edit', access.grant),
  }
}
export type ListingDetail = Awaited<ReturnType<typeof getListingDetail>>

/** PUT /api/listing/model/{key} and the page's edit form: only the fields given change. */
export async function updateListing(
  deps: ServiceDeps,
  actor: Actor,
  key: string,
  input: unknown,
): Promise<ListingView> {
  const value = parseOrThrow(ListingUpdateSchema, input)
  await requireAbility(deps, actor, 'listing.edit', { model: 'Listing', key })
  const row = await loadListing(deps, key)
  requireSameBrand(row.brandKey, value.brand)

  if (value.categories?.length) {
    const known = await deps.db
      .select({ key: categories.key })
      .from(categories)
      .where(and(eq(categories.brandKey, row.brandKey), inArray(categories.key, value.categories)))
    const found = new Set(known.map((category) => category.key))
    const unknown = value.categories.find((category) => !found.has(category))
    if (unknown !== undefined) {
      const message = LISTING_MESSAGES.unknownCategory(unknown)
      throw new AppError('ValidationError', `categories: ${message}`, { categories: [message] })
    }
  }

  const changes: Partial<typeof listings.$inferInsert> = {}
  if (value.style_name !== undefined) changes.styleName = value.style_name
  // The style number is required on a listing (spreadsheet rule): clearing it keeps the old one.
  if (value.style_number) changes.styleNumber = value.style_number
  if (value.sku !== undefined) changes.sku = value.sku
  if (value.upc !== undefined) changes.upc = value.upc
  if (value.description !== undefined) changes.description = value.description
  if (value.materials !== undefined) changes.materials = value.materials
  if (value.department !== undefined) changes.department = value.department
  if (value.units !== undefined) changes.units = value.units
  if (value.size_description !== undefined) changes.sizeDescription = value.size_description
  if (value.categories !== undefined) changes.categories = value.categories ?? []
  if (value.color_name !== undefined || value.color_code !== undefined || value.color_hex !== undefined) {
    const color = { ...row.color }
    const set = (field: 'name' | 'code' | 'hexCode', next: string | null | undefined) => {
      if (next === undefined) return
      if (next === null) delete color[field]
      else color[field] = next
    }
    set('name', value.color_name)
    set('code', value.color_code)
    set('hexCode', value.color_hex)
    changes.color = color
  }
  if (value.size_name !== undefined) {
    const size = { ...row.size }
    if (value.size_name === null) delete size.name
    else size.name = value.size_name
    changes.size = size
  }

  const [updated] = await deps.db
    .update(listings)
    .set({ ...changes, modified: new Date() })
    .where(eq(listings.key, row.key))
    .returning()
  const places = await placeNames(deps, updated!)
  return toListingView(updated!, {
    category_names: await categoryNames(deps, updated!.brandKey, updated!.categories),
    line_name: places.line?.name ?? null,
    collection_name: places.collection?.name ?? null,
  })
}

/** DELETE /api/listing/model/{id} and the page's Delete: gone for good (the spec says so). */
export async function deleteListing(
  deps: ServiceDeps,
  actor: Actor,
  key: string,
  brandKey?: string,
): Promise<{ key: string; brand: string }> {
  await requireAbility(deps, actor, 'listing.edit', { model: 'Listing', key })
  const row = await loadListing(deps, key)
  requireSameBrand(row.brandKey, brandKey)
  await deps.db.delete(listings).where(eq(listings.key, row.key))
  return { key: row.key, brand: row.brandKey }
}
