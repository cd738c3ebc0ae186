// The limits of one Yjs update, each at its exact bound: an update of exactly the most bytes,
// items, nesting levels or value length a document takes is read, and one more of any of them is
// refused with its own message.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DEFAULT_UPDATE_LIMITS, type UpdateLimits } from '#app/platform/yjs-shapes'
import { layoutRefusal, REFUSALS } from './update-check'

const roomy: UpdateLimits = { maxBytes: 1 << 20, maxItems: 1 << 16, maxDepth: 64, maxValueBytes: 1 << 20 }

/** The update a fresh document sends after `change`. */
function updateOf(change: (doc: Y.Doc) => void): Uint8Array {
  const doc = new Y.Doc()
  doc.clientID = 1
  change(doc)
  return Y.encodeStateAsUpdate(doc)
}

/** A value nested `levels` deep: 1 is a plain number, 2 a list holding one, and so on. */
function nested(levels: number): unknown {
  let value: unknown = 0
  for (let level = 1; level < levels; level++) value = level % 2 ? [value] : { inner: value }
  return value
}

describe('one Yjs update at its exact limits', () => {
  it('takes exactly the most bytes and refuses one byte less room', () => {
    const update = updateOf((doc) => doc.getText('t').insert(0, 'hello there'))
    expect(layoutRefusal(update, { ...roomy, maxBytes: update.byteLength })).toBeNull()
    expect(layoutRefusal(update, { ...roomy, maxBytes: update.byteLength - 1 })).toBe(
      REFUSALS.tooLarge(update.byteLength - 1),
    )
  })

  it('takes exactly the most items and refuses one more', () => {
    const limit = 50
    const values = (n: number) =>
      updateOf((doc) =>
        doc.getArray('a').insert(
          0,
          Array.from({ length: n }, (_, i) => i),
        ),
      )
    expect(layoutRefusal(values(limit), { ...roomy, maxItems: limit })).toBeNull()
    expect(layoutRefusal(values(limit + 1), { ...roomy, maxItems: limit })).toBe(REFUSALS.tooManyItems(limit))
  })

  it('takes a value nested exactly the most levels deep and refuses one level more', () => {
    const limit = 5
    const at = (levels: number) => updateOf((doc) => doc.getArray('a').insert(0, [nested(levels)]))
    expect(layoutRefusal(at(limit), { ...roomy, maxDepth: limit })).toBeNull()
    expect(layoutRefusal(at(limit + 1), { ...roomy, maxDepth: limit })).toBe(REFUSALS.tooDeep(limit))
  })

  it('takes a value of exactly the most bytes and refuses one byte more', () => {
    const limit = 300
    const valued = (bytes: number) => updateOf((doc) => doc.getMap('m').set('k', 'v'.repeat(bytes)))
    expect(layoutRefusal(valued(limit), { ...roomy, maxValueBytes: limit })).toBeNull()
    expect(layoutRefusal(valued(limit + 1), { ...roomy, maxValueBytes: limit })).toBe(REFUSALS.valueTooLong(limit))
  })

  it('takes a text of exactly the most bytes in one piece and refuses one byte more', () => {
    const limit = 300
    const typed = (bytes: number) => updateOf((doc) => doc.getText('t').insert(0, 'x'.repeat(bytes)))
    expect(layoutRefusal(typed(limit), { ...roomy, maxValueBytes: limit })).toBeNull()
    expect(layoutRefusal(typed(limit + 1), { ...roomy, maxValueBytes: limit })).toBe(REFUSALS.valueTooLong(limit))
  })

  it('holds the same bounds with the default limits', () => {
    const { maxItems, maxDepth } = DEFAULT_UPDATE_LIMITS
    const values = (n: number) =>
      updateOf((doc) =>
        doc.getArray('a').insert(
          0,
          Array.from({ length: n }, () => 0),
        ),
      )
    expect(layoutRefusal(values(maxItems))).toBeNull()
    expect(layoutRefusal(values(maxItems + 1))).toBe(REFUSALS.tooManyItems(maxItems))
    const at = (levels: number) => updateOf((doc) => doc.getArray('a').insert(0, [nested(levels)]))
    expect(layoutRefusal(at(maxDepth))).toBeNull()
    expect(layoutRefusal(at(maxDepth + 1))).toBe(REFUSALS.tooDeep(maxDepth))
  })
})
