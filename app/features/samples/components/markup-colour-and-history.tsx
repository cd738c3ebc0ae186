// The part of the markup toolbar that the picture's editor and the 3D viewer share: the palette,
// then Undo, Redo and Delete. A fragment, so its buttons stay direct items of the caller's toolbar.
import type { History } from '#app/features/samples/markup/history'
import { MARKUP_COLOURS, type MarkupColour } from '#app/features/samples/markup/shapes'
import { MarkupIcon } from './markup-tool-icons'

export function MarkupColourAndHistory({
  colour,
  onColour,
  history,
  onStep,
  deleteLabel,
  canDelete,
  onDelete,
}: {
  colour: MarkupColour
  onColour: (colour: MarkupColour) => void
  history: History
  onStep: (direction: 'undo' | 'redo') => void
  /** What the Delete button removes, e.g. "Delete shape". */
  deleteLabel: string
  canDelete: boolean
  onDelete: () => void
}) {
  return (
    <>
      {(Object.entries(MARKUP_COLOURS) as [string, MarkupColour][]).map(([name, value]) => (
        <button
          key={name}
          type="button"
          aria-label={`Colour ${name}`}
          aria-pressed={colour === value}
          onClick={() => onColour(value)}
          className={`h-5 w-5 shrink-0 rounded-full border-2 ${colour === value ? 'border-ink' : 'border-white'}`}
          style={{ backgroundColor: value }}
        />
      ))}
      <span className="mx-1 h-6 w-px bg-line" aria-hidden="true" />
      {(['undo', 'redo'] as const).map((direction) => (
        <button
          key={direction}
          type="button"
          onClick={() => onStep(direction)}
          disabled={history[direction].length === 0}
          title={direction === 'undo' ? 'Undo (Ctrl+Z)' : 'Redo (Ctrl+Shift+Z)'}
          aria-keyshortcuts={direction === 'undo' ? 'Control+Z Meta+Z' : 'Control+Shift+Z Meta+Shift+Z Control+Y'}
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded hover:bg-black/5 disabled:opacity-40"
        >
          <MarkupIcon name={direction} />
          <span className="sr-only">{direction === 'undo' ? 'Undo' : 'Redo'}</span>
        </button>
      ))}
      <button
        type="button"
        onClick={onDelete}
        disabled={!canDelete}
        className="shrink-0 rounded px-2 py-1 text-sm hover:bg-black/5 disabled:opacity-40"
      >
        {deleteLabel}
      </button>
    </>
  )
}
