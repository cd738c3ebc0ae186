// `/brands`: the brands the user holds a grant on, newest modified first, as a list or cards. Account
// admins also get a per-brand menu (Delete Brand, Remove Brand Permissions) and the Archived
// brands view (`?show=archived`), docs/decisions/066.
import { type ArchivedBrandView } from '#app/features/brands/brands.server'
import { formatWhen } from '#app/platform/format'
import { ButtonLink } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { EmptyState, Menu } from '#app/ui/misc'
import { type MetaFunction } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useSearchParams } from '@remix-run/react'
import type { loader } from './brands-list.server'

export const meta: MetaFunction = () => [{ title: 'Brands · Brand Portal' }]

export const handle: FrameHandle = { title: 'Brands', back: '/brands' }

export default function Brands() {
  const { brands, canCreate, admin, archived } = useLoaderData<typeof loader>()
  const [params] = useSearchParams()
  const view = params.get('view') === 'card' ? 'card' : 'list'
  if (archived) return <ArchivedBrands brands={archived} />
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
        <div className="ml-auto flex items-center gap-2">
          {admin ? (
            <ButtonLink to="/brands?show=archived" variant="secondary">
              Archived brands
            </ButtonLink>
          ) : null}
          {canCreate ? <ButtonLink to="/brands/create">Create New Brand</ButtonLink> : null}
        </div>
      </div>
      {brands.length === 0 ? (
        <EmptyState title="No brands yet">You will see a brand here once a team admin invites you to it.</EmptyState>
      ) : view === 'card' ? (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Brands">
          {brands.map((brand) => (
            <li key={brand.key} className="relative">
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
                <p className="p-4 pr-12 font-medium group-hover:underline">{brand.name}</p>
              </Link>
              {admin ? (
                <div className="absolute bottom-2 right-2">
                  <BrandMenu brandKey={brand.key} name={brand.name} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label="Brands">
          {brands.map((brand) => (
            <li key={brand.key} className="flex items-center pr-2">
              <Link to={`/brand/${brand.key}`} className="flex flex-1 items-center gap-4 px-4 py-3 hover:bg-black/5">
                {/* A logo sits on white, as brands draw them (a dark logo vanished on a dark tile); an initial on ink. */}
                {brand.assets.logo?.url ? (
                  <span className="flex h-10 w-16 items-center justify-center overflow-hidden rounded border border-line bg-white p-1">
                    <img src={brand.assets.logo.url} alt="" className="max-h-full max-w-full object-contain" />
                  </span>
                ) : (
                  <span className="flex h-10 w-10 items-center justify-center rounded bg-ink text-sm font-semibold text-white">
                    {brand.name.slice(0, 1)}
                  </span>
                )}
                <span className="font-medium">{brand.name}</span>
                <span className="ml-auto text-xs text-muted">
                  Updated {new Date(brand.modified).toLocaleDateString('en-GB')}
                </span>
              </Link>
              {admin ? <BrandMenu brandKey={brand.key} name={brand.name} /> : null}
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </div>
  )
}

/** Delete Brand and Remove Brand Permissions: links to their confirmation dialogs. */
function BrandMenu({ brandKey, name }: { brandKey: string; name: string }) {
  const item = 'block px-4 py-2 hover:bg-black/5'
  return (
    <Menu label={<span aria-hidden="true">⋯</span>} name={`Actions for ${name}`}>
      <Link to={`/brands/${brandKey}/delete`} className={`${item} text-red-700`} preventScrollReset>
        Delete Brand
      </Link>
      <Link to={`/brands/${brandKey}/remove-permissions`} className={item} preventScrollReset>
        Remove Brand Permissions
      </Link>
    </Menu>
  )
}

/** `/brands?show=archived`: brands an admin deleted and owns, each with Restore. */
function ArchivedBrands({ brands }: { brands: readonly ArchivedBrandView[] }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-medium">Archived brands</h2>
        <ButtonLink to="/brands" variant="secondary" className="ml-auto">
          Back to brands
        </ButtonLink>
      </div>
      <p className="text-sm text-muted">
        Deleted brands are hidden from everyone. Restoring one gives every member their access back.
      </p>
      {brands.length === 0 ? (
        <EmptyState title="No archived brands">Brands you delete and own show here, ready to restore.</EmptyState>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-white" aria-label="Archived brands">
          {brands.map((brand) => (
            <li key={brand.key} className="flex items-center gap-4 px-4 py-3">
              <span className="font-medium">{brand.name}</span>
              <span className="ml-auto text-xs text-muted">Deleted {formatWhen(brand.archived)}</span>
              <ButtonLink
                to={`/brands/${brand.key}/restore?show=archived`}
                variant="secondary"
                preventScrollReset
                aria-label={`Restore ${brand.name}`}
              >
                Restore
              </ButtonLink>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </div>
  )
}
