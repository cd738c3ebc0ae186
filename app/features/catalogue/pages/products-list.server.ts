// The server side of products-list.tsx: what its route loads and does.
import { progressOfStyles } from '#app/features/atelier/index.server'
import { toListingRow } from '#app/features/catalogue/components/products-list'
import { parsePageQuery, parseViewMode } from '#app/features/catalogue/listing-filter'
import {
  editableListingKeys,
  filterChoicesColumn,
  listListingsWith,
  mayEditListings,
} from '#app/features/catalogue/listings.server'
import { hasAbility } from '#app/platform/access/access.server'
import { brandPage, brandGrantTypes } from '#app/platform/access/permissions'
import { guard, run } from '#app/platform/session.server'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { json } from '#app/platform/loader-data.server'

export const access = brandPage('brand.view')

/** The row whose menu `menu={key}` opens: only a row of this page. */
function openRowMenu(key: string | null, rows: readonly { key: string }[]): string | null {
  return key !== null && rows.some((row) => row.key === key) ? key : null
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard({ request, context, params }, access)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  // The same list runs in the atelier, where the SKU shows and names lead to the style page.
  const atelier = url.pathname.split('/')[3] === 'atelier'
  const { filter, page, per } = parsePageQuery(url.searchParams)
  const styleSearch = (url.searchParams.get('styleSearch') ?? '').trim().slice(0, 100)
  // The filter bar's choices come in the statement that brings the rows (docs/decisions/163).
  const {
    page: listed,
    values: { choices },
  } = await run(() =>
    listListingsWith(context.deps, actor, brandKey, filter, {
      choices: filterChoicesColumn(actor, brandKey, { selectedStyles: filter.styles, styleSearch }),
    }),
  )
  // In the atelier each row shows its style's progress: one query for the page's styles.
  const progress = atelier
    ? await run(() =>
        progressOfStyles(
          context.deps,
          actor,
          brandKey,
          listed.data.map((row) => row.style),
        ),
      )
    : undefined
  const editable = await run(() =>
    editableListingKeys(
      context.deps,
      actor,
      brandKey,
      listed.data.map((row) => row.key),
    ),
  )
  // Product Upload: for editors of the brand, or of the one line or collection the list shows.
  const scope =
    filter.collections.length === 1
      ? { model: 'Collection', key: filter.collections[0]! }
      : filter.collections.length === 0 && filter.lines.length === 1
        ? { model: 'Line', key: filter.lines[0]! }
        : null
  const canUpload =
    mayEditListings(actor, brandKey) ||
    (scope !== null && (await hasAbility(context.deps, actor, 'listing.edit', scope)))
  return json({
    brandKey,
    atelier,
    progress,
    base: `/brand/${brandKey}/${atelier ? 'atelier/listings' : 'products'}`,
    filter,
    page,
    per,
    view: parseViewMode(url.searchParams.get('view')),
    selectAll: url.searchParams.get('select') === 'all',
    menu: openRowMenu(url.searchParams.get('menu'), listed.data),
    rows: listed.data.map((row) => toListingRow(row, editable.has(row.key), atelier)),
    total: listed.total,
    totalExact: listed.totalExact,
    more: listed.more,
    choices,
    styleSearch,
    canEdit: mayEditListings(actor, brandKey) || editable.size > 0,
    canUpload,
    canBulkEdit: mayEditListings(actor, brandKey),
    // catalogue.md §2: the team info icon is hidden when the grants include owner.
    showTeamInfo: !brandGrantTypes(actor.grants, brandKey).includes('owner'),
  })
}
