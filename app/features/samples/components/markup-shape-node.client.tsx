// One markup shape drawn with Konva, in pixels of the picture as shown at zoom 1. Pins are drawn
// at a constant size on screen: `unscale` undoes the stage's zoom for them.
import { Arrow, Circle, Ellipse, Line, Rect, Text } from 'react-konva'
import {
  PIN_LABEL_COLOUR,
  PIN_RING_WIDTH,
  PIN_SCREEN_RADIUS,
  pinLabelSize,
  type Shape,
} from '#app/features/samples/markup/shapes'

export function ShapeNode({ shape, selected, unscale }: { shape: Shape; selected: boolean; unscale: number }) {
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
      const radius = PIN_SCREEN_RADIUS * unscale
      return (
        <>
          <Circle
            x={shape.x}
            y={shape.y}
            radius={radius}
            fill={stroke}
            stroke={selected ? '#111827' : '#ffffff'}
            strokeWidth={PIN_RING_WIDTH * unscale}
            dash={shape.needsRecheck ? [4 * unscale, 3 * unscale] : undefined}
          />
          <Text
            x={shape.x - radius}
            y={shape.y - radius}
            width={radius * 2}
            height={radius * 2}
            align="center"
            verticalAlign="middle"
            text={String(shape.number)}
            fontSize={pinLabelSize(shape.number) * unscale}
            fontStyle="bold"
            fill={PIN_LABEL_COLOUR}
            listening={false}
          />
        </>
      )
    }
    case 'pin3d':
      return null
  }
}
