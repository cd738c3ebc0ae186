// The Image Crop modal's form (access.md §2, §5): Replace (choose a file), Reset (back to the whole
// original), Crop and Save. Without JavaScript the crop is four number fields in percent of the
// image, prefilled with the saved crop; with JavaScript a rectangle is dragged over the image
// (arrow keys move it) and fills the same fields. The server crops (app/features/files/images.server.ts).
import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { buttonClass } from '#app/ui/button'
import { CsrfField } from '#app/ui/misc'
import { useCsrfToken } from '#app/platform/csrf'
import {
  SELECT_CROP_AREA,
  defaultCrop,
  nudgeCrop,
  rectFromPoints,
  type CropRect,
  type SlotSpec,
} from '#app/features/files/crop'
import { useHydrated } from '#app/ui/use-hydrated'

export interface CropImage {
  url: string
  originalUrl: string
  crop: CropRect | null
}

const FIELDS = [
  ['x', 'X'],
  ['y', 'Y'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const

export function ImageCropForm({
  image,
  spec,
  cancelTo,
  error,
}: {
  image: CropImage | null
  spec: SlotSpec
  cancelTo: string
  error?: string | null
}) {
  const csrf = useCsrfToken()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [source, setSource] = useState<string | null>(image?.originalUrl ?? null)
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const [rect, setRect] = useState<CropRect | null>(null)
  const [alert, setAlert] = useState<string | null>(null)
  useEffect(() => {
    setSource(image?.originalUrl ?? null)
    setRect(null)
  }, [image?.originalUrl, image?.url])

  // Without JavaScript the fields show the saved crop (or the default for a fixed aspect).
  const serverRect = image?.crop ?? { x: 0, y: 0, width: 100, height: 100 }
  const busy = navigation.state !== 'idle'

  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" replace>
      <CsrfField token={csrf} />
      {spec.hint ? <p className="text-xs text-muted">{spec.hint}</p> : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {source ? (
        hydrated ? (
          <CropArea
            src={source}
            spec={spec}
            rect={rect}
            onRect={(next) => {
              setRect(next)
              if (next) setAlert(null)
            }}
            onLoad={setNatural}
          />
        ) : (
          <div className="relative overflow-hidden rounded-md bg-canvas">
            <img src={source} alt="Original to crop" className="block max-h-80 w-full object-contain" />
          </div>
        )
      ) : (
        <p className="rounded-md border border-dashed border-line p-6 text-center text-sm text-muted">
          No image yet. Choose one with Replace.
        </p>
      )}
      {image ? (
        <p className="flex items-center gap-3 text-xs text-muted">
          Saved:
          <img
            src={image.url}
            alt="Saved image"
            data-testid="saved-image"
            className={`h-12 w-auto border border-line object-cover ${spec.round ? 'w-12 rounded-full' : 'rounded'}`}
          />
        </p>
      ) : null}
      {hydrated ? (
        FIELDS.map(([name]) => <input key={name} type="hidden" name={name} value={rect ? String(rect[name]) : ''} />)
      ) : (
        <fieldset className="grid grid-cols-4 gap-2">
          <legend className="mb-1 text-xs text-muted">Crop area in % of the image</legend>
          {FIELDS.map(([name, label]) => (
            <label key={name} className="flex flex-col gap-1 text-xs">
              {label}
              <input
                type="number"
                name={name}
                min={0}
                max={100}
                step="0.01"
                defaultValue={serverRect[name]}
                className="rounded-md border border-line px-2 py-1 text-sm"
              />
            </label>
          ))}
        </fieldset>
      )}
      {/* Space kept for the alert, so the image does not move under the pointer when it goes. */}
      <div className="min-h-5 text-sm text-red-700">{alert ? <p role="alert">{alert}</p> : null}</div>
      <div className="flex flex-wrap items-center gap-2">
        <label className={`${buttonClass('secondary')} cursor-pointer focus-within:ring-2 focus-within:ring-ink`}>
          Replace
          <input
            type="file"
            name="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (!file) return
              setSource(URL.createObjectURL(file))
              setRect(null)
            }}
          />
        </label>
        <button
          type="submit"
          name="intent"
          value="reset"
          className={buttonClass('secondary')}
          disabled={busy || !image}
        >
          Reset
        </button>
        <button
          type="submit"
          name="intent"
          value="crop"
          className={buttonClass('secondary')}
          disabled={busy}
          onClick={(event) => {
            if (hydrated && !rect) {
              event.preventDefault()
              setAlert(SELECT_CROP_AREA)
            }
          }}
        >
          Crop
        </button>
        <div className="ml-auto flex gap-2">
          <Link to={cancelTo} className={buttonClass('ghost')}>
            Cancel
          </Link>
          <button type="submit" name="intent" value="save" className={buttonClass('primary')} disabled={busy}>
            Save
          </button>
        </div>
      </div>
      {natural ? (
        <p className="sr-only" aria-live="polite">
          Image {natural.width} by {natural.height} pixels
        </p>
      ) : null}
    </Form>
  )
}

function CropArea({
  src,
  spec,
  rect,
  onRect,
  onLoad,
}: {
  src: string
  spec: SlotSpec
  rect: CropRect | null
  onRect: (rect: CropRect | null) => void
  onLoad: (size: { width: number; height: number }) => void
}) {
  const area = useRef<HTMLDivElement>(null)
  const start = useRef<{ x: number; y: number } | null>(null)
  const [size, setSize] = useState({ width: 1, height: 1 })

  const pointAt = (event: PointerEvent) => {
    const box = area.current!.getBoundingClientRect()
    return {
      x: ((event.clientX - box.left) / box.width) * 100,
      y: ((event.clientY - box.top) / box.height) * 100,
    }
  }
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 10 : 1
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    if (event.key === 'Enter' || event.key === ' ') {
      // The keyboard way to select: the whole image, or the centred area of the slot's aspect.
      event.preventDefault()
      onRect(defaultCrop(size.width, size.height, spec.aspect))
      return
    }
    if (event.key === 'Escape' && rect) {
      event.stopPropagation()
      onRect(null)
      return
    }
    const move = moves[event.key]
    if (!move || !rect) return
    event.preventDefault()
    onRect(nudgeCrop(rect, move[0], move[1]))
  }

  return (
    <div className="flex justify-center rounded-md bg-canvas">
      <div
        ref={area}
        role="application"
        tabIndex={0}
        aria-label="Crop area: drag over the image to select, Enter selects all, arrow keys move the selection"
        data-testid="crop-area"
        className="relative inline-block touch-none select-none overflow-hidden outline-none focus-visible:ring-2 focus-visible:ring-ink"
        onKeyDown={onKeyDown}
        onPointerDown={(event) => {
          area.current?.setPointerCapture(event.pointerId)
          start.current = pointAt(event)
        }}
        onPointerMove={(event) => {
          if (!start.current) return
          onRect(rectFromPoints(start.current, pointAt(event), size.width, size.height, spec.aspect))
        }}
        onPointerUp={(event) => {
          if (start.current) onRect(rectFromPoints(start.current, pointAt(event), size.width, size.height, spec.aspect))
          start.current = null
        }}
      >
        <img
          src={src}
          alt="Original to crop"
          draggable={false}
          className="block max-h-80 max-w-full"
          onLoad={(event) => {
            const next = { width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight }
            setSize(next)
            onLoad(next)
          }}
        />
        {rect ? (
          <div
            data-testid="crop-selection"
            className={`pointer-events-none absolute border-2 border-white ${spec.round ? 'rounded-full' : ''}`}
            style={{
              left: `${rect.x}%`,
              top: `${rect.y}%`,
              width: `${rect.width}%`,
              height: `${rect.height}%`,
              boxShadow: '0 0 0 9999px rgba(0,0,0,0.45)',
            }}
          />
        ) : null}
      </div>
    </div>
  )
}
