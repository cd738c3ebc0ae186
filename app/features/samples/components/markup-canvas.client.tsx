// The drawing surface of sample markup, with Konva. It only draws and reports gestures: shapes
// stay in coordinates from 0 to 1 of the image (app/features/samples/markup/shapes.ts) and are turned into
// pixels of the size shown here, so they sit right at any size. Loaded in the browser only.
//
// Its parts: the pointer's gestures (use-markup-pointer.ts), the shape and the text being drawn
// (use-markup-draft.ts), the pin cards (use-pin-card.ts), the trackpad's zoom (use-wheel-zoom.ts)
// and the Konva stage (markup-layer.client.tsx). The pins' own handles and cards are plain HTML
// above the stage, so they can take the keyboard's focus (pin-hover-card.tsx).
import { useRef } from 'react'
import type Konva from 'konva'
import { MARKUP_COLOURS, type MarkupColour, type PinShape, type Point } from '#app/features/samples/markup/shapes'
import { FITTED_VIEW, toBox } from '#app/features/samples/markup/stage-view'
import { MarkupLayer } from './markup-layer.client'
import { MarkupTextField } from './markup-text-field'
import { PinHandles, PinHoverCard } from './pin-hover-card'
import { shapeBase, TEXT_SIZE, useDraftShape, useTextDraft } from './use-markup-draft'
import { useMarkupPointer } from './use-markup-pointer'
import { usePinCard } from './use-pin-card'
import { useWheelZoom } from './use-wheel-zoom'
import type { MarkupCanvasProps, MarkupTool } from './markup-canvas-props'

export type { MarkupCanvasProps, MarkupTool }

export function MarkupCanvas(props: MarkupCanvasProps) {
  const { size, shapes, tool, colour, author, drawing, selected, viewers, onView, onOpenPin } = props
  const { view = FITTED_VIEW, pinPreviews = {} } = props
  const wrapper = useRef<HTMLDivElement>(null)
  const stage = useRef<Konva.Stage>(null)
  const base = () => shapeBase(colour, author)
  const draft = useDraftShape(props.onDrawing)
  const text = useTextDraft(props.onCreate, base)
  const card = usePinCard()
  useWheelZoom(wrapper, size, onView)
  const pins = shapes.filter((shape): shape is PinShape => shape.kind === 'pin')
  const pointer = useMarkupPointer(props, { wrapper, stage, view, pins, base, draft, text, card })

  const side = Math.min(size.width, size.height)
  const place = (point: Point) => toBox(view, point, size)
  const cardPin = card.id !== null && !draft.draft && !text.field ? pins.find((pin) => pin.id === card.id) : undefined
  const cardAnchor = (pin: PinShape): Point => {
    const box = wrapper.current?.getBoundingClientRect() ?? { left: 0, top: 0 }
    const at = place(pin)
    return { x: box.left + at.x, y: box.top + at.y }
  }
  return (
    <div
      ref={wrapper}
      className="relative"
      data-testid="markup-stage"
      onPointerDown={pointer.down}
      onPointerMove={pointer.move}
      onPointerUp={pointer.up}
      onPointerCancel={pointer.up}
      onPointerLeave={pointer.leave}
      style={{
        // Drawing and a zoomed picture take every touch; otherwise one finger still scrolls the page.
        touchAction: drawing || view.zoom > 1 ? 'none' : 'pan-x pan-y',
        cursor:
          drawing && tool !== 'select'
            ? 'crosshair'
            : !drawing && card.byPointer
              ? 'pointer'
              : !drawing && view.zoom > 1
                ? 'grab'
                : 'default',
      }}
    >
      <MarkupLayer
        stage={stage}
        size={size}
        view={view}
        shapes={shapes}
        draft={draft.draft}
        selected={selected}
        viewers={viewers}
        draggable={drawing && tool === 'select'}
        onSelect={props.onSelect}
        onChange={props.onChange}
      />
      <PinHandles
        pins={pins}
        place={place}
        box={size}
        carded={cardPin ? cardPin.id : null}
        onFocusPin={card.focus}
        onBlurPin={card.blur}
        onOpenPin={onOpenPin}
      />
      {cardPin ? <PinHoverCard pin={cardPin} preview={pinPreviews[cardPin.id]} anchor={cardAnchor(cardPin)} /> : null}
      {text.field ? (
        <MarkupTextField
          at={place(text.field.at)}
          value={text.field.value}
          fontSize={TEXT_SIZE * side * view.zoom}
          colour={colour}
          onChange={text.change}
          onCommit={text.commit}
          onCancel={text.cancel}
        />
      ) : null}
      {view.zoom > 1 && onView ? (
        <button
          type="button"
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => onView(() => FITTED_VIEW)}
          aria-label={`Zoom ${Math.round(view.zoom * 100)}%: fit the picture`}
          className="absolute right-2 top-2 rounded bg-white/90 px-2 py-1 text-xs font-medium text-ink shadow"
        >
          {Math.round(view.zoom * 100)}% · Fit
        </button>
      ) : null}
    </div>
  )
}

export const COLOUR_CHOICES = Object.entries(MARKUP_COLOURS) as [string, MarkupColour][]
