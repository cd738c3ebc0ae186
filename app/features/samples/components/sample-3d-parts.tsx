// What the 3D stage and the viewer share: the model and its props, the frame, the plain card and
// the list of pins.
import { isPin, type AnyPin, type Shape } from '#app/features/samples/markup/shapes'
import type { SampleFormat } from '#app/features/samples/sample-formats'
import { formatFileSize } from '#app/platform/format'
import { buttonClass } from '#app/ui/button'
import { Link } from '@remix-run/react'
import { CubeIcon } from './download-card'
import type { FollowContext } from './use-follow'

export interface Model3d {
  brandKey: string
  sampleKey: string
  name: string
  /** The file, as a signed link of our own origin. */
  src: string
  format: SampleFormat
  size: number | null
  /** A still of the model, when there is one, shown without JavaScript. */
  poster: string | null
  /** Where the viewer sends a still of the model when the sample has none and the viewer may add one. */
  posterUpload: string | null
}

export interface Sample3dProps {
  model: Model3d
  shapes: Shape[]
  user: { key: string; name: string }
  markupMode: boolean
  canDraw: boolean
  annotateHref: string
  /** The pin whose thread is open. */
  activePin: string | null
  /** Where a pin's comment thread opens. */
  pinHref: (id: string) => string
  /** The series' versions, so one can follow someone who opens another. */
  follow?: FollowContext
}

export function Frame({ model, status }: { model: Model3d; status: string }) {
  return (
    <figure
      data-testid="model-3d-card"
      className="relative flex aspect-[4/3] max-h-[36rem] w-full flex-col items-center justify-center gap-4 overflow-hidden rounded-lg bg-gradient-to-b from-stone-50 to-stone-200 p-8 text-center"
    >
      {model.poster ? (
        <img src={model.poster} alt={model.name} className="absolute inset-0 h-full w-full object-contain" />
      ) : (
        <span className="flex h-20 w-20 items-center justify-center rounded-2xl bg-white text-stone-500 shadow-sm">
          <CubeIcon className="h-10 w-10" />
        </span>
      )}
      <figcaption className="relative flex flex-col items-center gap-1">
        <span className="break-words font-medium">{model.name}</span>
        <span className="text-sm text-muted">
          {model.format.label}
          {model.size !== null ? ` · ${formatFileSize(model.size)}` : ''}
        </span>
        <span className="mt-2 text-sm text-muted">{status}</span>
        <a href={model.src} download={model.name} className={buttonClass('secondary', 'mt-3')}>
          Download
        </a>
      </figcaption>
    </figure>
  )
}

export function Plain({ model, shapes, markupMode, canDraw, annotateHref, activePin, pinHref }: Sample3dProps) {
  return (
    <div className="flex flex-col gap-3">
      {markupMode && canDraw ? (
        <p className="rounded-md border border-line bg-white px-3 py-2 text-sm text-muted">
          Placing pins on the model needs JavaScript.{' '}
          <Link to={annotateHref} className="text-ink underline underline-offset-2">
            Save a note
          </Link>
        </p>
      ) : null}
      <Frame model={model} status="The 3D view needs JavaScript; Download opens the file." />
      <ModelPinList pins={shapes.filter(isPin)} activePin={activePin} pinHref={pinHref} />
    </div>
  )
}

/**
 * The model's pins as links to their threads, as the picture's pin list shows them: the way to a
 * pin's comments without JavaScript. With JavaScript `onOpen` opens the pin in place (the camera
 * turns to the pin's view) instead of following the link.
 */
export function ModelPinList({
  pins,
  activePin,
  pinHref,
  onOpen,
}: {
  pins: AnyPin[]
  activePin: string | null
  pinHref: (id: string) => string
  onOpen?: (pin: AnyPin) => void
}) {
  if (pins.length === 0) return null
  return (
    <nav aria-label="Pins" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-xs uppercase tracking-[0.2em] text-muted">Pins</span>
      {[...pins]
        .sort((a, b) => a.number - b.number)
        .map((pin) => (
          <Link
            key={pin.id}
            to={pinHref(pin.id)}
            preventScrollReset
            onClick={
              onOpen
                ? (event) => {
                    event.preventDefault()
                    onOpen(pin)
                  }
                : undefined
            }
            aria-current={pin.id === activePin ? 'true' : undefined}
            aria-label={`Pin ${pin.number}${pin.resolved ? ', resolved' : ''}`}
            className={`flex h-7 min-w-7 items-center justify-center rounded-full px-2 text-xs font-medium text-white ${
              pin.id === activePin ? 'ring-2 ring-ink ring-offset-2' : ''
            } ${pin.resolved ? 'opacity-40' : ''}`}
            style={{ backgroundColor: pin.colour }}
          >
            {pin.number}
          </Link>
        ))}
    </nav>
  )
}
