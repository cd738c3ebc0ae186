// The two-panel frame of the public screens (login, invite landing, password flows): the brand's
// panel on one side (login colours, logo, and the hero or login background image, or the six grid
// images with the grid template), the form on the other in a card of the universal panel colours.
// Defaults: black background, white font (access.md §9). `look` comes from loadBrandLook.
import type { CSSProperties, ReactNode } from 'react'
import type { BrandLook } from '#app/features/brands'

export function BrandedAuthLayout({
  look,
  headline = 'Product data, samples and your team, in one studio.',
  children,
}: {
  look: BrandLook
  headline?: string
  children: ReactNode
}) {
  const grid = look.landing.layout === 'grid'
  const background = look.login.backgroundImageUrl ?? look.heroUrl
  const gridImages = look.landing.gridImageUrls.filter((url): url is string => Boolean(url))
  const panelStyle: CSSProperties = { backgroundColor: look.panel.backgroundColor, color: look.panel.fontColor }
  return (
    <main className="grid min-h-screen bg-canvas md:grid-cols-2" data-layout={look.landing.layout}>
      <section
        data-testid="brand-panel"
        className="relative hidden flex-col justify-end overflow-hidden p-12 md:flex"
        style={{ backgroundColor: look.login.backgroundColor, color: look.login.fontColor }}
      >
        {grid && gridImages.length > 0 ? (
          <div className="absolute inset-0 grid grid-cols-3 grid-rows-2 gap-1 opacity-80" data-testid="brand-grid">
            {look.landing.gridImageUrls.map((url, index) =>
              url ? (
                <img key={url} src={url} alt="" className="h-full w-full object-cover" />
              ) : (
                <span key={`empty-${index}`} className="bg-white/10" />
              ),
            )}
          </div>
        ) : background ? (
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
      <section className="flex items-center justify-center p-6 sm:p-8">
        <div
          data-testid="form-panel"
          className="w-full max-w-md rounded-xl p-8 shadow-lg [&_:is(h1,h2,h3,p,label,span).text-ink]:text-current [&_:is(p,span).text-muted]:text-current [&_:is(p,span).text-muted]:opacity-70 [&_a]:text-current [&_button[type=submit]]:border [&_button[type=submit]]:border-current"
          style={panelStyle}
        >
          {look.logoUrl ? (
            <img src={look.logoUrl} alt="" className="mb-6 max-h-10 w-auto md:hidden" aria-hidden="true" />
          ) : null}
          {children}
        </div>
      </section>
    </main>
  )
}
