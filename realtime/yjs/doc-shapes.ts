// The shape of each kind of Yjs document: what a client may insert where (decision 148). Anything
// else in an update (another root, a nested map, a value of the wrong type or size, a markup shape
// signed by someone else) refuses the whole update; it is neither applied, stored nor relayed.
import * as Y from 'yjs'
import { parseStoredShape } from '#app/features/samples/markup/shapes'
import { isForbiddenText } from '#app/platform/text-rule'
import type { Insertion, InsertionCheck } from './update-check'

/** Who is writing, and to which copy: some rules depend on what the document already holds. */
export interface WriteContext {
  doc: Y.Doc
  accountKey: string
}

export type DocShape = (context: WriteContext) => InsertionCheck

/** Record keys as the portal makes them (app/platform/ids.ts), with room for older and demo ones. */
const RECORD_KEY = /^[a-z0-9]{1,64}$/
/** Most photo keys one listing's shared order may gain in one piece. */
export const MAX_ORDER_LENGTH = 1000

const isRecordKey = (value: unknown): value is string => typeof value === 'string' && RECORD_KEY.test(value)

function contentName(content: Insertion['content']): string {
  if (content instanceof Y.ContentType) return content.type.constructor.name
  return content.constructor.name
}

const misplaced = ({ place }: Insertion) =>
  `Nothing may be written at ${[place.root, ...place.keys.map((key) => key ?? '[]')].join(' › ')}.`

/**
 * `media-order:{brand}`: the map `orders` holds, per listing key, an array of that listing's photo
 * keys (app/features/media/components/use-media-order.ts).
 */
export const mediaOrderShape: DocShape = () => (insertion) => {
  const { place, content } = insertion
  if (place.root !== 'orders') return misplaced(insertion)
  const [listing, position, ...deeper] = place.keys
  if (!isRecordKey(listing) || deeper.length > 0) return misplaced(insertion)
  if (place.keys.length === 1) {
    return content instanceof Y.ContentType && content.type instanceof Y.Array
      ? null
      : `A listing's order must be a list, not ${contentName(content)}.`
  }
  if (position !== null) return misplaced(insertion)
  if (!(content instanceof Y.ContentAny)) return `A listing's order holds photo keys, not ${contentName(content)}.`
  if (content.arr.length > MAX_ORDER_LENGTH) return `A listing's order holds at most ${MAX_ORDER_LENGTH} photos.`
  return content.arr.every(isRecordKey) ? null : `A listing's order holds photo keys only.`
}

/**
 * `sample-markup:{brand}:{sample}`: the map `shapes` holds each shape by its id as the bytes of its
 * JSON text (decision 140). A new shape is signed by whoever draws it; a changed one (a pin
 * resolved, a stroke moved) keeps the author it had.
 */
export const sampleMarkupShape: DocShape =
  ({ doc, accountKey }) =>
  (insertion) => {
    const { place, content } = insertion
    const [id] = place.keys
    if (place.root !== 'shapes' || place.keys.length !== 1 || typeof id !== 'string') return misplaced(insertion)
    if (!(content instanceof Y.ContentBinary)) return `A markup shape is stored as bytes, not ${contentName(content)}.`
    const shape = parseStoredShape(content.content)
    if (!shape || shape.id !== id) return 'A markup shape must be a valid shape stored under its own id.'
    const current = doc.getMap<unknown>('shapes').get(id)
    const author = current === undefined ? accountKey : parseStoredShape(current)?.author
    if (author !== undefined && shape.author !== author) {
      return current === undefined
        ? 'A new markup shape is signed by whoever draws it.'
        : 'A markup shape keeps the author who drew it.'
    }
    return null
  }

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
