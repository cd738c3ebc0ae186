// What a pin's hover card says of its thread: who wrote first and the start of what they wrote.

export interface PinPreview {
  author: string
  text: string
}

/** The first comments of a sample's pins, by pin id; a pin without comments is left out. */
export type PinPreviews = Record<string, PinPreview>

/** Longest text a card shows, in characters, its ellipsis included. */
export const PIN_PREVIEW_LENGTH = 140

/**
 * A comment made short for the card: whitespace runs (line breaks too) become one space and a
 * text longer than `length` is cut at a word's end where one is near, with an ellipsis.
 */
export function previewText(text: string, length = PIN_PREVIEW_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  const characters = [...flat]
  if (characters.length <= length) return flat
  const cut = characters.slice(0, length - 1).join('')
  const space = cut.lastIndexOf(' ')
  // A word is cut only when breaking at a space would lose much of the room.
  const head = space >= cut.length * 0.75 ? cut.slice(0, space) : cut
  return `${head.trimEnd()}…`
}
