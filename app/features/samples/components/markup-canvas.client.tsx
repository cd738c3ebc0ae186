// The drawing surface of sample markup, with Konva. It only draws and reports gestures: shapes
// stay in coordinates from 0 to 1 of the image (app/features/samples/markup/shapes.ts) and are turned into
// pixels of the size shown here, so they sit right at any size. Loaded in the browser only.
import { useEffect, useRef, useState, type PointerEvent } from 'react'
import type Konva from 'konva'
import { Arrow, Circle, Ellipse, Group, Label, Layer, Line, Rect, Stage, Tag, Text } from 'react-konva'
import {
  MARKUP_COLOURS,
  PIN_LABEL_COLOUR,
  PIN_RADIUS,
  RESOLVED_PIN_OPACITY,
  clampToImage,
  moveShape,
  nextPinNumber,
  toPixels,
  type ImageSize,
  type MarkupColour,
  type Point,
  type Shape,
} from '#app/features/samples/markup/shapes'
import type { Viewer } from './use-sample-markup'

export type MarkupTool = 'select' | 'pen' | 'arrow' | 'rect' | 'ellipse' | 'text' | 'pin'

/** Line width and text size, as fractions of the image's smaller side. */
const STROKE = 0.005
const TEXT_SIZE = 0.035

const newId = () => crypto.randomUUID().replace(/-/g, '')

export function MarkupCanvas({
  size,
  shapes,
  tool,
  colour,
  author,
  drawing,
  selected,
  viewers,
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
  onCreate(shape: Shape): void
  onChange(before: Shape, after: Shape): void
  onSelect(id: string | null): void
  onCursor(point: Point | null): void
  /** The shape being drawn, as it grows, and null when it is let go. */
  onDrawing(shape: Shape | null): void
  /** A pin clicked while not drawing: its comment thread opens. */
  onOpenPin(id: string): void
}) {
  const [draft, setDraft] = useState<Shape | null>(null)
  useEffect(() => onDrawing(draft), [draft, onDrawing])
  const start = useRef<Point | null>(null)
  const aspect = size.width / size.height
  const side = Math.min(size.width, size.height)

  // Gestures are read from the pointer events of the surface itself (captured while drawing), so a
  // stroke ends where the button is let go even outside the picture.
  const pointer = (event: PointerEvent<HTMLDivElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect()
    return {
      x: Math.min(1, Math.max(0, (event.clientX - box.left) / box.width)),
      y: Math.min(1, Math.max(0, (event.clientY - box.top) / box.height)),
    }
  }

  const base = () => ({ id: newId(), colour, strokeWidth: STROKE, author, created: Date.now() })

  const down = (event: PointerEvent<HTMLDivElement>) => {
    if (!drawing || tool === 'select') return
    const at = pointer(event)
    event.currentTarget.setPointerCapture(event.pointerId)
    if (tool === 'pin') {
      onCreate({ ...base(), kind: 'pin', x: at.x, y: at.y, number: nextPinNumber(shapes), resolved: false })
      return
    }
    if (tool === 'text') {
      const text = window.prompt('Text')?.trim()
      if (text)
        onCreate(clampToImage({ ...base(), kind: 'text', x: at.x, y: at.y, text: text.slice(0, 500), size: TEXT_SIZE }))
      return
    }
    start.current = at
    if (tool === 'pen') setDraft({ ...base(), kind: 'pen', points: [at.x, at.y] })
    if (tool === 'arrow') setDraft({ ...base(), kind: 'arrow', from: at, to: at })
    if (tool === 'rect') setDraft({ ...base(), kind: 'rect', x: at.x, y: at.y, width: 0, height: 0 })
    if (tool === 'ellipse') setDraft({ ...base(), kind: 'ellipse', cx: at.x, cy: at.y, rx: 0, ry: 0 })
  }

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const at = pointer(event)
    onCursor(at)
    const from = start.current
    if (!from || !draft) return
    if (draft.kind === 'pen' && draft.points.length < 4000)
      setDraft({ ...draft, points: [...draft.points, at.x, at.y] })
    if (draft.kind === 'arrow') setDraft({ ...draft, to: at })
    if (draft.kind === 'rect') {
      setDraft({
        ...draft,
        x: Math.min(from.x, at.x),
        y: Math.min(from.y, at.y),
        width: Math.abs(at.x - from.x),
        height: Math.abs(at.y - from.y),
      })
    }
    if (draft.kind === 'ellipse') {
      setDraft({
        ...draft,
        cx: (from.x + at.x) / 2,
        cy: (from.y + at.y) / 2,
        rx: Math.abs(at.x - from.x) / 2,
        ry: Math.abs(at.y - from.y) / 2,
      })
    }
  }

  const up = () => {
    const shape = draft
    start.current = null
    setDraft(null)
    if (!shape) return
    // A click without a drag draws nothing.
    const tiny =
      (shape.kind === 'rect' && (shape.width < 0.005 || shape.height < 0.005)) ||
      (shape.kind === 'ellipse' && (shape.rx < 0.003 || shape.ry < 0.003)) ||
      (shape.kind === 'arrow' && Math.hypot(shape.to.x - shape.from.x, shape.to.y - shape.from.y) < 0.01) ||
      (shape.kind === 'pen' && shape.points.length < 4)
    if (!tiny) onCreate(clampToImage(shape.kind === 'pen' ? { ...shape, points: shape.points.slice(0, 4000) } : shape))
  }

  const draggable = drawing && tool === 'select'
  const dragEnd = (shape: Shape) => (event: Konva.KonvaEventObject<DragEvent>) => {
    const node = event.target
    const dx = node.x() / size.width
    const dy = node.y() / size.height
    node.position({ x: 0, y: 0 })
    onChange(shape, moveShape(shape, dx, dy, aspect))
  }

  const all = draft ? [...shapes, draft] : shapes
  return (
    <div
      className="touch-none"
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onPointerLeave={() => onCursor(null)}
      style={{ cursor: drawing && tool !== 'select' ? 'crosshair' : 'default' }}
    >
      <Stage
        width={size.width}
        height={size.height}
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
              onTap={() => {
                if (draggable) onSelect(shape.id)
                else if (!drawing && shape.kind === 'pin') onOpenPin(shape.id)
              }}
              onClick={() => !drawing && shape.kind === 'pin' && onOpenPin(shape.id)}
              onMouseEnter={(event) => {
                if (!drawing && shape.kind === 'pin') event.target.getStage()!.container().style.cursor = 'pointer'
              }}
              onMouseLeave={(event) => {
                if (!drawing && shape.kind === 'pin') event.target.getStage()!.container().style.cursor = ''
              }}
              opacity={shape.kind === 'pin' && shape.resolved ? RESOLVED_PIN_OPACITY : 1}
            >
              <ShapeNode shape={toPixels(shape, size)} side={side} selected={shape.id === selected} />
            </Group>
          ))}
          {viewers.map((viewer) =>
            viewer.drawing ? (
              <Group key={`drawing-${viewer.clientId}`} listening={false} opacity={0.6}>
                <ShapeNode shape={toPixels(viewer.drawing, size)} side={side} selected={false} />
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
                listening={false}
              >
                <Tag fill="#111827" pointerDirection="up" pointerWidth={8} pointerHeight={6} cornerRadius={3} />
                <Text text={viewer.name} fill="#ffffff" fontSize={12} padding={4} />
              </Label>
            ))}
        </Layer>
      </Stage>
    </div>
  )
}

function ShapeNode({ shape, side, selected }: { shape: Shape; side: number; selected: boolean }) {
  const stroke = shape.colour
  const common = {
    stroke,
    strokeWidth: Math.max(1.5, shape.strokeWidth),
    hitStrokeWidth: 14,
    shadowColor: selected ? '#111827' : undefined,
    shadowBlur: selected ? 6 : 0,
    shadowOpacity: selected ? 0.8 : 0,
    // Carried over from the previous version and not checked again yet.
    dash: shape.needsRecheck ? [8, 5] : undefined,
  }
  switch (shape.kind) {
    case 'pen':
      return <Line points={shape.points} lineCap="round" lineJoin="round" tension={0.3} {...common} />
    case 'arrow':
      return (
        <Arrow
          points={[shape.from.x, shape.from.y, shape.to.x, shape.to.y]}
          fill={stroke}
          pointerLength={10}
          pointerWidth={10}
          {...common}
        />
      )
    case 'rect':
      return <Rect x={shape.x} y={shape.y} width={shape.width} height={shape.height} {...common} />
    case 'ellipse':
      return <Ellipse x={shape.cx} y={shape.cy} radiusX={shape.rx} radiusY={shape.ry} {...common} />
    case 'text':
      return <Text x={shape.x} y={shape.y} text={shape.text} fontSize={shape.size} fill={stroke} />
    case 'pin': {
      const radius = Math.max(10, PIN_RADIUS * side)
      return (
        <>
          <Circle
            x={shape.x}
            y={shape.y}
            radius={radius}
            fill={stroke}
            stroke={selected ? '#111827' : '#ffffff'}
            strokeWidth={2}
            dash={shape.needsRecheck ? [4, 3] : undefined}
          />
          <Text
            x={shape.x - radius}
            y={shape.y - radius}
            width={radius * 2}
            height={radius * 2}
            align="center"
            verticalAlign="middle"
            text={String(shape.number)}
            fontSize={radius}
            fill={PIN_LABEL_COLOUR}
            listening={false}
          />
        </>
      )
    }
  }
}

export const COLOUR_CHOICES = Object.entries(MARKUP_COLOURS) as [string, MarkupColour][]
