import { describe, expect, it } from 'vitest'
import {
  dragId,
  dropOutcome,
  effectiveOrder,
  moveByOne,
  moveOnto,
  orderChanged,
  othersHere,
  parseDragId,
  parseDropId,
  positionsFor,
} from './media-order'

describe('what a drop means (catalogue.md §4 Media association)', () => {
  const slide = parseDragId(dragId.slide('L1', 'm1'))!
  const pooled = parseDragId(dragId.pool('m9'))!

  it('attaches a pool photo dropped on a listing or on one of its slides', () => {
    expect(dropOutcome(pooled, parseDropId(dragId.listing('L2')), false)).toEqual({
      kind: 'attach',
      media: 'm9',
      listing: 'L2',
      from: null,
    })
    expect(dropOutcome(pooled, parseDropId(dragId.slide('L2', 'm5')), true)).toMatchObject({
      kind: 'attach',
      listing: 'L2',
    })
  })

  it('moves a slide dropped on another listing there (the attach call detaches it first)', () => {
    expect(dropOutcome(slide, parseDropId(dragId.listing('L2')), false)).toEqual({
      kind: 'attach',
      media: 'm1',
      listing: 'L2',
      from: 'L1',
    })
  })

  it('detaches a slide dropped on the pool; a pool photo dropped on the pool stays', () => {
    expect(dropOutcome(slide, parseDropId(dragId.poolZone), false)).toEqual({
      kind: 'detach',
      media: 'm1',
      listing: 'L1',
    })
    expect(dropOutcome(slide, parseDropId(dragId.pool('m7')), false)).toMatchObject({ kind: 'detach' })
    expect(dropOutcome(pooled, parseDropId(dragId.poolZone), false)).toEqual({ kind: 'none' })
  })

  it('does nothing when a slide is dropped on its own listing, or on nothing', () => {
    expect(dropOutcome(slide, parseDropId(dragId.listing('L1')), false)).toEqual({ kind: 'none' })
    expect(dropOutcome(slide, parseDropId(dragId.listing('L1')), true)).toEqual({ kind: 'none' })
    expect(dropOutcome(slide, parseDropId(dragId.slide('L1', 'm2')), false)).toEqual({ kind: 'none' })
    expect(dropOutcome(slide, null, true)).toEqual({ kind: 'none' })
  })

  it('reorders within the listing only while the order is being edited', () => {
    expect(dropOutcome(slide, parseDropId(dragId.slide('L1', 'm2')), true)).toEqual({
      kind: 'reorder',
      listing: 'L1',
      media: 'm1',
      over: 'm2',
    })
    expect(dropOutcome(slide, parseDropId(dragId.slide('L1', 'm1')), true)).toEqual({ kind: 'none' })
  })

  it('reads no drag or drop from other ids', () => {
    expect(parseDragId('listing:L1')).toBeNull()
    expect(parseDragId('slide:L1')).toBeNull()
    expect(parseDropId('elsewhere')).toBeNull()
  })
})

describe('the order a listing shows', () => {
  it('is the saved order without a shared one', () => {
    expect(effectiveOrder(['a', 'b', 'c'], undefined)).toEqual(['a', 'b', 'c'])
  })

  it('follows the shared order, dropping photos no longer there and keeping a doubled one once', () => {
    expect(effectiveOrder(['a', 'b', 'c'], ['c', 'x', 'a', 'c', 'b'])).toEqual(['c', 'a', 'b'])
  })

  it('puts photos attached since the shared order was made after it, in saved order', () => {
    expect(effectiveOrder(['a', 'b', 'c', 'd'], ['b', 'a'])).toEqual(['b', 'a', 'c', 'd'])
  })

  it('moves one place left or right, and not past either end', () => {
    expect(moveByOne(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c'])
    expect(moveByOne(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b'])
    expect(moveByOne(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c'])
    expect(moveByOne(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c'])
    expect(moveByOne(['a', 'b'], 'z', 1)).toEqual(['a', 'b'])
  })

  it('moves a photo onto another one’s place', () => {
    expect(moveOnto(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd'])
    expect(moveOnto(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c'])
  })

  it('saves positions from 1, never 0 (which means last)', () => {
    expect(positionsFor(['c', 'a', 'b'])).toEqual({ keys: ['c', 'a', 'b'], positions: [1, 2, 3] })
  })

  it('tells a changed order from the saved one', () => {
    expect(orderChanged(['a', 'b'], ['a', 'b'])).toBe(false)
    expect(orderChanged(['a', 'b'], ['b', 'a'])).toBe(true)
  })
})

describe('who else is here', () => {
  it('names the other people once each, not oneself in another tab, sorted', () => {
    const states = new Map<number, { user?: { key?: unknown; name?: unknown } }>([
      [1, { user: { key: 'me', name: 'Me' } }],
      [2, { user: { key: 'me', name: 'Me' } }],
      [3, { user: { key: 'b', name: 'Bea Editor' } }],
      [4, { user: { key: 'b', name: 'Bea Editor' } }],
      [5, { user: { key: 'a', name: 'Ada Owner' } }],
      [6, {}],
    ])
    expect(othersHere(states, { clientId: 1, key: 'me' })).toEqual(['Ada Owner', 'Bea Editor'])
  })
})
