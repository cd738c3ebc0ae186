// `/brand/{key}/customization`: Branding (access.md §2 "Branding", §3 "Branding state"). A sidebar
// with Universal Style, Landing Page and Login Page; tabs Landing Page (default) and Login as
// links (?tab=login); Customize → Cancel / Save through ?customize=1; template cards choose the
// landing layout through ?layout=. Images open the Image Crop modal, a nested route.
import type { BrandLook } from '#app/features/brands/brand-look.server'
import {
  COLOUR_PICKERS,
  LANDING_LAYOUTS,
  TEMPLATE_NAMES,
  type ColourPickerId,
  type LandingLayoutChoice,
} from '#app/features/brands/branding-schemas'
import { ColourPicker } from '#app/features/brands/components/colour-picker'
import { GRID_SLOTS, SLOT_SPECS, type BrandImageSlot } from '#app/features/files'
import { useCsrfToken } from '#app/platform/csrf'
import { Button, ButtonLink, buttonClass } from '#app/ui/button'
import type { FrameHandle } from '#app/ui/frame-handle'
import { Badge, CsrfField } from '#app/ui/misc'
import { SettingsTabs } from '#app/ui/settings-tabs'
import { type MetaFunction } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData, useLocation, useSearchParams } from '@remix-run/react'
import { useMemo, useState, type ReactNode } from 'react'
import type { action, loader } from './customization.server'
import { colourOf } from './customization.shared'

export const meta: MetaFunction = () => [{ title: 'Branding · Brand Portal' }]

export const handle: FrameHandle = {
  title: 'Branding',
  back: (_data, params) => `/brand/${params.brandKey ?? ''}`,
  settingsTabs: true,
}

type Tab = 'landing' | 'login'

export default function Branding() {
  const { look, images, tabs } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [params] = useSearchParams()
  const location = useLocation()
  const csrf = useCsrfToken()
  const tab: Tab = params.get('tab') === 'login' ? 'login' : 'landing'
  const errors = (actionData?.errors ?? {}) as Partial<Record<string, string>>
  const customize = params.get('customize') === '1' || Object.keys(errors).length > 0
  const requestedLayout = params.get('layout')
  const layout: LandingLayoutChoice =
    customize && (LANDING_LAYOUTS as readonly string[]).includes(requestedLayout ?? '')
      ? (requestedLayout as LandingLayoutChoice)
      : look.landing.layout
  const base = `/brand/${look.brandKey}/customization`
  // With JavaScript the previews follow the pickers before Save.
  const [pending, setPending] = useState<Partial<Record<ColourPickerId, string>>>({})
  const pickerCallbacks = useMemo(
    () =>
      Object.fromEntries(
        COLOUR_PICKERS.map((picker) => [
          picker.id,
          (hex: string) =>
            setPending((current) => (current[picker.id] === hex ? current : { ...current, [picker.id]: hex })),
        ]),
      ) as Record<ColourPickerId, (hex: string) => void>,
    [],
  )
  const shown = (id: ColourPickerId) => (customize ? pending[id] : undefined) ?? colourOf(look, id)
  const previewLook: BrandLook = {
    ...look,
    panel: { backgroundColor: shown('panel_background'), fontColor: shown('panel_font') },
    login: { ...look.login, backgroundColor: shown('login_background'), fontColor: shown('login_font') },
  }
  const imageLink = (slot: BrandImageSlot) => `${base}/image/${slot}${location.search}`
  const picker = (id: ColourPickerId) => {
    const spec = COLOUR_PICKERS.find((candidate) => candidate.id === id)!
    return (
      <ColourPicker
        key={`${id}-${colourOf(look, id)}-${customize}`}
        id={id}
        label={spec.label}
        value={colourOf(look, id)}
        disabled={!customize}
        error={errors[id]}
        onColour={customize ? pickerCallbacks[id] : undefined}
      />
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <SettingsTabs tabs={tabs} />
      <Form method="post" action={`${base}${location.search}`} className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <CsrfField token={csrf} />
        <input type="hidden" name="tab" value={tab} />
        <input type="hidden" name="layout" value={layout} />
        <aside aria-label="Branding sections" className="flex flex-col gap-4">
          <SidebarSection title="Universal Style">
            <ImageSlot label="Logo" url={images.logo?.url} editTo={customize ? imageLink('logo') : null} />
            {picker('panel_background')}
            {picker('panel_font')}
          </SidebarSection>
          <SidebarSection title="Landing Page">
            <p className="text-sm">
              <span className="font-medium">Template:</span> {TEMPLATE_NAMES[layout]}
            </p>
            <ImageSlot label="Hero image" url={images.hero?.url} editTo={customize ? imageLink('hero') : null} />
          </SidebarSection>
          <SidebarSection title="Login Page">
            <ImageSlot
              label="Background image"
              url={images.login_background?.url}
              editTo={customize ? imageLink('login_background') : null}
            />
            {picker('login_background')}
            {picker('login_font')}
          </SidebarSection>
        </aside>

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2 border-b border-line pb-3">
            <nav aria-label="Branding tabs" className="flex gap-1 text-sm">
              {(
                [
                  ['landing', 'Landing Page'],
                  ['login', 'Login'],
                ] as const
              ).map(([id, label]) => {
                const search = new URLSearchParams(params)
                if (id === 'login') search.set('tab', 'login')
                else search.delete('tab')
                const text = search.toString()
                return (
                  <Link
                    key={id}
                    to={`${base}${text ? `?${text}` : ''}`}
                    aria-current={tab === id ? 'page' : undefined}
                    className={`rounded-md px-3 py-1.5 ${tab === id ? 'bg-ink text-white' : 'hover:bg-black/5'}`}
                  >
                    {label}
                  </Link>
                )
              })}
            </nav>
            <div role="group" aria-label="Controls" className="ml-auto flex gap-2">
              {customize ? (
                <>
                  <Link to={`${base}${tab === 'login' ? '?tab=login' : ''}`} className={buttonClass('secondary')}>
                    Cancel
                  </Link>
                  <Button type="submit">Save</Button>
                </>
              ) : (
                <ButtonLink to={`${base}?${new URLSearchParams({ ...(tab === 'login' && { tab }), customize: '1' })}`}>
                  Customize
                </ButtonLink>
              )}
            </div>
          </div>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.form}
            </p>
          ) : null}

          {tab === 'landing' ? (
            <LandingTab
              look={previewLook}
              layout={layout}
              customize={customize}
              gridUrls={Object.fromEntries(GRID_SLOTS.map((slot) => [slot, images[slot]?.url ?? null]))}
              heroUrl={images.hero?.url ?? null}
              templateLink={(choice) => `${base}?${new URLSearchParams({ customize: '1', layout: choice })}`}
              imageLink={imageLink}
            />
          ) : (
            <LoginPreview look={previewLook} />
          )}
        </div>
      </Form>
      <Outlet />
    </div>
  )
}

function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\s+/g, '-')}`
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-line bg-white p-4">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
      </h2>
      {children}
    </section>
  )
}

function ImageSlot({ label, url, editTo }: { label: string; url?: string | null; editTo: string | null }) {
  return (
    <div className="flex items-center gap-3">
      <div className="flex h-14 w-20 shrink-0 items-center justify-center overflow-hidden rounded border border-line bg-canvas">
        {url ? (
          <img src={url} alt={label} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-xs text-muted">None</span>
        )}
      </div>
      <div className="flex flex-col text-sm">
        <span className="font-medium">{label}</span>
        {editTo ? (
          <Link to={editTo} className="text-xs underline underline-offset-4" preventScrollReset>
            {url ? `Edit ${label.toLowerCase()}` : `Add ${label.toLowerCase()}`}
          </Link>
        ) : null}
      </div>
    </div>
  )
}

function LandingTab({
  look,
  layout,
  customize,
  gridUrls,
  heroUrl,
  templateLink,
  imageLink,
}: {
  look: BrandLook
  layout: LandingLayoutChoice
  customize: boolean
  gridUrls: Record<string, string | null>
  heroUrl: string | null
  templateLink: (layout: LandingLayoutChoice) => string
  imageLink: (slot: BrandImageSlot) => string
}) {
  return (
    <div className="flex flex-col gap-6">
      <ul aria-label="Templates" className="grid gap-4 sm:grid-cols-2">
        {LANDING_LAYOUTS.map((choice) => {
          const selected = choice === layout
          return (
            <li
              key={choice}
              aria-label={TEMPLATE_NAMES[choice]}
              data-testid={`template-${choice}`}
              className={`flex flex-col gap-3 rounded-lg border bg-white p-4 ${selected ? 'border-ink' : 'border-line'}`}
            >
              <TemplateSketch layout={choice} look={look} />
              <div className="flex items-center gap-2">
                <span className="font-medium">{TEMPLATE_NAMES[choice]}</span>
                {selected ? <Badge tone="success">Selected</Badge> : null}
                <Link
                  to={templateLink(choice)}
                  className={`${buttonClass(selected ? 'secondary' : 'primary')} ml-auto`}
                  preventScrollReset
                >
                  {selected ? 'Edit' : 'Use this Template'}
                </Link>
              </div>
            </li>
          )
        })}
      </ul>
      {layout === 'grid' ? (
        <section aria-label="Grid images" className="rounded-lg border border-line bg-white p-4">
          <h3 className="mb-3 text-sm font-semibold">Grid images</h3>
          <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6">
            {GRID_SLOTS.map((slot) => (
              <li key={slot} className="flex flex-col gap-1 text-xs">
                <div className="flex aspect-product items-center justify-center overflow-hidden rounded bg-canvas">
                  {gridUrls[slot] ? (
                    <img src={gridUrls[slot]!} alt={SLOT_SPECS[slot].label} className="h-full w-full object-cover" />
                  ) : (
                    <span className="text-muted">None</span>
                  )}
                </div>
                {customize ? (
                  <Link to={imageLink(slot)} className="underline underline-offset-4" preventScrollReset>
                    {gridUrls[slot] ? 'Edit' : 'Add'} {SLOT_SPECS[slot].label.toLowerCase()}
                  </Link>
                ) : (
                  <span className="text-muted">{SLOT_SPECS[slot].label}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <section aria-label="Hero" className="rounded-lg border border-line bg-white p-4 text-sm">
          <h3 className="mb-3 font-semibold">Hero image</h3>
          {heroUrl ? (
            <img src={heroUrl} alt="Hero" className="max-h-64 rounded object-cover" />
          ) : (
            <p className="text-muted">No hero image yet.</p>
          )}
          {customize ? (
            <Link to={imageLink('hero')} className="mt-2 inline-block underline underline-offset-4">
              {heroUrl ? 'Edit hero image' : 'Add hero image'}
            </Link>
          ) : null}
        </section>
      )}
    </div>
  )
}

/** A small drawing of a landing template in the brand's colours. */
function TemplateSketch({ layout, look }: { layout: LandingLayoutChoice; look: BrandLook }) {
  const panel = { backgroundColor: look.panel.backgroundColor, color: look.panel.fontColor }
  return (
    <div
      aria-hidden="true"
      className="relative flex h-32 items-center justify-center overflow-hidden rounded"
      style={{ backgroundColor: look.login.backgroundColor }}
    >
      {layout === 'grid' ? (
        <div className="absolute inset-2 grid grid-cols-3 gap-1 opacity-60">
          {GRID_SLOTS.map((slot, index) => {
            const url = look.landing.gridImageUrls[index]
            return url ? (
              <img key={slot} src={url} alt="" className="h-full w-full object-cover" />
            ) : (
              <span key={slot} className="rounded-sm bg-white/20" />
            )
          })}
        </div>
      ) : look.heroUrl ? (
        <img src={look.heroUrl} alt="" className="absolute inset-0 h-full w-full object-cover opacity-60" />
      ) : null}
      <div className="relative w-24 rounded px-2 py-3 text-[10px] shadow" style={panel}>
        Sign in
      </div>
    </div>
  )
}

/** The Login tab: background colour, font colour, logo and hero as the login page shows them. */
function LoginPreview({ look }: { look: BrandLook }) {
  const background = look.login.backgroundImageUrl ?? look.heroUrl
  return (
    <section
      aria-label="Login preview"
      data-testid="login-preview"
      className="relative flex min-h-80 flex-col justify-end overflow-hidden rounded-lg p-8"
      style={{ backgroundColor: look.login.backgroundColor, color: look.login.fontColor }}
    >
      {background ? (
        <img src={background} alt="" className="absolute inset-0 h-full w-full object-cover opacity-70" />
      ) : null}
      <div className="relative">
        {look.logoUrl ? <img src={look.logoUrl} alt={`${look.brandName} logo`} className="mb-4 max-h-12" /> : null}
        <p className="text-xs uppercase tracking-[0.3em] opacity-60">{look.brandName}</p>
        <p className="mt-2 text-2xl font-light">Product data, samples and your team, in one studio.</p>
      </div>
    </section>
  )
}
