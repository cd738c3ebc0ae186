// Yjs updates written byte by byte (update format 1, as clients send them), so tests can build what
// no Yjs document would: items placed by themselves, references to nothing, nesting without end.
import * as encoding from 'lib0/encoding'

export interface ItemRef {
  client: number
  clock: number
}

export type RawContent =
  | { kind: 'any'; values: unknown[] }
  | { kind: 'string'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'type'; typeRef: number }
  | { kind: 'deleted'; length: number }
  | { kind: 'json'; values: string[] }

export interface RawItem {
  origin?: ItemRef
  rightOrigin?: ItemRef
  /** Written only when the item has no origin: a root's name or the item holding its type. */
  parent?: string | ItemRef
  parentSub?: string
  content: RawContent
}

export interface RawRun {
  client: number
  clock: number
  items: RawItem[]
}

/** Type references of Yjs's ContentType. */
export const TYPE_REF = { array: 0, map: 1, text: 2 } as const

const CONTENT_REF = { deleted: 1, json: 2, binary: 3, string: 4, type: 7, any: 8 } as const

/** How many clocks an item takes. */
export function itemLength(content: RawContent): number {
  switch (content.kind) {
    case 'any':
    case 'json':
      return content.values.length
    case 'string':
      return content.text.length
    case 'deleted':
      return content.length
    default:
      return 1
  }
}

/** An update of these runs of items (and an empty delete set unless given). */
export function encodeRawUpdate(runs: RawRun[], deletes: { client: number; ranges: [number, number][] }[] = []) {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, runs.length)
  for (const run of runs) {
    encoding.writeVarUint(encoder, run.items.length)
    encoding.writeVarUint(encoder, run.client)
    encoding.writeVarUint(encoder, run.clock)
    for (const item of run.items) writeItem(encoder, item)
  }
  encoding.writeVarUint(encoder, deletes.length)
  for (const { client, ranges } of deletes) {
    encoding.writeVarUint(encoder, client)
    encoding.writeVarUint(encoder, ranges.length)
    for (const [clock, length] of ranges) {
      encoding.writeVarUint(encoder, clock)
      encoding.writeVarUint(encoder, length)
    }
  }
  return encoding.toUint8Array(encoder)
}

function writeItem(encoder: encoding.Encoder, item: RawItem) {
  const placedByNeighbour = item.origin !== undefined || item.rightOrigin !== undefined
  const info =
    CONTENT_REF[item.content.kind] |
    (item.origin ? 0x80 : 0) |
    (item.rightOrigin ? 0x40 : 0) |
    (!placedByNeighbour && item.parentSub !== undefined ? 0x20 : 0)
  encoding.writeUint8(encoder, info)
  const writeRef = (ref: ItemRef) => {
    encoding.writeVarUint(encoder, ref.client)
    encoding.writeVarUint(encoder, ref.clock)
  }
  if (item.origin) writeRef(item.origin)
  if (item.rightOrigin) writeRef(item.rightOrigin)
  if (!placedByNeighbour) {
    const parent = item.parent ?? 'orders'
    if (typeof parent === 'string') {
      encoding.writeVarUint(encoder, 1)
      encoding.writeVarString(encoder, parent)
    } else {
      encoding.writeVarUint(encoder, 0)
      writeRef(parent)
    }
    if (item.parentSub !== undefined) encoding.writeVarString(encoder, item.parentSub)
  }
  const content = item.content
  switch (content.kind) {
    case 'any':
      encoding.writeVarUint(encoder, content.values.length)
      content.values.forEach((value) => encoding.writeAny(encoder, value as never))
      break
    case 'json':
      encoding.writeVarUint(encoder, content.values.length)
      content.values.forEach((value) => encoding.writeVarString(encoder, value))
      break
    case 'string':
      encoding.writeVarString(encoder, content.text)
      break
    case 'binary':
      encoding.writeVarUint8Array(encoder, content.bytes)
      break
    case 'type':
      encoding.writeVarUint(encoder, content.typeRef)
      break
    case 'deleted':
      encoding.writeVarUint(encoder, content.length)
      break
  }
}

/** A y-websocket message carrying an update (sync, update). */
export function updateMessage(update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, 0)
  encoding.writeVarUint(encoder, 2)
  encoding.writeVarUint8Array(encoder, update)
  return encoding.toUint8Array(encoder)
}

/**
 * The three updates whose places loop, each of one or two items of a new client: an item whose
 * left neighbour is itself, one whose right neighbour is itself, and two that name each other.
 */
export function cyclicUpdates(client = 987_654_321): { name: string; update: Uint8Array }[] {
  const self = { client, clock: 0 }
  const other = { client, clock: 1 }
  const text = { kind: 'string', text: 'x' } as const
  return [
    {
      name: 'its own left neighbour',
      update: encodeRawUpdate([{ client, clock: 0, items: [{ origin: self, content: text }] }]),
    },
    {
      name: 'its own right neighbour',
      update: encodeRawUpdate([{ client, clock: 0, items: [{ rightOrigin: self, content: text }] }]),
    },
    {
      name: 'two items naming each other',
      update: encodeRawUpdate([
        {
          client,
          clock: 0,
          items: [
            { origin: other, content: text },
            { origin: self, content: text },
          ],
        },
      ]),
    },
  ]
}
