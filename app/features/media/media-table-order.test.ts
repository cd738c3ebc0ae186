import { describe, expect, it } from 'vitest'
import { moveItem, positionsAfterMove, tableOrder, type OrderedRow } from './media-table-order'

const row = (key: string, listing: string | null, position: number): OrderedRow => ({
  key,
  name: `${key}.jpg`,
  listing,
  position,
})

describe('the media table order', () => {
  it("fills each listing's rows with its photos in position order, 0 last; pool rows stay", () => {
    // Newest first: a2 (position 2) is newer than a1 (position 1); p is in the pool; a0 has 0.
    const rows = [row('a2', 'A', 2), row('p', null, 0), row('a0', 'A', 0), row('a1', 'A', 1), row('b1', 'B', 1)]
    expect(tableOrder(rows).map((r) => r.key)).toEqual(['a1', 'p', 'a2', 'a0', 'b1'])
  })

  it('gives the listing photos their held positions in the new table order', () => {
    const shown = [row('a1', 'A', 1), row('p', null, 0), row('a2', 'A', 2), row('a3', 'A', 5)]
    const dropped = moveItem(shown, 3, 0)
    expect(dropped.map((r) => r.key)).toEqual(['a3', 'a1', 'p', 'a2'])
    expect(positionsAfterMove(dropped, 'a3')).toEqual({ keys: ['a3', 'a1', 'a2'], positions: [1, 2, 5] })
  })

  it('numbers a last (0) photo after the others', () => {
    const dropped = [row('z', 'A', 0), row('a1', 'A', 1)]
    expect(positionsAfterMove(dropped, 'z')).toEqual({ keys: ['z', 'a1'], positions: [1, 2] })
  })

  it('changes nothing for a pool photo or a move past other listings only', () => {
    const shown = [row('a1', 'A', 1), row('b1', 'B', 1), row('a2', 'A', 2), row('p', null, 0)]
    expect(positionsAfterMove(moveItem(shown, 3, 0), 'p')).toEqual({ keys: [], positions: [] })
    expect(positionsAfterMove(moveItem(shown, 1, 0), 'b1')).toEqual({ keys: [], positions: [] })
  })
})
