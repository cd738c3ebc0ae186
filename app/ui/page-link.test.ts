import { describe, expect, it } from 'vitest'
import { isActivePath } from './page-link'

describe('a page link marks the current page', () => {
  it('as the same path, and with `end` only then', () => {
    expect(isActivePath('/brand/b1', '/brand/b1', true)).toBe(true)
    expect(isActivePath('/brand/b1/', '/brand/b1', true)).toBe(true)
    expect(isActivePath('/brand/b1/lines', '/brand/b1', true)).toBe(false)
  })

  it('as a page below it without `end`, never as a path that only starts alike', () => {
    expect(isActivePath('/brand/b1/lines/l2', '/brand/b1/lines', false)).toBe(true)
    expect(isActivePath('/brand/b1/lines-archive', '/brand/b1/lines', false)).toBe(false)
    expect(isActivePath('/brand/b1/collections', '/brand/b1/lines', false)).toBe(false)
  })

  it('regardless of case, as the router does', () => {
    expect(isActivePath('/Brand/B1/Lines', '/brand/b1/lines', true)).toBe(true)
  })
})
