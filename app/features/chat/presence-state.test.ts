import { describe, expect, it } from 'vitest'
import { presenceByAccount, presenceChange, presenceOf } from './presence-state'

describe('presenceOf', () => {
  it('is offline without a tab, online with one in use, idle only when every tab is idle', () => {
    expect(presenceOf([])).toBe('offline')
    expect(presenceOf([{ idle: false }])).toBe('online')
    expect(presenceOf([{ idle: true }])).toBe('idle')
    expect(presenceOf([{ idle: true }, { idle: true }])).toBe('idle')
    expect(presenceOf([{ idle: true }, { idle: false }, { idle: true }])).toBe('online')
  })
})

describe('presenceByAccount', () => {
  it('combines each account’s tabs and leaves out whoever has none', () => {
    const states = presenceByAccount([
      { account: 'ada', idle: true },
      { account: 'bea', idle: true },
      { account: 'ada', idle: false },
      { account: 'bea', idle: true },
    ])
    expect(Object.fromEntries(states)).toEqual({ ada: 'online', bea: 'idle' })
    expect(states.has('cy')).toBe(false)
  })
})

describe('presenceChange', () => {
  it('announces the first tab opened and the last one closed, not those in between', () => {
    expect(presenceChange([], null, false)).toBe('online')
    expect(presenceChange([{ idle: false }], null, false)).toBeNull()
    expect(presenceChange([{ idle: false }], false, null)).toBeNull()
    expect(presenceChange([], false, null)).toBe('offline')
    expect(presenceChange([], true, null)).toBe('offline')
  })

  it('announces idle only when the last tab in use goes idle, and online on input in any tab', () => {
    expect(presenceChange([{ idle: false }], false, true)).toBeNull()
    expect(presenceChange([{ idle: true }], false, true)).toBe('idle')
    expect(presenceChange([{ idle: true }], true, false)).toBe('online')
    // A new tab opened beside idle ones is in use.
    expect(presenceChange([{ idle: true }], null, false)).toBe('online')
    // Closing the only tab in use leaves the idle ones.
    expect(presenceChange([{ idle: true }], false, null)).toBe('idle')
    expect(presenceChange([], true, true)).toBeNull()
  })
})
