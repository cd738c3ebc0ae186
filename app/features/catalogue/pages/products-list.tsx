// `/brand/{key}/products` (and `/brand/{key}/atelier`, which re-exports this route): the products
// list with its filter bar, views, selection and pagination. Its modals (quick view, delete, bulk
// delete, team sidebar) are child routes rendered over it, so the list stays behind them. Every
// filter lives in the address (docs/decisions/068).
import { ProductsList } from '#app/features/catalogue/components/products-list'
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import type { loader } from './products-list.server'

export const meta: MetaFunction = ({ location }) => [
  { title: `${location.pathname.includes('/atelier') ? 'Atelier' : 'Products'} · Brand Portal` },
]

export const handle: FrameHandle = {
  title: (data) => ((data as { atelier?: boolean } | undefined)?.atelier ? 'Atelier' : 'Products'),
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
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
