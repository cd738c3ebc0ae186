// What a client's Yjs update would insert into a document, read before it is applied, so each
// document kind can refuse content that does not fit its shape (decision 148). Yjs itself takes any
// value anywhere: a client could turn a listing's photo order into a string, add maps of its own or
// store a shape signed by someone else, and every other client would take it too.
//
// The check runs in the portal's one thread, so nothing in it may grow faster than the update
// (decision 166): the raw bytes are measured against the kind's limits first, then read once without
// building anything (counting items, values and nesting), and only then decoded by Yjs. Placing the
// items follows references through the update and the document; each item is placed once, a
// reference back to an item still being placed is a cycle, and a step budget caps the whole walk.
import * as decoding from 'lib0/decoding'
import * as Y from 'yjs'
import {
  DEFAULT_UPDATE_LIMITS,
  type Insertion,
  type InsertionCheck,
  type Place,
  type UpdateLimits,
} from '#app/platform/yjs-shapes'

export type { Insertion, InsertionCheck, Place, UpdateLimits } from '#app/platform/yjs-shapes'

/** The parent was deleted and collected: Yjs drops the value on arrival, so it needs no check. */
const GONE = 'gone' as const
/** Marks an item whose place is being found: meeting it again means its references loop. */
const PLACING = 'placing' as const
type Resolved = Place | typeof GONE

type Struct = Y.Item | Y.GC | Y.Skip

/** Why an update is refused; thrown inside the check and returned as its reason. */
class Refusal extends Error {}

export const REFUSALS = {
  tooLarge: (limit: number) => `The update is larger than the ${limit} bytes this document takes at once.`,
  tooManyItems: (limit: number) => `The update carries more than the ${limit} items this document takes at once.`,
  tooDeep: (limit: number) => `The update nests deeper than the ${limit} levels this document takes.`,
  valueTooLong: (limit: number) => `The update holds a value longer than the ${limit} bytes this document takes.`,
  malformed: 'The update cannot be read.',
  cycle: 'The update places an item by itself.',
  unknown: 'The update refers to content this document does not hold.',
  budget: 'The update is too tangled to place.',
} as const

// Bits of an item's info byte (Yjs's update format 1).
const HAS_ORIGIN = 0x80
const HAS_RIGHT_ORIGIN = 0x40
const HAS_PARENT_SUB = 0x20
const CONTENT_REF = 0x1f
const GC_REF = 0
const SKIP_REF = 10
// Type references (Yjs's ContentType) that carry a name.
const XML_ELEMENT = 3
const XML_HOOK = 5
const TYPE_REFS = 7

/**
 * Reads an update's layout without building it: how many items and values it carries, how deep its
 * values nest and how long each text, key and byte value is. Refuses as soon as a limit is passed or
 * the bytes end early, so it reads each byte at most once.
 */
export function layoutRefusal(update: Uint8Array, limits: UpdateLimits = DEFAULT_UPDATE_LIMITS): string | null {
  if (update.byteLength > limits.maxBytes) return REFUSALS.tooLarge(limits.maxBytes)
  const decoder = decoding.createDecoder(update)
  let items = 0
  const count = (n: number) => {
    items += n
    if (items > limits.maxItems) throw new Refusal(REFUSALS.tooManyItems(limits.maxItems))
  }
  const uint = () => decoding.readVarUint(decoder)
  const skip = (bytes: number) => {
    if (bytes > limits.maxValueBytes) throw new Refusal(REFUSALS.valueTooLong(limits.maxValueBytes))
    if (decoder.pos + bytes > decoder.arr.length) throw new Refusal(REFUSALS.malformed)
    decoder.pos += bytes
  }
  const text = () => skip(uint())
  // Yjs never writes an empty struct, list or deleted range, and fails half way through applying one.
  const length = () => {
    const n = uint()
    if (n === 0) throw new Refusal(REFUSALS.malformed)
    return n
  }
  const byte = () => {
    if (decoder.pos >= decoder.arr.length) throw new Refusal(REFUSALS.malformed)
    return decoder.arr[decoder.pos++]!
  }
  // lib0's `any` encoding: a tag byte, then the value; lists and objects nest.
  const any = (depth: number): void => {
    if (depth > limits.maxDepth) throw new Refusal(REFUSALS.tooDeep(limits.maxDepth))
    const tag = byte()
    switch (tag) {
      case 127: // undefined
      case 126: // null
      case 121: // false
      case 120: // true
        return
      case 125: // integer
        decoding.readVarInt(decoder)
        return
      case 124: // float32
        return skip(4)
      case 123: // float64
      case 122: // bigint
        return skip(8)
      case 119: // string
      case 116: // bytes
        return text()
      case 118: {
        // object: key, value pairs
        const entries = uint()
        count(entries)
        for (let i = 0; i < entries; i++) {
          text()
          any(depth + 1)
        }
        return
      }
      case 117: {
        // array
        const length = uint()
        count(length)
        for (let i = 0; i < length; i++) any(depth + 1)
        return
      }
      default:
        throw new Refusal(REFUSALS.malformed)
    }
  }
  const id = () => {
    uint()
    uint()
  }
  const content = (ref: number) => {
    switch (ref) {
      case 1: // deleted: a length
        length()
        return
      case 2: {
        // JSON: a list of texts
        const values = length()
        count(values - 1)
        for (let i = 0; i < values; i++) text()
        return
      }
      case 3: // binary
      case 5: // embed (JSON text)
        return text()
      case 4: // string: at least one character
        return skip(length())
      case 6: // format: key, JSON text
        text()
        return text()
      case 7: {
        const typeRef = uint()
        if (typeRef >= TYPE_REFS) throw new Refusal(REFUSALS.malformed)
        if (typeRef === XML_ELEMENT || typeRef === XML_HOOK) text()
        return
      }
      case 8: {
        // any: a list of values
        const values = length()
        count(values - 1)
        for (let i = 0; i < values; i++) any(1)
        return
      }
      case 9: // a sub-document: its guid and options
        text()
        return any(1)
      default:
        throw new Refusal(REFUSALS.malformed)
    }
  }
  try {
    for (let clients = uint(); clients > 0; clients--) {
      const structs = uint()
      uint() // client
      uint() // clock
      for (let i = 0; i < structs; i++) {
        count(1)
        const info = byte()
        const ref = info & CONTENT_REF
        if (ref === GC_REF || ref === SKIP_REF) {
          length()
          continue
        }
        if (info & HAS_ORIGIN) id()
        if (info & HAS_RIGHT_ORIGIN) id()
        if ((info & (HAS_ORIGIN | HAS_RIGHT_ORIGIN)) === 0) {
          if (uint() === 1) text()
          else id()
          if (info & HAS_PARENT_SUB) text()
        }
        content(ref)
      }
    }
    // The delete set: per client, ranges of clock and length.
    for (let clients = uint(); clients > 0; clients--) {
      uint()
      const ranges = uint()
      count(ranges)
      for (let i = 0; i < ranges; i++) {
        uint()
        length()
      }
    }
    return null
  } catch (error) {
    return error instanceof Refusal ? error.message : REFUSALS.malformed
  }
}

/**
 * The values an update inserts, each with its place, or the reason it cannot be placed: it refers
 * to something neither it nor the document holds (Yjs would keep it pending and apply it later,
 * unchecked), its references loop, it nests too deep or it takes more steps than its size allows.
 * Run `layoutRefusal` first: this decodes the update in full. Throws on an update that is not one.
 */
export function insertionsOf(
  doc: Y.Doc,
  update: Uint8Array,
  limits: UpdateLimits = DEFAULT_UPDATE_LIMITS,
): Insertion[] | string {
  const { structs } = Y.decodeUpdate(update) as { structs: Struct[] }
  const ownByClient = new Map<number, Struct[]>()
  const own = new Set<Struct>(structs)
  for (const struct of structs) {
    const list = ownByClient.get(struct.id.client)
    if (list) list.push(struct)
    else ownByClient.set(struct.id.client, [struct])
  }
  // A client's items must follow on from what the document holds of that client; after a gap Yjs
  // would keep them pending and apply them unchecked once the gap fills.
  for (const [client, list] of ownByClient) {
    if (list[0]!.id.clock > Y.getState(doc.store, client)) return REFUSALS.unknown
  }

  // Every item is placed once and each step follows one reference, so a few steps per item do.
  let steps = 0
  const budget = 4 * structs.length + 64
  const step = () => {
    if (++steps > budget) throw new Refusal(REFUSALS.budget)
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

  const places = new Map<Y.Item, Resolved | null | typeof PLACING>()

  /** The place of an item already in the document: its parent type is known. Kept, like the update's. */
  const placeInDoc = (item: Y.Item, depth: number): Resolved => {
    step()
    const known = places.get(item)
    if (known !== undefined && known !== PLACING && known !== null) return known
    if (depth > limits.maxDepth) throw new Refusal(REFUSALS.tooDeep(limits.maxDepth))
    const parent = item.parent as Y.AbstractType<unknown> | null
    let place: Resolved = GONE
    if (parent && parent._item === null) place = { root: Y.findRootTypeKey(parent), keys: [item.parentSub] }
    else if (parent?._item) {
      const above = placeInDoc(parent._item, depth + 1)
      place = above === GONE ? GONE : { root: above.root, keys: [...above.keys, item.parentSub] }
    }
    places.set(item, place)
    return place
  }

  const isIntegrated = (item: Y.Item) => !own.has(item)

  /**
   * The place of an item of the update. Items placed only by a neighbour often follow one another
   * (a run of inserts), so the chain is walked in a loop rather than by recursion; a parent is
   * placed by recursion, at most `maxDepth` deep.
   */
  const placeOf = (start: Y.Item, depth: number): Resolved | null => {
    if (depth > limits.maxDepth) throw new Refusal(REFUSALS.tooDeep(limits.maxDepth))
    const chain: Y.Item[] = []
    let item: Y.Item = start
    let result: Resolved | null = null
    for (;;) {
      step()
      const known = places.get(item)
      if (known === PLACING) throw new Refusal(REFUSALS.cycle)
      if (known !== undefined) {
        result = known
        break
      }
      if (isIntegrated(item)) {
        result = placeInDoc(item, depth)
        break
      }
      places.set(item, PLACING)
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
        const above = placeOf(holder, depth + 1)
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

  try {
    const insertions: Insertion[] = []
    for (const struct of structs) {
      if (!(struct instanceof Y.Item)) continue
      // Placed even when it arrives deleted: Yjs would keep it pending for a neighbour it lacks.
      const place = placeOf(struct, 0)
      if (place === null) return REFUSALS.unknown
      if (place === GONE || struct.content instanceof Y.ContentDeleted) continue
      insertions.push({ place, content: struct.content })
    }
    return insertions
  } catch (error) {
    if (error instanceof Refusal) return error.message
    throw error
  }
}

/** The first reason an update does not fit, or null when all it inserts fits. */
export function refusalOf(
  doc: Y.Doc,
  update: Uint8Array,
  check: InsertionCheck,
  limits: UpdateLimits = DEFAULT_UPDATE_LIMITS,
): string | null {
  const layout = layoutRefusal(update, limits)
  if (layout) return layout
  let insertions: Insertion[] | string
  try {
    insertions = insertionsOf(doc, update, limits)
  } catch {
    return REFUSALS.malformed
  }
  if (typeof insertions === 'string') return insertions
  for (const insertion of insertions) {
    const reason = check(insertion)
    if (reason) return reason
  }
  return null
}
