// The filter bar's choices: categories, styles and the other facets of a brand's listings.
import { MAX_SEARCH_LENGTH } from '#app/features/catalogue/listing-filter'
import { requireBrandAbility } from '#app/platform/access/access.server'
import type { ServiceDeps } from '#app/platform/context.server'
import { selectColumn, type ColumnRead } from '#app/platform/columns.server'
import { categories, collections, lines, styles } from '#db/schema'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { likePattern } from './listing-list.server'
import type { Actor } from '#app/platform/access/actor'

export interface Choice {
  key: string
  name: string
}

export interface CategoryView extends Choice {
  KIND: 'Category'
  brand: string
}

export const CATEGORY_PAGE_SIZE = 100

/** GET /api/category/query/brand?brand=&cursor=: the brand's categories by name, 100 a page. */
export async function listCategories(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  cursor = 0,
): Promise<{ data: CategoryView[]; cursor: number; more: boolean }> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const rows = await deps.db
    .select({ key: categories.key, name: categories.name })
    .from(categories)
    .where(eq(categories.brandKey, brandKey))
    .orderBy(asc(categories.name), asc(categories.key))
    .offset(cursor)
    .limit(CATEGORY_PAGE_SIZE + 1)
  const page = rows.slice(0, CATEGORY_PAGE_SIZE)
  return {
    data: page.map((row) => ({ key: row.key, KIND: 'Category', name: row.name, brand: brandKey })),
    cursor: cursor + page.length,
    more: rows.length > CATEGORY_PAGE_SIZE,
  }
}

export interface StyleChoice extends Choice {
  KIND: 'Style'
  number: string
  status: string
}

/** GET /api/style/query/brand?brand=: the brand's styles by name. */
export async function listStyles(deps: ServiceDeps, actor: Actor, brandKey: string): Promise<StyleChoice[]> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const rows = await deps.db
    .select({ key: styles.key, name: styles.name, number: styles.number, status: styles.status })
    .from(styles)
    .where(eq(styles.brandKey, brandKey))
    .orderBy(asc(styles.name), asc(styles.key))
  return rows.map((row) => ({ KIND: 'Style', ...row }))
}

export interface FilterChoices {
  lines: Choice[]
  collections: (Choice & { line: string | null })[]
  categories: Choice[]
  /** The styles offered: the chosen ones, then the first by name (or those matching `styleSearch`). */
  styles: Choice[]
  /** More styles exist than are offered: the dropdown asks to type a name to find them. */
  moreStyles: boolean
}

/**
 * A brand may hold thousands of styles: the dropdown offers this many, found by name, rather than
 * sending every style with each page of the list (docs/decisions/079).
 */
export const STYLE_CHOICES_LIMIT = 30

/** Styles often share a name across seasons: the number tells them apart. */
const styleLabel = sql<string>`${styles.name} || ' · ' || ${styles.number}`

/**
 * Everything the filter bar's dropdowns offer, in one call for the page. Lines, collections and
 * categories are few per brand and come whole; styles are capped and searched by name or number.
 */
interface ChoiceLists {
  lines: { key: string; name: string }[]
  collections: { key: string; name: string; line: string }[]
  categories: { key: string; name: string }[]
  styles: { key: string; name: string }[]
  selected: { key: string; name: string }[]
}

export function listFilterChoices(
  deps: ServiceDeps,
  actor: Actor,
  brandKey: string,
  options: { selectedStyles?: readonly string[]; styleSearch?: string } = {},
): Promise<FilterChoices> {
  return selectColumn(deps.db, filterChoicesColumn(actor, brandKey, options))
}

/**
 * The five lists as one column: the products list reads it in the statement that brings its rows
 * (docs/decisions/163); each query of its own costs the portal more than the rows it brings
 * (bench/page-cost.ts).
 */
export function filterChoicesColumn(
  actor: Actor,
  brandKey: string,
  options: { selectedStyles?: readonly string[]; styleSearch?: string } = {},
): ColumnRead<FilterChoices> {
  requireBrandAbility(actor, 'listing.view', brandKey)
  const selected = [...(options.selectedStyles ?? [])]
  const styleSearch = (options.styleSearch ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
  const styleWhere = [eq(styles.brandKey, brandKey)]
  if (styleSearch) {
    const pattern = likePattern(styleSearch)
    // Accents and case ignored, as in the products search (docs/decisions/179).
    styleWhere.push(
      sql`(portal_fold(${styles.name}) like portal_fold(${pattern}) or portal_fold(${styles.number}) like portal_fold(${pattern}))`,
    )
  }
  const asJsonList = (query: SQL) => sql`(select coalesce(json_agg(row_to_json(q)), '[]'::json) from (${query}) q)`
  return {
    sql: sql`json_build_array(
    ${asJsonList(sql`select ${lines.key} as key, ${lines.name} as name from ${lines} where ${eq(lines.brandKey, brandKey)} order by ${lines.name}`)},
    ${asJsonList(sql`select ${collections.key} as key, ${collections.name} as name, ${collections.lineKey} as line from ${collections} where ${eq(collections.brandKey, brandKey)} order by ${collections.name}`)},
    ${asJsonList(sql`select ${categories.key} as key, ${categories.name} as name from ${categories} where ${eq(categories.brandKey, brandKey)} order by ${categories.name}`)},
    ${asJsonList(sql`select ${styles.key} as key, ${styleLabel} as name from ${styles} where ${and(...styleWhere)} order by ${styles.name}, ${styles.key} limit ${STYLE_CHOICES_LIMIT + 1}`)},
    ${
      selected.length === 0
        ? sql`'[]'::json`
        : asJsonList(
            sql`select ${styles.key} as key, ${styleLabel} as name from ${styles} where ${and(eq(styles.brandKey, brandKey), inArray(styles.key, selected))} order by ${styles.name}, ${styles.key}`,
          )
    })`,
    read: (value) => {
      const [lines, collections, categories, styles, selected] = value as ChoiceList[]
      return choicesOf({ lines, collections, categories, styles, selected } as ChoiceLists)
    },
  }
}

type ChoiceList = ChoiceLists[keyof ChoiceLists]

function choicesOf(lists: ChoiceLists): FilterChoices {
  const { lines: lineRows, collections: collectionRows, categories: categoryRows } = lists
  const { styles: styleRows, selected: selectedRows } = lists
  // Chosen styles stay offered (ticked) whatever the search shows, so unticking is always possible.
  const chosen = new Set(selectedRows.map((row) => row.key))
  const offered = styleRows.slice(0, STYLE_CHOICES_LIMIT).filter((row) => !chosen.has(row.key))
  return {
    lines: lineRows,
    collections: collectionRows,
    categories: categoryRows,
    styles: [...selectedRows, ...offered],
    moreStyles: styleRows.length > STYLE_CHOICES_LIMIT,
  }
}
