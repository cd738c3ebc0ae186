import { describe, expect, it } from 'vitest'
import { removeOutcome } from './listing-removal.server'

const went = (key: string, name: string) => ({ key, name, error: false })
const refused = (key: string, name: string) => ({ key, name, error: true, message: 'This needs editor access.' })
const unknown = (key: string) => ({ key, name: key, error: true, message: 'Listing not found.' })

describe('removeOutcome', () => {
  it('says the spec texts when everything went', () => {
    expect(removeOutcome([went('a', 'Linen Shirt')], true)).toEqual({
      kind: 'success',
      message: 'Product has been deleted successfully.',
    })
    expect(removeOutcome([went('a', 'Linen Shirt'), went('b', 'Wool Coat')]).message).toBe(
      'Products have been deleted successfully.',
    )
  })

  it('names what was not deleted, after how many were, and never shows a bare key', () => {
    expect(
      removeOutcome([went('a', 'Linen Shirt'), went('b', 'Wool Coat'), refused('c', 'Silk Scarf'), unknown('wxnf52')]),
    ).toEqual({
      kind: 'error',
      message: '2 products deleted. Error while deleting; Silk Scarf, 1 product no longer here.',
    })
    expect(removeOutcome([refused('c', 'Silk Scarf')]).message).toBe('Error while deleting; Silk Scarf.')
  })
})
