import { describe, expect, it } from 'vitest'
import {
  filterSearchParams,
  parseFilterQuery,
  parsePageQuery,
  parseViewMode,
  selectionTooLarge,
  MAX_FILTER_KEYS,
  type ListingFilter,
} from './listing-filter'

const none: ListingFilter = {
  lines: [],
  collections: [],
  categories: [],
  styles: [],
  search: '',
  cursor: 0,
  limit: 50,
}

describe('parseFilterQuery (the API)', () => {
  it('defaults to the first 50 of everything', () => {
    expect(parseFilterQuery({})).toEqual({ ok: true, value: none })
  })

  it('reads comma-joined keys, drops empty parts and repeats, and trims the search', () => {
    expect(
      parseFilterQuery({
        lines: 'a1,b2,,a1',
        collections: ' c3 ',
        categories: 'k1,k2',
        styles: 's1',
        search: '  linen   shirt ',
        cursor: '100',
        limit: '25',
      }),
    ).toEqual({
      ok: true,
      value: {
        lines: ['a1', 'b2'],
        collections: ['c3'],
        categories: ['k1', 'k2'],
        styles: ['s1'],
        search: 'linen shirt',
        cursor: 100,
        limit: 25,
      },
    })
  })

  it('names the field at fault', () => {
    const field = (query: Record<string, string>) => {
      const parsed = parseFilterQuery(query)
      return parsed.ok ? null : parsed.field
    }
    expect(field({ cursor: '-1' })).toBe('cursor')
    expect(field({ cursor: '1.5' })).toBe('cursor')
    expect(field({ limit: '0' })).toBe('limit')
    expect(field({ limit: '201' })).toBe('limit')
    expect(field({ limit: '200' })).toBeNull()
    expect(field({ lines: 'a;b' })).toBe('lines')
    expect(field({ categories: 'x'.repeat(65) })).toBe('categories')
    expect(field({ styles: Array.from({ length: 201 }, (_, i) => `s${i}`).join(',') })).toBe('styles')
    expect(field({ search: 'x'.repeat(101) })).toBe('search')
  })

  it('reads repeated parameters from a form as one list', () => {
    const parsed = parseFilterQuery(new URLSearchParams('lines=a&lines=b&categories=c'))
    expect(parsed).toMatchObject({ ok: true, value: { lines: ['a', 'b'], categories: ['c'] } })
  })
})

describe('parsePageQuery (the page)', () => {
  it('turns page and per into cursor and limit', () => {
    expect(parsePageQuery(new URLSearchParams('page=3&per=25'))).toEqual({
      filter: { ...none, cursor: 50, limit: 25 },
      page: 3,
      per: 25,
    })
  })

  it('falls back to defaults for what it cannot read, keeping the rest', () => {
    expect(parsePageQuery(new URLSearchParams('page=zero&per=7&lines=a;b&collections=c1'))).toEqual({
      filter: { ...none, collections: ['c1'] },
      page: 1,
      per: 50,
    })
    expect(parsePageQuery(new URLSearchParams(`search=${'y'.repeat(150)}`)).filter.search).toHaveLength(100)
  })
})

describe('filterSearchParams', () => {
  it('writes only what differs from the defaults, lists comma-joined, and reads back the same', () => {
    const filter = { ...none, lines: ['a', 'b'], search: 'silk' }
    const params = filterSearchParams(filter, { page: 2, per: 100, view: 'card' })
    expect(params.toString()).toBe('search=silk&lines=a%2Cb&view=card&per=100&page=2')
    expect(parsePageQuery(params)).toEqual({ filter: { ...filter, cursor: 100, limit: 100 }, page: 2, per: 100 })
    expect(filterSearchParams(none, { page: 1, per: 50, view: 'table' }).toString()).toBe('')
  })
})

describe('parseViewMode', () => {
  it('knows the three views and defaults to the table', () => {
    expect(parseViewMode('large')).toBe('large')
    expect(parseViewMode('grid')).toBe('table')
    expect(parseViewMode(null)).toBe('table')
  })
})

describe('a selection too large', () => {
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `key${String(i).padStart(6, '0')}`)
  it('is more distinct keys than a page holds, however they are sent', () => {
    expect(selectionTooLarge(new URLSearchParams({ keys: keys(MAX_FILTER_KEYS).join(',') }))).toBe(false)
    expect(selectionTooLarge(new URLSearchParams({ keys: keys(MAX_FILTER_KEYS + 1).join(',') }))).toBe(true)
    // Repeated keys count once; keys may come as many fields.
    const repeated = new URLSearchParams(keys(MAX_FILTER_KEYS).map((key) => ['keys', key]))
    repeated.append('keys', 'key000000, key000001')
    expect(selectionTooLarge(repeated)).toBe(false)
    repeated.append('keys', 'one-more')
    expect(selectionTooLarge(repeated)).toBe(true)
  })
})
