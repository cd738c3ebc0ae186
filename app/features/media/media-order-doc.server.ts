// The shared order of a brand's listing photos (`media-order:{brand}`), a Yjs document: who may
// open and change it, and what it may hold (decision 148). Registered by the composition root.
import * as Y from 'yjs'
import { contentName, isRecordKey, misplaced, type DocShape } from '#app/platform/yjs-shapes'
import { onBrand, storedUpdates, type YjsDocKind } from '#app/platform/yjs-kinds.server'

/** Most photo keys one listing's shared order may gain in one piece. */
export const MAX_ORDER_LENGTH = 1000

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

export const mediaOrderDoc: YjsDocKind = {
  purpose: 'media-order',
  target: onBrand,
  read: 'brand.view',
  write: 'media.arrange',
  shape: mediaOrderShape,
  // A few listings' whole orders at once (each at most MAX_ORDER_LENGTH keys), as a tablet sends
  // after rearranging offline.
  limits: { maxBytes: 512 * 1024, maxItems: 8 * MAX_ORDER_LENGTH, maxValueBytes: 1024 },
  ...storedUpdates,
}
