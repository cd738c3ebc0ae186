// What a client's Yjs update would insert into a document, read before it is applied, so each
// document kind can refuse content that does not fit its shape (decision 148). Yjs itself takes any
// value anywhere: a client could turn a listing's photo order into a string, add maps of its own or
// store a shape signed by someone else, and every other client would take it too.
//
// An update lists items; each names its parent (a root type by name, or the item holding a nested
// type) or only its neighbours, whose parent it shares. The place of each inserted value is found by
// following those references through the update itself and through the document held here.
import * as Y from 'yjs'
import type { Insertion, InsertionCheck, Place } from '#app/platform/yjs-shapes'

export type { Insertion, InsertionCheck, Place } from '#app/platform/yjs-shapes'

/** The parent was deleted and collected: Yjs drops the value on arrival, so it needs no check. */
const GONE = 'gone' as const
type Resolved = Place | typeof GONE

type Struct = Y.Item | Y.GC | Y.Skip

/**
 * The values an update inserts, each with its place, or null when it refers to something neither
 * it nor the document holds (Yjs would keep such an update pending and apply it later, unchecked).
 * Throws on an update that is not one.
 */
export function insertionsOf(doc: Y.Doc, update: Uint8Array): Insertion[] | null {
  const { structs } = Y.decodeUpdate(update) as { structs: Struct[] }
  const ownByClient = new Map<number, Struct[]>()
  const own = new Set<Struct>(structs)
  for (const struct of structs) {
    const list = ownByClient.get(struct.id.client)
    if (list) list.push(struct)
    else ownByClient.set(struct.id.client, [struct])
  }

  const find = (id: Y.ID): Struct | null => {
    const ofClient = ownByClient.get(id.client)
    if (ofClient) {
      let low = 0
      let high = ofClient.length - 1
      while (low <= high) {
        const middle = (low + high) >> 1
        const struct = ofClient[middle]!
        if (id.clock < struct.id.clock) high = middle - 1
        else if (id.clock >= struct.id.clock + struct.length) low = middle + 1
        else return struct instanceof Y.Skip ? null : struct
      }
    }
    if (id.clock >= Y.getState(doc.store, id.client)) return null
    return Y.getItem(doc.store, id) as Y.Item | Y.GC
  }

  const places = new Map<Y.Item, Resolved | null>()

  /** The place of an item already in the document: its parent type is known. */
  const placeInDoc = (item: Y.Item): Resolved => {
    const parent = item.parent as Y.AbstractType<unknown> | null
    if (!parent) return GONE
    if (parent._item === null) return { root: Y.findRootTypeKey(parent), keys: [item.parentSub] }
    const above = placeInDoc(parent._item)
    return above === GONE ? GONE : { root: above.root, keys: [...above.keys, item.parentSub] }
  }

  const isIntegrated = (item: Y.Item) => !own.has(item)

  /**
   * The place of an item of the update. Items placed only by a neighbour often follow one another
   * (a run of inserts), so the chain is walked in a loop rather than by recursion.
   */
  const placeOf = (start: Y.Item): Resolved | null => {
    const chain: Y.Item[] = []
    let item: Y.Item = start
    let result: Resolved | null = null
    for (;;) {
      const known = places.get(item)
      if (known !== undefined) {
        result = known
        break
      }
      if (isIntegrated(item)) {
        result = placeInDoc(item)
        break
      }
      chain.push(item)
      const parent = item.parent as string | Y.ID | null
      if (typeof parent === 'string') {
        result = { root: parent, keys: [item.parentSub] }
        break
      }
      if (parent !== null) {
        const holder = find(parent)
        if (holder === null) break
        if (!(holder instanceof Y.Item) || !(holder.content instanceof Y.ContentType)) {
          result = GONE
          break
        }
        const above = placeOf(holder)
        result = above === null || above === GONE ? above : { root: above.root, keys: [...above.keys, item.parentSub] }
        break
      }
      // Placed by its neighbours: Yjs drops it when either was collected, else takes the left one's place.
      const left = item.origin ? find(item.origin) : undefined
      const right = item.rightOrigin ? find(item.rightOrigin) : undefined
      if (left === null || right === null) break
      if (left instanceof Y.GC || right instanceof Y.GC) {
        result = GONE
        break
      }
      const neighbour = left ?? right
      if (!(neighbour instanceof Y.Item)) break
      item = neighbour
    }
    // Neighbours share a parent and a key, so every item of the chain has the place found at its end.
    for (const link of chain) places.set(link, result)
    return result
  }

  const insertions: Insertion[] = []
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue
    if (struct.content instanceof Y.ContentDeleted) continue
    const place = placeOf(struct)
    if (place === null) return null
    if (place === GONE) continue
    insertions.push({ place, content: struct.content })
  }
  return insertions
}

/** The first reason an update does not fit, or null when all it inserts fits. */
export function refusalOf(doc: Y.Doc, update: Uint8Array, check: InsertionCheck): string | null {
  const insertions = insertionsOf(doc, update)
  if (insertions === null) return 'The update refers to content this document does not hold.'
  for (const insertion of insertions) {
    const reason = check(insertion)
    if (reason) return reason
  }
  return null
}
