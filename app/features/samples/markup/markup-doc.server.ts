// The markup of one virtual sample (`sample-markup:{brand}:{sample}`), a Yjs document: who may
// look at it and draw on it, and what it may hold (decision 148). Access is decided on the sample
// itself, so a grant on its style, collection or line counts; members look, reviewers draw, and
// nobody draws on a sample locked as Final.
// Registered by the composition root.
import * as Y from 'yjs'
import { contentName, misplaced, type DocShape } from '#app/platform/yjs-shapes'
import { storedUpdates, type YjsDocKind } from '#app/platform/yjs-kinds.server'
import { markupReadOnly } from '../sample-lock-checks.server'
import { MAX_STORED_SHAPE_LENGTH, parseStoredShape } from './shapes'

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

export const sampleMarkupDoc: YjsDocKind = {
  purpose: 'sample-markup',
  target: (name) => ({ model: 'Reference', key: name.id ?? '' }),
  read: 'listing.view',
  write: 'sample.review',
  // Final means locked (decision 167): read-only for everyone, whatever their grant.
  readOnly: (deps, name) => markupReadOnly(deps, name.id ?? ''),
  shape: sampleMarkupShape,
  // Sixteen of the largest strokes at once, or hundreds of ordinary marks drawn offline.
  limits: { maxBytes: 16 * MAX_STORED_SHAPE_LENGTH, maxValueBytes: MAX_STORED_SHAPE_LENGTH },
  ...storedUpdates,
}
