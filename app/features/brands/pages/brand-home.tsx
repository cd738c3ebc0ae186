// `/brand/{key}`: brand home, full width with no padding: the brand's hero, logo and name.
import type { FrameHandle } from '#app/ui/frame-handle'
import { type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { loader } from './brand-home.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.brand.name ?? 'Brand'} · Brand Portal` },
]

export const handle: FrameHandle = {
  title: (data) => (data as { brand?: { name: string } })?.brand?.name ?? '',
  back: '/brands',
  fullWidth: true,
}

export default function BrandHome() {
  const { brand, grants } = useLoaderData<typeof loader>()
  const landing = brand.template.landing ?? {}
  const hero = brand.assets.hero?.url
  return (
    <section
      className="relative flex min-h-[28rem] flex-1 items-end"
      style={{ backgroundColor: landing.backgroundColor ?? '#000000', color: landing.fontColor ?? '#ffffff' }}
    >
      {hero ? <img src={hero} alt="" className="absolute inset-0 h-full w-full object-cover opacity-80" /> : null}
      <div className="relative flex w-full flex-col gap-4 bg-gradient-to-t from-black/60 to-transparent p-12">
        {brand.assets.logo?.url ? (
          <img src={brand.assets.logo.url} alt={`${brand.name} logo`} className="h-16 w-auto self-start" />
        ) : null}
        <h2 className="text-5xl font-light tracking-tight" data-testid="brand-name">
          {brand.name}
        </h2>
        <p className="text-sm opacity-70">Your access: {grants.join(', ')}</p>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to="products" className="rounded-md bg-white/90 px-4 py-2 text-black hover:bg-white">
            Browse products
          </Link>
          <Link to="atelier" className="rounded-md border border-white/60 px-4 py-2 hover:bg-white/10">
            Virtual Atelier
          </Link>
        </div>
      </div>
    </section>
  )
}
