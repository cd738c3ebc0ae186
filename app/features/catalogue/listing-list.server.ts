// The products list: a page of listings by filter, search and facets, and the brand's count.
import { type ListingFilter } from '#app/features/catalogue/listing-filter'
import { firstThumbnail } from '#app/features/media/index.server'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { rowsOf } from '#db/rows'
import { readColumns, type ColumnRead, type ColumnValues } from '#app/platform/columns.server'
import { categories, collections, lines, listingCounts, listingFacets, listings } from '#db/schema'
import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm'
import { toListingView as toListingEntity, type ListingView as ListingEntity } from './listing-edit.server'
import type { Actor } from '#app/platform/access/actor'

/** A listing as the list shows it: the Listing entity and the thumbnail of its first photo. */
export type ListingView = ListingEntity & {
  /** The first image's `_300x400` variant (a signed address), or null when it has no image yet. */
  thumbnail: string | null
}

export interface ListingPage {
  data: ListingView[]
  /** Where the next page starts (cursor + rows answered). */
  cursor: number
  more: boolean
  /**
   * How many listings match the filter in all; for a search with more than SEARCH_COUNT_CAP hits,
   * a lower bound (then `totalExact` is false).
   */
  total: number
  totalExact: boolean
}

/**
 * A search counts its hits exactly up to this many, then answers "1,000+": counting 20,000 hits
 * means reading 20,000 rows to recheck the words, for a number nobody pages through
 * (docs/decisions/079). Filters (lines, collections, categories, styles) always count exactly.
 */
export const SEARCH_COUNT_CAP = 1000

type ListingRow = typeof listings.$inferSelect

export function toListingView(
  deps: ServiceDeps,
  row: ListingRow,
  names: { line: string | null; collection: string | null; categories: Map<string, string> },
): ListingView {
  const category_names = row.categories.map((key) => names.categories.get(key)).filter((name) => name !== undefined)
  return {
    ...toListingEntity(row, { category_names, line_name: names.line, collection_name: names.collection }),
    thumbnail: firstThumbnail(deps, row.media),
  }
}

/** `%` and `_` typed by a person are letters to find, not wildcards. */
export function likePattern(word: string): string {
  return `%${word.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The conditions of a filter. Search: every word must appear in the listing's own search text
 * (style number, style name, materials: a trigram index lookup) or in its line's or collection's
 * name. Those names are matched first, in the brand's few lines and collections, and turned into
 * key lists, so the planner can OR index scans instead of reading every listing.
 */
async function filterConditions(deps: ServiceDeps, brandKey: string, filter: ListingFilter): Promise<SQL> {
  const where: SQL[] = [eq(listings.brandKey, brandKey)]
  if (filter.lines.length > 0) where.push(inArray(listings.lineKey, filter.lines))
  if (filter.collections.length > 0) where.push(inArray(listings.collectionKey, filter.collections))
  if (filter.styles.length > 0) where.push(inArray(listings.styleKey, filter.styles))
  if (filter.categories.length > 0) {
    where.push(sql`${listings.categories} ?| ${sql.param(filter.categories)}::text[]`)
  }
  const words = filter.search.split(' ').filter(Boolean).slice(0, 8)
  for (const word of words) {
    const pattern = likePattern(word)
    const [lineKeys, collectionKeys] = await Promise.all([
      deps.db
        .select({ key: lines.key })
        .from(lines)
        .where(and(eq(lines.brandKey, brandKey), sql`portal_fold(${lines.name}) like portal_fold(${pattern})`)),
      deps.db
        .select({ key: collections.key })
        .from(collections)
        .where(
          and(eq(collections.brandKey, brandKey), sql`portal_fold(${collections.name}) like portal_fold(${pattern})`),
        ),
    ])
    // Folded as the stored text is (accents and case off, docs/decisions/179); the pattern folds
    // to a constant when planned, so the trigram index still serves it.
    const arms: SQL[] = [sql`${listings.searchText} like portal_fold(${pattern})`]
    if (lineKeys.length > 0) {
      arms.push(
        and(
          eq(listings.brandKey, brandKey),
          inArray(
            listings.lineKey,
            lineKeys.map((row) => row.key),
          ),
        )!,
      )
    }
    if (collectionKeys.length > 0) {
      arms.push(
        and(
          eq(listings.brandKey, brandKey),
          inArray(
            listings.collectionKey,
            collectionKeys.map((row) => row.key),
          ),
        )!,
      )
    }
    where.push(arms.length === 1 ? arms[0]! : or(...arms)!)
  }
  return and(...where)!
}

/** Newest first; the key breaks ties so pages never overlap (index listings_brand_order_idx). */
const ORDER = sql`${listings.modified} desc nulls last, ${listings.key} desc nulls last`

/**
 * GET /api/listing/query/filter and the products page: one page of a brand's listings. Any grant
 * on the brand shows all of its listings (a grant reaches down, docs/decisions/034); a grant only
 * on a line, collection or style does not open the brand's list.
 */
export async function listListings(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  filter: ListingFilter,
): Promise<ListingPage> {
  return (await listListingsWith(deps, actor, brandKey, filter, {})).page
}

/**
 * listListings, with other features' columns read in the statement that brings the rows (the
 * products page's filter choices: docs/decisions/163).
 */
export async function listListingsWith<Columns extends Record<string, ColumnRead<unknown>>>(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  filter: ListingFilter,
  columns: Columns,
): Promise<{ page: ListingPage; values: ColumnValues<Columns> }> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const where = await filterConditions(deps, brandKey, filter)
  const count = async () =>
    Number(
      (
        await deps.db
          .select({ total: sql<number>`count(*)::int` })
          .from(listings)
          .where(where)
      )[0]?.total ?? 0,
    )
  // The page's keys first, then the rows of those keys only: a deep page skips index entries,
  // not joined rows. Narrowed by lines, collections, categories or styles, the hits are few
  // enough to count in the same pass (one visit per hit); the whole brand, or a search alone,
  // walks the ordering index for the page and counts separately (docs/decisions/067).
  const narrowed = [filter.lines, filter.collections, filter.categories, filter.styles].some((keys) => keys.length > 0)
  let keys: string[]
  let total: number
  let totalExact = true
  let more: boolean
  if (mergesWalks(filter)) {
    // Lines and collections (and categories): the total adds up kept counts, and the page merges
    // one ordered index walk per collection or line, stopping at the page (docs/decisions/131).
    total = await facetTotal(deps, brandKey, filter)
    keys = await mergedPageKeys(deps, brandKey, filter, total)
    more = filter.cursor + keys.length < total
  } else if (narrowed) {
    const hits = await deps.db
      .select({ key: listings.key, total: sql<number>`count(*) over ()` })
      .from(listings)
      .where(where)
      .orderBy(ORDER)
      .offset(filter.cursor)
      .limit(filter.limit)
    keys = hits.map((hit) => hit.key)
    // Past the last page there is no row to carry the count.
    total = hits.length > 0 ? Number(hits[0]!.total) : filter.cursor === 0 ? 0 : await count()
    more = filter.cursor + keys.length < total
  } else {
    // One more than the page tells whether another page follows, whatever the total says.
    const hits = await deps.db
      .select({ key: listings.key })
      .from(listings)
      .where(where)
      .orderBy(ORDER)
      .offset(filter.cursor)
      .limit(filter.limit + 1)
    more = hits.length > filter.limit
    keys = hits.slice(0, filter.limit).map((hit) => hit.key)
    if (!filter.search) {
      // The whole brand's total is kept by the database as listings come and go.
      total = await brandListingCount(deps, brandKey)
    } else {
      const counted = await countUpTo(deps, where, SEARCH_COUNT_CAP + 1)
      totalExact = counted <= SEARCH_COUNT_CAP
      total = totalExact ? counted : Math.max(SEARCH_COUNT_CAP, filter.cursor + keys.length)
    }
  }
  const { rows, categoryNames, values } = await listingRowsOfKeys(deps, brandKey, keys, columns)
  const page = {
    data: rows.map((row) =>
      toListingView(deps, row.listing, {
        line: row.lineName,
        collection: row.collectionName,
        categories: categoryNames,
      }),
    ),
    cursor: filter.cursor + rows.length,
    more,
    total,
    totalExact,
  }
  return { page, values }
}

/** Past this many collections (or lines) chosen at once, one scan and a sort beats merging walks. */
const MAX_MERGED_WALKS = 32

/**
 * Whether the filter is answered from the kept facet counts and merged walks: chosen lines,
 * collections or categories, and nothing the counts do not carry (styles, search words).
 */
function mergesWalks(filter: ListingFilter): boolean {
  const walks = filter.collections.length > 0 ? filter.collections.length : filter.lines.length
  const narrowed = walks > 0 || filter.categories.length > 0
  return narrowed && walks <= MAX_MERGED_WALKS && filter.styles.length === 0 && !filter.search
}

/** How many listings match lines, collections and categories, from the counts the triggers keep. */
async function facetTotal(deps: ServiceDeps, brandKey: string, filter: ListingFilter): Promise<number> {
  const where: SQL[] = [eq(listingFacets.brandKey, brandKey)]
  if (filter.lines.length > 0) where.push(inArray(listingFacets.lineKey, filter.lines))
  if (filter.collections.length > 0) where.push(inArray(listingFacets.collectionKey, filter.collections))
  if (filter.categories.length > 0) {
    where.push(sql`${listingFacets.categories} ?| ${sql.param(filter.categories)}::text[]`)
  }
  const [row] = await deps.db
    .select({ total: sql<number>`coalesce(sum(${listingFacets.total}), 0)::int` })
    .from(listingFacets)
    .where(and(...where))
  return Number(row?.total ?? 0)
}

/**
 * The page's keys as a merge of ordered walks, one per chosen collection (or line), each an
 * index-only scan of listings_brand_collection_order_idx (or _line_) that stops once the page is
 * reached; with categories alone, one walk of the brand's listings in order. Past the middle the
 * walks run from the oldest end, so the last page costs what the first does; the total tells
 * where that end is.
 */
async function mergedPageKeys(
  deps: ServiceDeps,
  brandKey: string,
  filter: ListingFilter,
  total: number,
): Promise<string[]> {
  if (filter.cursor >= total) return []
  const byCollection = filter.collections.length > 0
  const walkColumn = byCollection ? sql.raw('collection_key') : sql.raw('line_key')
  const chosen = byCollection ? filter.collections : filter.lines
  // No line or collection chosen: a single walk of the whole brand.
  const walks: SQL[] = chosen.length > 0 ? chosen.map((walk) => sql` and ${walkColumn} = ${walk}`) : [sql``]
  const narrowing: SQL[] = []
  if (byCollection && filter.lines.length > 0)
    narrowing.push(sql` and line_key = any(${sql.param(filter.lines)}::text[])`)
  if (filter.categories.length > 0) narrowing.push(sql` and categories ?| ${sql.param(filter.categories)}::text[]`)
  const fromEnd = filter.cursor > total / 2
  const skip = fromEnd ? Math.max(0, total - filter.cursor - filter.limit) : filter.cursor
  const take = fromEnd ? Math.min(filter.limit, total - filter.cursor) : filter.limit
  const direction = sql.raw(fromEnd ? 'asc nulls first' : 'desc nulls last')
  const order = sql`modified ${direction}, key ${direction}`
  const arms = walks.map(
    (walk) =>
      sql`(select key, modified from listings where brand_key = ${brandKey}${walk}${sql.join(narrowing)} order by ${order} limit ${skip + take})`,
  )
  const rows = await rowsOf<{ key: string }>(
    deps.db,
    sql`select key from (${sql.join(arms, sql` union all `)}) as hits order by ${order} offset ${skip} limit ${take}`,
  )
  const keys = rows.map((row) => row.key)
  return fromEnd ? keys.reverse() : keys
}

/**
 * The listing columns the page reads, as SQL and as Drizzle's row properties (the search text
 * stays in the database), and which of them are times.
 */
const LISTING_COLUMNS = Object.entries(getTableColumns(listings))
  .filter(([property]) => property !== 'searchText')
  .map(([property, column]) => ({ property, name: column.name, time: column.columnType === 'PgTimestamp' }))
const LISTING_ARRAY = sql.raw(
  `json_build_array(${LISTING_COLUMNS.map((column) => `l.${column.name}`).join(', ')}, li.name, c.name)`,
)

/**
 * The page's listings with their line and collection names, newest first, and the names of the
 * brand's categories, in one statement read as one JSON value and shaped as Drizzle's rows. Fifty
 * wide rows arrive as one text rather than 50 × 30 fields that the embedded database's client
 * decodes one by one; positional arrays cost the database less than objects
 * (docs/decisions/131).
 */
async function listingRowsOfKeys<Columns extends Record<string, ColumnRead<unknown>>>(
  deps: ServiceDeps,
  brandKey: string,
  keys: string[],
  columns: Columns,
): Promise<{
  rows: { listing: ListingRow; lineName: string | null; collectionName: string | null }[]
  categoryNames: Map<string, string>
  values: ColumnValues<Columns>
}> {
  const also = Object.entries(columns).map(([name, column]) => sql`, ${column.sql} as ${sql.identifier(name)}`)
  if (keys.length === 0) {
    if (also.length === 0) return { rows: [], categoryNames: new Map(), values: {} as ColumnValues<Columns> }
    const [only] = await rowsOf<Record<string, unknown>>(deps.db, sql`select null as rows${sql.join(also)}`)
    return { rows: [], categoryNames: new Map(), values: readColumns(columns, only!) }
  }
  const [result] = await rowsOf<{ rows: string; names: string } & Record<string, unknown>>(
    deps.db,
    sql`select
        (select coalesce(json_agg(${LISTING_ARRAY} order by l.modified desc nulls last, l.key desc nulls last), '[]')
          from listings l
          left join lines li on li.key = l.line_key
          left join collections c on c.key = l.collection_key
          where l.key = any(${sql.param(keys)}::text[]))::text as rows,
        (select coalesce(json_object_agg(key, name), '{}') from categories where brand_key = ${brandKey})::text as names
        ${sql.join(also)}`,
  )
  const found = JSON.parse(result?.rows ?? '[]') as unknown[][]
  const rows = found.map((values) => {
    const listing: Record<string, unknown> = {}
    LISTING_COLUMNS.forEach((column, index) => {
      const value = values[index]
      listing[column.property] = column.time && typeof value === 'string' ? new Date(value) : value
    })
    const [lineName, collectionName] = values.slice(LISTING_COLUMNS.length) as (string | null)[]
    return { listing: listing as ListingRow, lineName: lineName ?? null, collectionName: collectionName ?? null }
  })
  const names = JSON.parse(result?.names ?? '{}') as Record<string, string>
  return { rows, categoryNames: new Map(Object.entries(names)), values: readColumns(columns, result!) }
}

/** Matching rows counted up to `limit`: the scan stops there. */
async function countUpTo(deps: ServiceDeps, where: SQL, limit: number): Promise<number> {
  const matching = deps.db
    .select({ one: sql`1` })
    .from(listings)
    .where(where)
    .limit(limit)
    .as('matching')
  const [row] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(matching)
  return Number(row?.total ?? 0)
}

/** How many listings the brand holds, from the count the listings' triggers keep. */
export async function brandListingCount(deps: ServiceDeps, brandKey: string): Promise<number> {
  const [row] = await deps.db
    .select({ total: listingCounts.total })
    .from(listingCounts)
    .where(eq(listingCounts.brandKey, brandKey))
  return row?.total ?? 0
}

export async function namesOfCategories(
  deps: ServiceDeps,
  brandKey: string,
  keys: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(keys)]
  if (unique.length === 0) return new Map()
  const rows = await deps.db
    .select({ key: categories.key, name: categories.name })
    .from(categories)
    .where(and(eq(categories.brandKey, brandKey), inArray(categories.key, unique)))
  return new Map(rows.map((row) => [row.key, row.name]))
}
