import { describe, expect, it } from 'vitest'
import { uploadScopeQuery } from './products-list'

describe('uploadScopeQuery', () => {
  it('uploads into the one collection or the one line the list is narrowed to', () => {
    expect(uploadScopeQuery({ lines: [], collections: ['c1'] })).toBe('?collection=c1')
    expect(uploadScopeQuery({ lines: ['l1'], collections: ['c1'] })).toBe('?collection=c1')
    expect(uploadScopeQuery({ lines: ['l1'], collections: [] })).toBe('?line=l1')
  })

  it('uploads to the brand when the list is wider', () => {
    expect(uploadScopeQuery({ lines: [], collections: [] })).toBe('')
    expect(uploadScopeQuery({ lines: ['l1', 'l2'], collections: [] })).toBe('')
    expect(uploadScopeQuery({ lines: [], collections: ['c1', 'c2'] })).toBe('')
  })
})
