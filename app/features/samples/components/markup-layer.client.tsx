// The Konva stage of the markup surface: the stored shapes and the one being drawn, the shapes
// others are drawing and their named cursors. With the Select tool a shape is selected by
// clicking or tapping it and moved by dragging it; clicking the empty picture selects nothing.
import type { RefObject } from 'react'
import type Konva from 'konva'
import { Group, Label, Layer, Stage, Tag, Text } from 'react-konva'
import {
  RESOLVED_PIN_OPACITY,
  moveShape,
  toPixels,
  type ImageSize,
  type Shape,
} from '#app/features/samples/markup/shapes'
import { stageTransform, type StageView } from '#app/features/samples/markup/stage-view'
import { ShapeNode } from './markup-shape-node.client'
import type { Viewer } from './use-sample-markup'

export function MarkupLayer({
  stage,
  size,
  view,
  shapes,
  draft,
  selected,
  viewers,
  draggable,
  onSelect,
  onChange,
}: {
  stage: RefObject<Konva.Stage>
  size: ImageSize
  view: StageView
  shapes: Shape[]
  /** The shape being drawn, drawn last and never dragged. */
  draft: Shape | null
  selected: string | null
  viewers: Viewer[]
  /** The Select tool in markup mode: shapes are selected and moved. */
  draggable: boolean
  onSelect(id: string | null): void
  onChange(before: Shape, after: Shape): void
}) {
  const transform = stageTransform(view, size)
  const unscale = 1 / view.zoom
  const aspect = size.width / size.height
  const dragEnd = (shape: Shape) => (event: Konva.KonvaEventObject<DragEvent>) => {
    const node = event.target
    const dx = node.x() / size.width
    const dy = node.y() / size.height
    node.position({ x: 0, y: 0 })
    onChange(shape, moveShape(shape, dx, dy, aspect))
  }
  const all = draft ? [...shapes, draft] : shapes
  return (
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
  )
}
