// What the markup canvas takes (markup-canvas.client.tsx), apart from the canvas itself so that its
// parts (use-markup-pointer.ts, use-markup-draft.ts) and the editor can name it without importing
// the canvas, which imports them.
import type { ImageSize, MarkupColour, Point, Shape } from '#app/features/samples/markup/shapes'
import type { StageView } from '#app/features/samples/markup/stage-view'
import type { PinPreviews } from '#app/features/samples/pin-preview'
import type { Viewer } from './use-sample-markup'

export type MarkupTool = 'select' | 'pen' | 'arrow' | 'rect' | 'ellipse' | 'text' | 'pin'

export interface MarkupCanvasProps {
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
}
