// What is drawn on the markup surface but not stored yet: the shape growing under the pointer
// (shown to the others as it grows) and the text typed in place. Both become a stored shape
// through onCreate when let go.
import { useEffect, useRef, useState } from 'react'
import { clampToImage, typedText, type MarkupColour, type Point, type Shape } from '#app/features/samples/markup/shapes'
import type { MarkupTool } from './markup-canvas-props'

/** Line width and text size, as fractions of the image's smaller side. */
const STROKE = 0.005
export const TEXT_SIZE = 0.035
/** A pen stroke keeps at most this many numbers (x and y of each point). */
const PEN_POINTS = 4000

const newId = () => crypto.randomUUID().replace(/-/g, '')

/** What every new shape starts with: a new id, the colour and line, who drew it and when. */
export const shapeBase = (colour: MarkupColour, author: string) => ({
  id: newId(),
  colour,
  strokeWidth: STROKE,
  author,
  created: Date.now(),
})
export type ShapeBase = ReturnType<typeof shapeBase>

export type DraftShape = ReturnType<typeof useDraftShape>

export function useDraftShape(onDrawing: (shape: Shape | null) => void) {
  const [draft, setDraft] = useState<Shape | null>(null)
  useEffect(() => onDrawing(draft), [draft, onDrawing])
  const start = useRef<Point | null>(null)

  return {
    draft,
    /** A shape of a dragged-out tool begins at the point. */
    begin(tool: MarkupTool, point: Point, base: () => ShapeBase) {
      start.current = point
      if (tool === 'pen') setDraft({ ...base(), kind: 'pen', points: [point.x, point.y] })
      if (tool === 'arrow') setDraft({ ...base(), kind: 'arrow', from: point, to: point })
      if (tool === 'rect') setDraft({ ...base(), kind: 'rect', x: point.x, y: point.y, width: 0, height: 0 })
      if (tool === 'ellipse') setDraft({ ...base(), kind: 'ellipse', cx: point.x, cy: point.y, rx: 0, ry: 0 })
    },
    /** The shape follows the pointer to the point. */
    grow(point: Point) {
      const from = start.current
      if (!from || !draft) return
      if (draft.kind === 'pen' && draft.points.length < PEN_POINTS)
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
    },
    /** Drops the stroke being drawn: nothing is stored. */
    drop() {
      start.current = null
      setDraft(null)
    },
    /** The pointer let go: the shape to store, or null for a cancelled stroke or a mere click. */
    finish(cancelled: boolean): Shape | null {
      const shape = draft
      start.current = null
      setDraft(null)
      // A stroke the browser took over (pointercancel) is dropped, not stored.
      if (!shape || cancelled) return null
      // A click without a drag draws nothing.
      const tiny =
        (shape.kind === 'rect' && (shape.width < 0.005 || shape.height < 0.005)) ||
        (shape.kind === 'ellipse' && (shape.rx < 0.003 || shape.ry < 0.003)) ||
        (shape.kind === 'arrow' && Math.hypot(shape.to.x - shape.from.x, shape.to.y - shape.from.y) < 0.01) ||
        (shape.kind === 'pen' && shape.points.length < 4)
      if (tiny) return null
      return clampToImage(shape.kind === 'pen' ? { ...shape, points: shape.points.slice(0, PEN_POINTS) } : shape)
    },
  }
}

export type TextDraft = ReturnType<typeof useTextDraft>

/** The Text tool's field, open where it was clicked; what is typed is stored when it closes. */
export function useTextDraft(onCreate: (shape: Shape) => void, base: () => ShapeBase) {
  const [field, setFieldState] = useState<{ at: Point; value: string } | null>(null)
  // Read by the pointer's handlers between renders: a press closes the open field first.
  const fieldRef = useRef(field)
  const setField = (next: typeof field) => {
    fieldRef.current = next
    setFieldState(next)
  }
  return {
    field,
    isOpen: () => fieldRef.current !== null,
    open: (at: Point) => setField({ at, value: '' }),
    change: (value: string) => field && setField({ at: field.at, value }),
    cancel: () => setField(null),
    commit() {
      const open = fieldRef.current
      if (!open) return
      setField(null)
      const text = typedText(open.value)
      if (text) onCreate(clampToImage({ ...base(), kind: 'text', x: open.at.x, y: open.at.y, text, size: TEXT_SIZE }))
    },
  }
}
