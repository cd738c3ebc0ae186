// A shared board of the brand for notes (`scratch:{brand}:{id}`); the tests use it as a plain
// document. Registered by the composition root like the features' documents.
import * as Y from 'yjs'
import { isForbiddenText } from '#app/platform/text-rule'
import { contentName, misplaced, type DocShape } from '#app/platform/yjs-shapes'
import { onBrand, storedUpdates, type YjsDocKind } from '#app/platform/yjs-kinds.server'

/** Longest text one value of a scratch board may hold. */
export const MAX_SCRATCH_TEXT = 4096

/** `scratch:{brand}:{id}`: a plain board for notes: a map `notes` of texts and a list `order` of texts. */
export const scratchShape: DocShape = () => (insertion) => {
  const { place, content } = insertion
  const isNote = place.root === 'notes' && place.keys.length === 1 && typeof place.keys[0] === 'string'
  const isOrder = place.root === 'order' && place.keys.length === 1 && place.keys[0] === null
  if (!isNote && !isOrder) return misplaced(insertion)
  if (!(content instanceof Y.ContentAny)) return `A board holds texts, not ${contentName(content)}.`
  const texts = content.arr.every((value) => typeof value === 'string' && value.length <= MAX_SCRATCH_TEXT)
  if (!texts) return `A board holds texts of at most ${MAX_SCRATCH_TEXT} characters.`
  // The text rule of every entry point (decision 146), here too.
  const keys = place.keys.filter((key): key is string => key !== null)
  return [...content.arr, ...keys].some((value) => isForbiddenText(value as string))
    ? 'A board text must not contain control characters.'
    : null
}

export const scratchDoc: YjsDocKind = {
  purpose: 'scratch',
  target: onBrand,
  read: 'brand.view',
  write: 'brand.edit',
  shape: scratchShape,
  limits: { maxValueBytes: 4 * MAX_SCRATCH_TEXT },
  ...storedUpdates,
}
