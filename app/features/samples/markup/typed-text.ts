// What the Text tool keeps of what was typed in place on the picture.
import { CONTROL_GLOBAL, MAX_TEXT_LENGTH } from './shape-types'

/**
 * The text of a new text shape: control characters left out (line breaks and tabs kept), trimmed,
 * at most MAX_TEXT_LENGTH characters, as parseShape accepts it; null when nothing is left, so
 * empty text makes no shape.
 */
export function typedText(typed: string): string | null {
  const kept = [...typed.replace(CONTROL_GLOBAL, '').trim()].slice(0, MAX_TEXT_LENGTH).join('').trim()
  return kept === '' ? null : kept
}
