// The Text tool's field, typed in place on the picture where it was clicked: Enter or leaving the
// field keeps the text, Shift+Enter starts a new line, Escape drops it.
import { MAX_TEXT_LENGTH, type Point } from '#app/features/samples/markup/shapes'

export function MarkupTextField({
  at,
  value,
  fontSize,
  colour,
  onChange,
  onCommit,
  onCancel,
}: {
  /** The text's top left corner in the box, in pixels. */
  at: Point
  value: string
  fontSize: number
  colour: string
  onChange(value: string): void
  onCommit(): void
  onCancel(): void
}) {
  const lines = value.split('\n')
  const widest = Math.max(6, ...lines.map((line) => [...line].length))
  return (
    <textarea
      // Opened by a click that means "type here".
      autoFocus
      aria-label="Text on the picture"
      data-testid="markup-text-field"
      value={value}
      maxLength={MAX_TEXT_LENGTH}
      rows={lines.length}
      spellCheck
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
          event.preventDefault()
          onCommit()
        } else if (event.key === 'Escape') {
          event.preventDefault()
          event.stopPropagation()
          onCancel()
        }
      }}
      onBlur={onCommit}
      // Presses in the field are typing, not drawing.
      onPointerDown={(event) => event.stopPropagation()}
      className="absolute resize-none overflow-hidden rounded-sm border border-dashed border-ink/60 bg-white/70 p-0 outline-none"
      style={{
        left: at.x,
        top: at.y,
        fontSize,
        lineHeight: 1.2,
        color: colour,
        width: `${widest + 1}ch`,
        fontFamily: 'system-ui, sans-serif',
      }}
    />
  )
}
