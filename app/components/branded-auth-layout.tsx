// The two-panel frame of the public screens (login, invite landing, password flows): the brand's
// hero, logo and colours on one side (defaults: black background, white font), the form on the
// other. `look` comes from loadBrandLook on the server.
import type { ReactNode } from 'react'
import type { BrandLook } from '#app/services/brand-look.server'

export function BrandedAuthLayout({
  look,
  headline = 'Product data, samples and your team, in one studio.',
  children,
}: {
  look: BrandLook
  headline?: string
  children: ReactNode
}) {
  const background = look.login.backgroundImageUrl ?? look.heroUrl
  return (
    <main className="grid min-h-screen md:grid-cols-2">
      <section
        data-testid="brand-panel"
        className="relative hidden flex-col justify-end overflow-hidden p-12 md:flex"
        style={{ backgroundColor: look.login.backgroundColor, color: look.login.fontColor }}
      >
        {background ? (
          <img src={background} alt="" className="absolute inset-0 h-full w-full object-cover opacity-70" />
        ) : null}
        <div className="relative">
          {look.logoUrl ? (
            <img src={look.logoUrl} alt={`${look.brandName} logo`} className="mb-6 max-h-16 w-auto" />
          ) : null}
          <p className="text-sm uppercase tracking-[0.3em] opacity-60">{look.brandName}</p>
          <h1 className="mt-4 max-w-md text-4xl font-light leading-tight">{headline}</h1>
        </div>
      </section>
      <section className="flex items-center justify-center p-8">
        <div className="w-full max-w-sm">{children}</div>
      </section>
    </main>
  )
}
