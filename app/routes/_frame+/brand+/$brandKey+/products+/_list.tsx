// `/brand/{key}/products` (and `/brand/{key}/atelier`, which re-exports this route): the products
// list with its filter bar, views, selection and pagination. Its modals (quick view, delete, bulk
// delete, team sidebar) are child routes rendered over it, so the list stays behind them. Every
// filter lives in the address (docs/decisions/068).
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { ProductsList, toListingRow } from '#app/features/catalogue/components/products-list'
import { guard, run } from '#app/platform/session.server'
import { parsePageQuery, parseViewMode } from '#app/features/catalogue/listing-filter'
import { brandGrantTypes } from '#app/platform/access/permissions'
import { listFilterChoices, listListings, mayEditListings } from '#app/features/catalogue/listings.server'
import { progressOfStyles } from '#app/features/atelier/styles.server'
import type { FrameHandle } from '#app/ui/frame-handle'

export const meta: MetaFunction = ({ location }) => [
  { title: `${location.pathname.includes('/atelier') ? 'Atelier' : 'Products'} · Brand Portal` },
]
export const handle: FrameHandle = {
  title: (data) => ((data as { atelier?: boolean } | undefined)?.atelier ? 'Atelier' : 'Products'),
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brandKey = params.brandKey!
  const url = new URL(request.url)
  // The same list runs in the atelier, where the SKU shows and names lead to the style page.
  const atelier = url.pathname.split('/')[3] === 'atelier'
  const { filter, page, per } = parsePageQuery(url.searchParams)
  const listed = await run(() => listListings(context.deps, actor, brandKey, filter))
  const styleSearch = (url.searchParams.get('styleSearch') ?? '').trim().slice(0, 100)
  const choices = await run(() =>
    listFilterChoices(context.deps, actor, brandKey, { selectedStyles: filter.styles, styleSearch }),
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
  return json({
    brandKey,
    atelier,
    progress,
    base: `/brand/${brandKey}/${atelier ? 'atelier' : 'products'}`,
    filter,
    page,
    per,
    view: parseViewMode(url.searchParams.get('view')),
    selectAll: url.searchParams.get('select') === 'all',
    rows: listed.data.map(toListingRow),
    total: listed.total,
    totalExact: listed.totalExact,
    more: listed.more,
    choices,
    styleSearch,
    canEdit: mayEditListings(actor, brandKey),
    // catalogue.md §2: the team info icon is hidden when the grants include owner.
    showTeamInfo: !brandGrantTypes(actor.grants, brandKey).includes('owner'),
  })
}

export default function ProductsPage() {
  const data = useLoaderData<typeof loader>()
  return (
    <>
      <ProductsList {...data} />
      <Outlet />
    </>
  )
}
