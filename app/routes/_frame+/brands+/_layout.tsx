// `/brands`: the brands the user holds a grant on, newest modified first, as a list or cards.
import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useSearchParams } from '@remix-run/react'
import { ButtonLink } from '#app/components/ui/button'
import { EmptyState } from '#app/components/ui/misc'
import { guard } from '#app/lib/session.server'
import { canCreateBrand, listBrandsForActor } from '#app/services/brands.server'
import type { FrameHandle } from '#app/routes/_frame+/_layout'

export const meta: MetaFunction = () => [{ title: 'Brands · Brand Portal' }]
export const handle: FrameHandle = { title: 'Brands', back: '/brands' }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await guard(request, context)
  const brands = await listBrandsForActor(context.deps, actor)
  return json({ brands, canCreate: canCreateBrand(actor) })
}

export default function Brands() {
  const { brands, canCreate } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const view = params.get('view') === 'card' ? 'card' : 'list'
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-2">
        <div role="group" aria-label="View" className="flex rounded-md border border-line bg-white p-0.5 text-sm">
          {(['list', 'card'] as const).map((mode) => (
            <Link
              key={mode}
              to={mode === 'list' ? '?view=list' : '?view=card'}
              aria-current={view === mode ? 'true' : undefined}
              className={`rounded px-3 py-1 capitalize ${view === mode ? 'bg-ink text-white' : ''}`}
            >
              {mode}
            </Link>
          ))}
        </div>
        {canCreate ? (
          <ButtonLink to="/brands/create" className="ml-auto">
            Create New Brand
          </ButtonLink>
        ) : null}
      </div>
      {brands.length === 0 ? (
        <EmptyState title="No brands yet">You will see a brand here once a team admin invites you to it.</EmptyState>
      ) : view === 'card' ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Brands">
          {brands.map((brand) => (
            <li key={brand.key}>
              <Link
                to={`/brand/${brand.key}`}
                className="group block overflow-hidden rounded-lg border border-line bg-white"
              >
                <div className="relative aspect-[4/3] bg-ink">
                  {brand.assets.hero?.url ? (
                    <img src={brand.assets.hero.url} alt="" className="h-full w-full object-cover" />
                  ) : (
                    <span
                      aria-hidden="true"
                      className="flex h-full items-center justify-center text-6xl font-light text-white/80"
                    >
                      {brand.name.slice(0, 1)}
                    </span>
                  )}
                  {brand.assets.logo?.url ? (
                    <img
                      src={brand.assets.logo.url}
                      alt=""
                      className="absolute bottom-3 left-3 h-10 rounded bg-white p-1"
                    />
                  ) : null}
                </div>
                <p className="p-4 font-medium group-hover:underline">{brand.name}</p>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label="Brands">
          {brands.map((brand) => (
            <li key={brand.key}>
              <Link to={`/brand/${brand.key}`} className="flex items-center gap-4 px-4 py-3 hover:bg-black/5">
                <span className="flex h-10 w-10 items-center justify-center overflow-hidden rounded bg-ink text-sm font-semibold text-white">
                  {brand.assets.logo?.url ? <img src={brand.assets.logo.url} alt="" /> : brand.name.slice(0, 1)}
                </span>
                <span className="font-medium">{brand.name}</span>
                <span className="ml-auto text-xs text-muted">
                  Updated {new Date(brand.modified).toLocaleDateString('en-GB')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </div>
  )
}
