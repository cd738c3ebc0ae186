// The drawing surface of sample markup, with Konva. It only draws and reports gestures: shapes
// stay in coordinates from 0 to 1 of the image (app/features/samples/markup/shapes.ts) and are turned into
// pixels of the size shown here, so they sit right at any size. Loaded in the browser only.
//
// Mouse, pen and touch all come as pointer events. One finger or a pen draws; a second finger
// landing drops the stroke the first one began and pinches instead, zooming and panning the
// picture (the view is the caller's, which moves the picture below the same way). A long press on
// a pin opens its thread, as a click does when not drawing.
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import type Konva from 'konva'
import { Group, Label, Layer, Stage, Tag, Text } from 'react-konva'
import {
  MARKUP_COLOURS,
  PIN_SCREEN_RADIUS,
  RESOLVED_PIN_OPACITY,
  clampToImage,
  moveShape,
  nextPinNumber,
  toPixels,
  typedText,
  type ImageSize,
  type MarkupColour,
  type PinShape,
  type Point,
  type Shape,
} from '#app/features/samples/markup/shapes'
import {
  FITTED_VIEW,
  LONG_PRESS_MS,
  movedAway,
  panStage,
  pinAt,
  pinchView,
  stageTransform,
  toBox,
  toPicture,
  wheelZoomFactor,
  zoomAround,
  type StageView,
} from '#app/features/samples/markup/stage-view'
import type { PinPreviews } from '#app/features/samples/pin-preview'
import { MarkupTextField } from './markup-text-field'
import { ShapeNode } from './markup-shape-node.client'
import { PinHandles, PinHoverCard } from './pin-hover-card'
import type { Viewer } from './use-sample-markup'

export type MarkupTool = 'select' | 'pen' | 'arrow' | 'rect' | 'ellipse' | 'text' | 'pin'

/** Line width and text size, as fractions of the image's smaller side. */
const STROKE = 0.005
const TEXT_SIZE = 0.035
/** A finger is wider than a pointer: a pin is found this far outside its circle. */
const TOUCH_REACH = 8

const newId = () => crypto.randomUUID().replace(/-/g, '')
const unit = (value: number) => Math.min(1, Math.max(0, value))

interface Press {
  pointer: number
  at: Point
  pin: string | null
  moved: boolean
  timer: number | null
  /** A press that only closed the open text field: it places nothing. */
  closedField: boolean
}

export function MarkupCanvas({
  size,
  shapes,
  tool,
  colour,
  author,
  drawing,
  selected,
  viewers,
  view = FITTED_VIEW,
  onView,
  pinPreviews = {},
  onCreate,
  onChange,
  onSelect,
  onCursor,
  onDrawing,
  onOpenPin,
}: {
  /** The size the image is shown at, in pixels. */
  size: ImageSize
  shapes: Shape[]
  tool: MarkupTool
  colour: MarkupColour
  author: string
  /** Whether this person may draw (markup mode and the review ability). */
  drawing: boolean
  selected: string | null
  viewers: Viewer[]
  /** The picture's zoom and pan; without onView it stays fitted. */
  view?: StageView
  onView?: (update: (view: StageView) => StageView) => void
  /** The first comment of each pin that has one, for its card. */
  pinPreviews?: PinPreviews
  onCreate(shape: Shape): void
  onChange(before: Shape, after: Shape): void
  onSelect(id: string | null): void
  onCursor(point: Point | null): void
  /** The shape being drawn, as it grows, and null when it is let go. */
  onDrawing(shape: Shape | null): void
  /** A pin clicked while not drawing, or long-pressed: its comment thread opens. */
  onOpenPin(id: string): void
}) {
  const [draft, setDraft] = useState<Shape | null>(null)
  useEffect(() => onDrawing(draft), [draft, onDrawing])
  const [typing, setTypingState] = useState<{ at: Point; value: string } | null>(null)
  const typingRef = useRef(typing)
  const setTyping = (next: typeof typing) => {
    typingRef.current = next
    setTypingState(next)
  }
  const [card, setCard] = useState<{ id: string; via: 'pointer' | 'focus' } | null>(null)
  const start = useRef<Point | null>(null)
  const wrapper = useRef<HTMLDivElement>(null)
  const stage = useRef<Konva.Stage>(null)
  // Fingers on the surface, where they are in the box; the pinch they make; the press of the
  // first pointer; a one-pointer pan of the zoomed picture; and whether the gesture is spent
  // (a pinch or a long press happened), so nothing more happens until every finger is up.
  const touches = useRef(new Map<number, Point>())
  const pinch = useRef<{ view: StageView; ids: [number, number]; from: [Point, Point] } | null>(null)
  const press = useRef<Press | null>(null)
  const pan = useRef<Point | null>(null)
  const spent = useRef(false)
  const viewRef = useRef(view)
  viewRef.current = view
  const onViewRef = useRef(onView)
  onViewRef.current = onView

  const aspect = size.width / size.height
  const side = Math.min(size.width, size.height)
  const unscale = 1 / view.zoom
  const pins = shapes.filter((shape): shape is PinShape => shape.kind === 'pin')

  const local = (event: { clientX: number; clientY: number }): Point => {
    const box = wrapper.current!.getBoundingClientRect()
    return { x: event.clientX - box.left, y: event.clientY - box.top }
  }
  const onPicture = (at: Point): Point => {
    const point = toPicture(viewRef.current, at, size)
    return { x: unit(point.x), y: unit(point.y) }
  }

  // A trackpad's pinch arrives as a wheel with Ctrl held; a plain wheel scrolls the page.
  useEffect(() => {
    const element = wrapper.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      const update = onViewRef.current
      if (!event.ctrlKey || !update) return
      event.preventDefault()
      const at = local(event)
      update((current) => zoomAround(current, current.zoom * wheelZoomFactor(event.deltaY, event.deltaMode), at, size))
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [size])

  useEffect(() => () => clearPress(), [])

  const base = () => ({ id: newId(), colour, strokeWidth: STROKE, author, created: Date.now() })

  function clearPress() {
    if (press.current?.timer) window.clearTimeout(press.current.timer)
    press.current = null
  }
  /** Drops the stroke being drawn: nothing is stored. */
  const dropStroke = () => {
    start.current = null
    setDraft(null)
  }
  const commitTyping = () => {
    const open = typingRef.current
    if (!open) return
    setTyping(null)
    const text = typedText(open.value)
    if (text) onCreate(clampToImage({ ...base(), kind: 'text', x: open.at.x, y: open.at.y, text, size: TEXT_SIZE }))
  }

  const down = (event: PointerEvent<HTMLDivElement>) => {
    const at = local(event)
    // Touch and pen are handled here alone: no emulated mouse events, no focus moves.
    if (event.pointerType !== 'mouse') event.preventDefault()
    if (event.pointerType === 'touch') {
      touches.current.set(event.pointerId, at)
      if (touches.current.size === 2 && onView) {
        // A second finger: the first one's stroke or press is dropped, and the two pinch.
        dropStroke()
        clearPress()
        pan.current = null
        for (const node of stage.current?.find('Group') ?? []) if (node.isDragging()) node.stopDrag()
        const ids = [...touches.current.keys()] as [number, number]
        pinch.current = {
          view: viewRef.current,
          ids,
          from: [touches.current.get(ids[0])!, touches.current.get(ids[1])!],
        }
        spent.current = true
        setCard(null)
        return
      }
    }
    if (spent.current || press.current || (event.pointerType === 'mouse' && event.button !== 0)) return
    event.currentTarget.setPointerCapture(event.pointerId)
    const reach = PIN_SCREEN_RADIUS + (event.pointerType === 'mouse' ? 0 : TOUCH_REACH)
    const pin = pinAt(pins, at, viewRef.current, size, reach)?.id ?? null
    const closedField = typingRef.current !== null
    commitTyping()
    const pressed: Press = { pointer: event.pointerId, at, pin, moved: false, timer: null, closedField }
    if (pin && event.pointerType !== 'mouse') {
      pressed.timer = window.setTimeout(() => {
        if (press.current !== pressed || pressed.moved) return
        dropStroke()
        press.current = null
        spent.current = event.pointerType === 'touch'
        onOpenPin(pin)
      }, LONG_PRESS_MS)
    }
    press.current = pressed
    if (!drawing && viewRef.current.zoom > 1) pan.current = at
    if (!drawing || closedField || !['pen', 'arrow', 'rect', 'ellipse'].includes(tool)) return
    const point = onPicture(at)
    start.current = point
    if (tool === 'pen') setDraft({ ...base(), kind: 'pen', points: [point.x, point.y] })
    if (tool === 'arrow') setDraft({ ...base(), kind: 'arrow', from: point, to: point })
    if (tool === 'rect') setDraft({ ...base(), kind: 'rect', x: point.x, y: point.y, width: 0, height: 0 })
    if (tool === 'ellipse') setDraft({ ...base(), kind: 'ellipse', cx: point.x, cy: point.y, rx: 0, ry: 0 })
  }

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const at = local(event)
    if (event.pointerType === 'touch' && touches.current.has(event.pointerId)) touches.current.set(event.pointerId, at)
    const pinching = pinch.current
    if (pinching) {
      const [a, b] = pinching.ids.map((id) => touches.current.get(id))
      if (a && b && onView) onView(() => pinchView(pinching.view, pinching.from, [a, b], size))
      return
    }
    const point = onPicture(at)
    onCursor(point)
    const pressed = press.current
    if (pressed?.pointer === event.pointerId && !pressed.moved && movedAway(pressed.at, at)) {
      pressed.moved = true
      if (pressed.timer) window.clearTimeout(pressed.timer)
    }
    if (event.buttons === 0 && event.pointerType !== 'touch') {
      // Hovering: the pin under the pointer shows its card.
      const hovered = pinAt(pins, at, viewRef.current, size, PIN_SCREEN_RADIUS)?.id ?? null
      if (hovered && card?.id !== hovered) setCard({ id: hovered, via: 'pointer' })
      if (!hovered && card?.via === 'pointer') setCard(null)
    }
    if (pan.current && pressed?.pointer === event.pointerId && pressed.moved && onView) {
      const from = pan.current
      pan.current = at
      onView((current) => panStage(current, at.x - from.x, at.y - from.y, size))
    }
    const from = start.current
    if (!from || !draft) return
    if (draft.kind === 'pen' && draft.points.length < 4000)
      setDraft({ ...draft, points: [...draft.points, point.x, point.y] })
    if (draft.kind === 'arrow') setDraft({ ...draft, to: point })
    if (draft.kind === 'rect') {
      setDraft({
        ...draft,
        x: Math.min(from.x, point.x),
        y: Math.min(from.y, point.y),
        width: Math.abs(point.x - from.x),
        height: Math.abs(point.y - from.y),
      })
    }
    if (draft.kind === 'ellipse') {
      setDraft({
        ...draft,
        cx: (from.x + point.x) / 2,
        cy: (from.y + point.y) / 2,
        rx: Math.abs(point.x - from.x) / 2,
        ry: Math.abs(point.y - from.y) / 2,
      })
    }
  }

  const up = (event: PointerEvent<HTMLDivElement>) => {
    touches.current.delete(event.pointerId)
    if (pinch.current && !pinch.current.ids.every((id) => touches.current.has(id))) pinch.current = null
    if (spent.current) {
      if (touches.current.size === 0) spent.current = false
      if (press.current?.pointer === event.pointerId) clearPress()
      return
    }
    const pressed = press.current
    if (pressed?.pointer !== event.pointerId) return
    clearPress()
    pan.current = null
    const cancelled = event.type === 'pointercancel'
    if (!pressed.moved && !pressed.closedField && !cancelled) tap(pressed, onPicture(local(event)))
    const shape = draft
    start.current = null
    setDraft(null)
    // A stroke the browser took over (pointercancel) is dropped, not stored.
    if (!shape || cancelled) return
    // A click without a drag draws nothing.
    const tiny =
      (shape.kind === 'rect' && (shape.width < 0.005 || shape.height < 0.005)) ||
      (shape.kind === 'ellipse' && (shape.rx < 0.003 || shape.ry < 0.003)) ||
      (shape.kind === 'arrow' && Math.hypot(shape.to.x - shape.from.x, shape.to.y - shape.from.y) < 0.01) ||
      (shape.kind === 'pen' && shape.points.length < 4)
    if (!tiny) onCreate(clampToImage(shape.kind === 'pen' ? { ...shape, points: shape.points.slice(0, 4000) } : shape))
  }

  /** A click or tap in place: places a pin, opens the text field, or opens a pin's thread. */
  const tap = (pressed: Press, point: Point) => {
    if (drawing && tool === 'pin') {
      onCreate({ ...base(), kind: 'pin', x: point.x, y: point.y, number: nextPinNumber(shapes), resolved: false })
    } else if (drawing && tool === 'text') {
      setCard(null)
      setTyping({ at: point, value: '' })
    } else if (!drawing && pressed.pin) {
      onOpenPin(pressed.pin)
    }
  }

  const draggable = drawing && tool === 'select'
  const dragEnd = (shape: Shape) => (event: Konva.KonvaEventObject<DragEvent>) => {
    const node = event.target
    const dx = node.x() / size.width
    const dy = node.y() / size.height
    node.position({ x: 0, y: 0 })
    onChange(shape, moveShape(shape, dx, dy, aspect))
  }

  const transform = stageTransform(view, size)
  const place = (point: Point) => toBox(view, point, size)
  const cardPin = card && !draft && !typing ? pins.find((pin) => pin.id === card.id) : undefined
  const cardAnchor = (pin: PinShape): Point => {
    const box = wrapper.current?.getBoundingClientRect() ?? { left: 0, top: 0 }
    const at = place(pin)
    return { x: box.left + at.x, y: box.top + at.y }
  }
  const all = draft ? [...shapes, draft] : shapes
  return (
    <div
      ref={wrapper}
      className="relative"
      data-testid="markup-stage"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onPointerLeave={(event) => {
        if (event.pointerType === 'touch') return
        onCursor(null)
        if (card?.via === 'pointer') setCard(null)
      }}
      style={{
        // Drawing and a zoomed picture take every touch; otherwise one finger still scrolls the page.
        touchAction: drawing || view.zoom > 1 ? 'none' : 'pan-x pan-y',
        cursor:
          drawing && tool !== 'select'
            ? 'crosshair'
            : !drawing && card?.via === 'pointer'
              ? 'pointer'
              : !drawing && view.zoom > 1
                ? 'grab'
                : 'default',
      }}
    >
      <Stage
        ref={stage}
        width={size.width}
        height={size.height}
        scaleX={transform.scale}
        scaleY={transform.scale}
        x={transform.x}
        y={transform.y}
        onMouseDown={(event) => {
          if (draggable && event.target === event.target.getStage()) onSelect(null)
        }}
      >
        <Layer>
          {all.map((shape) => (
            <Group
              key={shape.id}
              draggable={draggable && shape !== draft}
              onDragEnd={dragEnd(shape)}
              onMouseDown={() => draggable && onSelect(shape.id)}
              onTap={() => draggable && onSelect(shape.id)}
              opacity={shape.kind === 'pin' && shape.resolved ? RESOLVED_PIN_OPACITY : 1}
            >
              <ShapeNode shape={toPixels(shape, size)} selected={shape.id === selected} unscale={unscale} />
            </Group>
          ))}
          {viewers.map((viewer) =>
            viewer.drawing ? (
              <Group key={`drawing-${viewer.clientId}`} listening={false} opacity={0.6}>
                <ShapeNode shape={toPixels(viewer.drawing, size)} selected={false} unscale={unscale} />
              </Group>
            ) : null,
          )}
          {viewers
            .filter((viewer) => viewer.cursor)
            .map((viewer) => (
              <Label
                key={viewer.clientId}
                x={viewer.cursor!.x * size.width}
                y={viewer.cursor!.y * size.height}
                scaleX={unscale}
                scaleY={unscale}
                listening={false}
              >
                <Tag fill="#111827" pointerDirection="up" pointerWidth={8} pointerHeight={6} cornerRadius={3} />
                <Text text={viewer.name} fill="#ffffff" fontSize={12} padding={4} />
              </Label>
            ))}
        </Layer>
      </Stage>
      <PinHandles
        pins={pins}
        place={place}
        box={size}
        carded={cardPin ? cardPin.id : null}
        onFocusPin={(id) => setCard({ id, via: 'focus' })}
        onBlurPin={(id) => setCard((current) => (current?.via === 'focus' && current.id === id ? null : current))}
        onOpenPin={onOpenPin}
      />
      {cardPin ? <PinHoverCard pin={cardPin} preview={pinPreviews[cardPin.id]} anchor={cardAnchor(cardPin)} /> : null}
      {typing ? (
        <MarkupTextField
          at={place(typing.at)}
          value={typing.value}
          fontSize={TEXT_SIZE * side * view.zoom}
          colour={colour}
          onChange={(value) => setTyping({ at: typing.at, value })}
          onCommit={commitTyping}
          onCancel={() => setTyping(null)}
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
