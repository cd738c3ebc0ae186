// The pointer's gestures on the markup surface. Mouse, pen and touch all come as pointer events.
// One finger or a pen draws; a second finger landing drops the stroke the first one began and
// pinches instead, zooming and panning the picture (the view is the caller's, which moves the
// picture below the same way). A one-pointer drag pans a zoomed picture when not drawing. A long
// press on a pin opens its thread, as a click does when not drawing; a hovering pointer shows a
// pin's card.
import { useEffect, useRef, type PointerEvent, type RefObject } from 'react'
import type Konva from 'konva'
import { PIN_SCREEN_RADIUS, nextPinNumber, type PinShape, type Point } from '#app/features/samples/markup/shapes'
import {
  LONG_PRESS_MS,
  movedAway,
  panStage,
  pinAt,
  pinchView,
  toPicture,
  type StageView,
} from '#app/features/samples/markup/stage-view'
import type { MarkupCanvasProps } from './markup-canvas-props'
import type { DraftShape, ShapeBase, TextDraft } from './use-markup-draft'
import type { PinCard } from './use-pin-card'
import { boxPoint } from './use-wheel-zoom'

/** A finger is wider than a pointer: a pin is found this far outside its circle. */
const TOUCH_REACH = 8
/** The tools whose shape is dragged out. */
const DRAGGED_TOOLS = ['pen', 'arrow', 'rect', 'ellipse']

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

/** The parts of the surface the gestures move. */
export interface MarkupSurface {
  wrapper: RefObject<HTMLDivElement>
  stage: RefObject<Konva.Stage>
  view: StageView
  pins: PinShape[]
  base: () => ShapeBase
  draft: DraftShape
  text: TextDraft
  card: PinCard
}

export function useMarkupPointer(props: MarkupCanvasProps, surface: MarkupSurface) {
  const { size, shapes, tool, drawing, onView, onCreate, onCursor, onOpenPin } = props
  const { wrapper, stage, pins, base, draft, text, card } = surface
  const pinch = usePinch(size, onView)
  // The press of the first pointer; a one-pointer pan of the zoomed picture; and whether the
  // gesture is spent (a pinch or a long press happened), so nothing more happens until every
  // finger is up.
  const press = useRef<Press | null>(null)
  const pan = useRef<Point | null>(null)
  const spent = useRef(false)
  const viewRef = useRef(surface.view)
  viewRef.current = surface.view

  const local = (event: { clientX: number; clientY: number }) => boxPoint(wrapper.current!, event)
  const onPicture = (at: Point): Point => {
    const point = toPicture(viewRef.current, at, size)
    return { x: unit(point.x), y: unit(point.y) }
  }

  useEffect(() => () => clearPress(), [])

  function clearPress() {
    if (press.current?.timer) window.clearTimeout(press.current.timer)
    press.current = null
  }

  const down = (event: PointerEvent<HTMLDivElement>) => {
    const at = local(event)
    // Touch and pen are handled here alone: no emulated mouse events, no focus moves.
    if (event.pointerType !== 'mouse') event.preventDefault()
    if (event.pointerType === 'touch' && pinch.fingerDown(event.pointerId, at, viewRef.current)) {
      // A second finger: the first one's stroke or press is dropped, and the two pinch.
      draft.drop()
      clearPress()
      pan.current = null
      for (const node of stage.current?.find('Group') ?? []) if (node.isDragging()) node.stopDrag()
      spent.current = true
      card.close()
      return
    }
    if (spent.current || press.current || (event.pointerType === 'mouse' && event.button !== 0)) return
    event.currentTarget.setPointerCapture(event.pointerId)
    const reach = PIN_SCREEN_RADIUS + (event.pointerType === 'mouse' ? 0 : TOUCH_REACH)
    const pin = pinAt(pins, at, viewRef.current, size, reach)?.id ?? null
    const closedField = text.isOpen()
    text.commit()
    const pressed: Press = { pointer: event.pointerId, at, pin, moved: false, timer: null, closedField }
    if (pin && event.pointerType !== 'mouse') {
      pressed.timer = window.setTimeout(() => {
        if (press.current !== pressed || pressed.moved) return
        draft.drop()
        press.current = null
        spent.current = event.pointerType === 'touch'
        onOpenPin(pin)
      }, LONG_PRESS_MS)
    }
    press.current = pressed
    if (!drawing && viewRef.current.zoom > 1) pan.current = at
    if (!drawing || closedField || !DRAGGED_TOOLS.includes(tool)) return
    draft.begin(tool, onPicture(at), base)
  }

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const at = local(event)
    if (pinch.fingerMove(event, at)) return
    const point = onPicture(at)
    onCursor(point)
    const pressed = press.current
    if (pressed?.pointer === event.pointerId && !pressed.moved && movedAway(pressed.at, at)) {
      pressed.moved = true
      if (pressed.timer) window.clearTimeout(pressed.timer)
    }
    // Hovering: the pin under the pointer shows its card.
    if (event.buttons === 0 && event.pointerType !== 'touch')
      card.hover(pinAt(pins, at, viewRef.current, size, PIN_SCREEN_RADIUS)?.id ?? null)
    if (pan.current && pressed?.pointer === event.pointerId && pressed.moved && onView) {
      const from = pan.current
      pan.current = at
      onView((current) => panStage(current, at.x - from.x, at.y - from.y, size))
    }
    draft.grow(point)
  }

  const up = (event: PointerEvent<HTMLDivElement>) => {
    const fingersLeft = pinch.fingerUp(event.pointerId)
    if (spent.current) {
      if (fingersLeft === 0) spent.current = false
      if (press.current?.pointer === event.pointerId) clearPress()
      return
    }
    const pressed = press.current
    if (pressed?.pointer !== event.pointerId) return
    clearPress()
    pan.current = null
    const cancelled = event.type === 'pointercancel'
    if (!pressed.moved && !pressed.closedField && !cancelled) tap(pressed, onPicture(local(event)))
    const shape = draft.finish(cancelled)
    if (shape) onCreate(shape)
  }

  /** A click or tap in place: places a pin, opens the text field, or opens a pin's thread. */
  const tap = (pressed: Press, point: Point) => {
    if (drawing && tool === 'pin') {
      onCreate({ ...base(), kind: 'pin', x: point.x, y: point.y, number: nextPinNumber(shapes), resolved: false })
    } else if (drawing && tool === 'text') {
      card.close()
      text.open(point)
    } else if (!drawing && pressed.pin) {
      onOpenPin(pressed.pin)
    }
  }

  const leave = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'touch') return
    onCursor(null)
    card.leave()
  }

  return { down, move, up, leave }
}

/** The fingers on the surface, where they are in the box, and the pinch two of them make. */
function usePinch(size: MarkupCanvasProps['size'], onView: MarkupCanvasProps['onView']) {
  const touches = useRef(new Map<number, Point>())
  const pinch = useRef<{ view: StageView; ids: [number, number]; from: [Point, Point] } | null>(null)
  return {
    /** A finger landed; true when it is the second one and the two now pinch the view. */
    fingerDown(id: number, at: Point, view: StageView): boolean {
      touches.current.set(id, at)
      if (touches.current.size !== 2 || !onView) return false
      const ids = [...touches.current.keys()] as [number, number]
      pinch.current = { view, ids, from: [touches.current.get(ids[0])!, touches.current.get(ids[1])!] }
      return true
    },
    /** A pointer moved; true while a pinch takes the gesture (it zooms and pans the view). */
    fingerMove(event: { pointerType: string; pointerId: number }, at: Point): boolean {
      if (event.pointerType === 'touch' && touches.current.has(event.pointerId))
        touches.current.set(event.pointerId, at)
      const pinching = pinch.current
      if (!pinching) return false
      const [a, b] = pinching.ids.map((id) => touches.current.get(id))
      if (a && b && onView) onView(() => pinchView(pinching.view, pinching.from, [a, b], size))
      return true
    },
    /** A pointer let go; the pinch ends with either of its fingers. Answers how many fingers are left. */
    fingerUp(id: number): number {
      touches.current.delete(id)
      if (pinch.current && !pinch.current.ids.every((finger) => touches.current.has(finger))) pinch.current = null
      return touches.current.size
    },
  }
}
