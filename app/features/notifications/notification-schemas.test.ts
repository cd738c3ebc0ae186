import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { SegmentsSchema, isSameOriginPath, segmentView } from './notification-schemas'

describe('isSameOriginPath', () => {
  it.each(['/brand/k/atelier', '/brand/k/notifications?before=abc', '/a#b'])('accepts %s', (url) => {
    expect(isSameOriginPath(url)).toBe(true)
  })
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    'brand/k',
    '',
    `/${'a'.repeat(2048)}`,
  ])('refuses %j', (url) => {
    expect(isSameOriginPath(url)).toBe(false)
  })
})

describe('segmentView', () => {
  it('shows a plain string accented, as the bell always did', () => {
    expect(segmentView('Demo Brand')).toEqual({ text: 'Demo Brand', url: null, accented: true })
  })
  it('keeps a same-origin link and the emphasis of an object', () => {
    expect(segmentView({ text: 'Linen Shirt', url: '/brand/k/atelier', accented: true })).toEqual({
      text: 'Linen Shirt',
      url: '/brand/k/atelier',
      accented: true,
    })
    expect(segmentView({ text: 'in review' })).toEqual({ text: 'in review', url: null, accented: false })
  })
  it('drops any other link, whatever was stored', () => {
    expect(segmentView({ text: 'x', url: 'javascript:alert(1)' }).url).toBeNull()
    expect(segmentView({ text: 'x', url: 'https://evil.example/' }).url).toBeNull()
  })
})

describe('SegmentsSchema', () => {
  it('takes strings and objects, at most 10, each text at most 200 characters', () => {
    expect(z.safeParse(SegmentsSchema, ['a', { text: 'b', url: '/x', accented: false }]).success).toBe(true)
    expect(
      z.safeParse(
        SegmentsSchema,
        Array.from({ length: 11 }, () => 'a'),
      ).success,
    ).toBe(false)
    expect(z.safeParse(SegmentsSchema, ['s'.repeat(201)]).success).toBe(false)
    expect(z.safeParse(SegmentsSchema, [{ text: 'x', url: 'javascript:alert(1)' }]).success).toBe(false)
    expect(z.safeParse(SegmentsSchema, [{ url: '/x' }]).success).toBe(false)
  })
})
