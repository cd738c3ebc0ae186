import { describe, expect, it } from 'vitest'
import { countOf, formatFileSize, formatWhen, formatWhenToMinute } from '#app/platform/format'

describe('formatWhen', () => {
  it('shows DD MMM ha', () => {
    expect(formatWhen('2026-11-02T15:04:00Z', 'UTC')).toBe('02 Nov 3pm')
    expect(formatWhen('2026-01-15T00:30:00Z', 'UTC')).toBe('15 Jan 12am')
    expect(formatWhen('2026-07-31T12:00:00Z', 'UTC')).toBe('31 Jul 12pm')
  })
})

describe('formatFileSize', () => {
  it('uses base 1024 with up to 2 decimals, Bytes to YB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(1000)).toBe('1000 Bytes')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(5 * 1024 ** 2 + 12345)).toBe('5.01 MB')
    expect(formatFileSize(1024 ** 8 * 3)).toBe('3 YB')
    expect(formatFileSize(1024 ** 10)).toBe('1048576 YB')
  })
})

describe('countOf', () => {
  it('names one thing in the singular and other counts in the plural, with thousands grouped', () => {
    expect(countOf(1, 'listing')).toBe('1 listing')
    expect(countOf(0, 'listing')).toBe('0 listings')
    expect(countOf(2_000, 'row')).toBe('2,000 rows')
    expect(countOf(3, 'person', 'people')).toBe('3 people')
  })
})

describe('formatWhenToMinute', () => {
  it('adds the minutes to the guide format, so two uploads of one hour differ', () => {
    expect(formatWhenToMinute('2026-11-27T02:05:00Z', 'UTC')).toBe('27 Nov 2:05am')
    expect(formatWhenToMinute('2026-11-27T02:41:00Z', 'UTC')).toBe('27 Nov 2:41am')
    expect(formatWhenToMinute('2026-11-27T12:00:00Z', 'UTC')).toBe('27 Nov 12:00pm')
  })
})
