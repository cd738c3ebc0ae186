// The pieces of comparing two versions: a picture with its markup drawn over it, fitted to the
// frame, and the opacity of the top version when the two are stacked.
import { svgOf, type Shape } from '#app/features/samples/markup/shapes'
import { buttonClass } from '#app/ui/button'
import { useHydrated } from '#app/ui/use-hydrated'
import { Form, Link } from '@remix-run/react'
import { useId } from 'react'
import type { SampleView } from '../views'

/** A size for a picture whose size is not known yet, as the review stage assumes. */
const UNKNOWN_SIDE = 1000

export const isPicture = (version: SampleView) =>
  Boolean(version.assets) && (version.type === 'image' || version.type === 'gif')

export function pictureSource(version: SampleView): string | null {
  return version.assets?.web ?? version.assets?.original ?? null
}

/**
 * A picture fitted into its frame at its own aspect ratio, with the markup over it (null: none
 * shown). The box is sized from the frame (a size container), not from the loaded image, so the
 * server draws the overlay exactly over the picture and both zoom and pan as one.
 */
export function FittedPicture({
  version,
  shapes,
  opacity,
  testId,
}: {
  version: SampleView
  shapes: Shape[] | null
  /** 0–1, the picture's alone: its markup stays fully drawn. */
  opacity?: number
  testId: string
}) {
  const source = pictureSource(version)
  const size = { width: version.width ?? UNKNOWN_SIDE, height: version.height ?? UNKNOWN_SIDE }
  const ratio = size.width / size.height
  return (
    <div className="absolute inset-0 flex items-center justify-center [container-type:size]">
      <div
        className="relative"
        style={{ width: `min(100cqw, 100cqh * ${ratio})`, height: `min(100cqh, 100cqw / ${ratio})` }}
      >
        {source ? (
          <img
            src={source}
            alt=""
            draggable={false}
            data-testid={testId}
            data-version={version.version}
            className="absolute inset-0 h-full w-full object-contain"
            style={opacity === undefined ? undefined : { opacity }}
          />
        ) : null}
        {shapes && shapes.length > 0 ? (
          <div
            data-testid="compare-markup"
            data-version={version.version}
            data-shapes={shapes.length}
            role="img"
            aria-label={`Markup of version ${version.version}: ${shapes.length} ${shapes.length === 1 ? 'mark' : 'marks'}`}
            className="pointer-events-none absolute inset-0 [&>svg]:h-full [&>svg]:w-full"
            // svgOf escapes every text and writes only palette colours (markup/shape-svg.ts).
            dangerouslySetInnerHTML={{ __html: svgOf(shapes, size) }}
          />
        ) : null}
      </div>
    </div>
  )
}

/** Two links that work as one switch: the one shown is marked current. */
export function SwitchLinks({
  label,
  options,
}: {
  label: string
  options: { name: string; href: string; current: boolean }[]
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md border border-line bg-white p-0.5">
      {options.map((option) => (
        <Link
          key={option.name}
          to={option.href}
          preventScrollReset
          replace
          aria-current={option.current ? 'true' : undefined}
          className="rounded px-3 py-1.5 text-sm text-muted hover:text-ink aria-[current=true]:bg-ink aria-[current=true]:text-white"
        >
          {option.name}
        </Link>
      ))}
    </div>
  )
}

/**
 * A link that switches something on or off, drawn as a check box so it reads apart from the
 * page's buttons; its name says which way it stands.
 */
export function CheckLink({ href, on, label, detail }: { href: string; on: boolean; label: string; detail: string }) {
  return (
    <Link to={href} preventScrollReset replace className={buttonClass('ghost', 'px-3 py-1.5')}>
      <span
        aria-hidden
        className={`flex h-4 w-4 items-center justify-center rounded border ${on ? 'border-ink bg-ink text-white' : 'border-muted bg-white'}`}
      >
        {on ? (
          <svg viewBox="0 0 16 16" className="h-3 w-3" fill="none" stroke="currentColor" strokeWidth={2.5}>
            <path d="M3 8.5l3 3 7-7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : null}
      </span>
      {label}
      <span className="sr-only">
        {' '}
        {detail} {on ? '(on)' : '(off)'}
      </span>
    </Link>
  )
}

/**
 * The top version's opacity. With JavaScript the picture follows the slider as it moves; without,
 * the form asks for the page again at the chosen opacity (`?opacity=`), keeping the rest of the
 * address in hidden fields.
 */
export function OpacityControl({
  version,
  opacity,
  onOpacity,
  href,
}: {
  version: number
  opacity: number
  onOpacity: (opacity: number) => void
  /** The page's address as it is, without an opacity. */
  href: string
}) {
  const hydrated = useHydrated()
  const id = useId()
  const [path, search = ''] = href.split('?')
  return (
    <Form
      method="get"
      action={path}
      preventScrollReset
      replace
      className="flex items-center gap-3 text-sm"
      data-testid="opacity-form"
    >
      {[...new URLSearchParams(search)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="whitespace-nowrap text-muted">
        Opacity of version {version}
      </label>
      <input
        id={id}
        type="range"
        name="opacity"
        min={0}
        max={100}
        step={1}
        value={opacity}
        onChange={(event) => onOpacity(Number(event.target.value))}
        className="w-40 accent-ink"
      />
      {hydrated ? (
        <output htmlFor={id} className="w-10 text-right tabular-nums">
          {opacity}%
        </output>
      ) : (
        <button
          type="submit"
          className="rounded-md border border-line bg-white px-3 py-1 text-sm font-medium text-ink hover:border-ink"
        >
          Apply
        </button>
      )}
    </Form>
  )
}
