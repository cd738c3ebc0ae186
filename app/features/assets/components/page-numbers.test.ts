import { describe, expect, it } from 'vitest'
import { libraryPageNumbers } from './asset-library'

describe('libraryPageNumbers', () => {
  it('shows 1 margin page at each end and 2 range pages, with gaps between', () => {
    expect(libraryPageNumbers(1, 1)).toEqual([1])
    expect(libraryPageNumbers(1, 2)).toEqual([1, 2])
    expect(libraryPageNumbers(1, 10)).toEqual([1, 2, null, 10])
    expect(libraryPageNumbers(5, 10)).toEqual([1, null, 5, 6, null, 10])
    expect(libraryPageNumbers(9, 10)).toEqual([1, null, 9, 10])
    expect(libraryPageNumbers(10, 10)).toEqual([1, null, 9, 10])
    expect(libraryPageNumbers(3, 4)).toEqual([1, null, 3, 4])
    expect(libraryPageNumbers(2, 4)).toEqual([1, 2, 3, 4])
  })
})
